// Login (spec/1 Login page, §4 login flow, §5, §8). Flow: check consent → (consent dialog → save consent) → login.
// Login answers: success → session stored, language from user_data.Language, go to "/"; NEED_CONSENT → consent
// dialog; FIRST_LOGIN / CHANGE_PASS → Change Password dialog; CAPTCHA → captcha counter + 1 (the captcha shows from
// the 3rd failure, or at once when the server says captcha_required). Any other failure → error toast; the toasts
// of refused attempts are dismissed on success, so they do not come along onto the dashboard.
import {
  Body1,
  Button,
  Caption1,
  Field,
  Image,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  Title1,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwise20Regular,
  Eye20Regular,
  EyeOff20Regular,
  PhoneArrowRight20Regular,
  VehicleTruckProfile24Filled,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, SessionExpiredError, api, apiHeaders, apiUrl, type ApiResult } from '../../api/client';
import type { Language, LoginData } from '../../api/types';
import type { ChangePasswordResult } from '../../components/ChangePasswordDialog';
import { useSession } from '../../session/SessionContext';
import { captchaCount, setCaptchaCount, takeLoginNotice } from '../../session/store';
import { dismissAllToasts, useNotify } from '../../shell/notify';
import { COPYRIGHT_YEAR, PRODUCT_LABEL, useAppInfo } from '../../util/appInfo';
import { keyed, useMessageText, type Message, serverFieldErrors } from '../../util/message';

// Consent and password dialogs appear on few logins; they are fetched when needed, not with the login page.
const ConsentDialog = lazy(() => import('./ConsentDialog').then((m) => ({ default: m.ConsentDialog })));
const ChangePasswordDialog = lazy(() =>
  import('../../components/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** The captcha is asked from this many failed attempts on (spec/1 §9). */
export const CAPTCHA_THRESHOLD = 3;
export const MOBILE_APP_PATH = 'auth/download_mobile/';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
    backgroundImage: `linear-gradient(160deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground2} 55%)`,
  },
  card: {
    width: '100%',
    maxWidth: '420px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    '@media (max-width: 479px)': { padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}` },
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  logo: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '44px',
    height: '44px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  brandText: {
    display: 'flex',
    flexDirection: 'column',
  },
  title: {
    margin: 0,
  },
  subtitle: {
    color: tokens.colorNeutralForeground3,
  },
  heading: {
    margin: 0,
  },
  captchaBox: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  fullWidth: {
    width: '100%',
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  captchaRow: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  captchaImage: {
    height: '50px',
    minWidth: '150px',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  captchaPlaceholder: {
    height: '50px',
    width: '150px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalM,
  },
  appLink: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  footer: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground3,
  },
  languages: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
  },
});

interface Credentials {
  Username: string;
  Password: string;
  Captcha?: string;
  Captcha_Id?: string;
}

interface CaptchaImage {
  captcha_id: string;
  image: string;
}

interface ChangePasswordRequest {
  changeToken?: string;
  message: string;
}

/** The form's own messages are keys, shown in the language of the moment; the server's come as its text. */
type FieldErrors = Partial<Record<'username' | 'password' | 'captcha', Message>>;

/** 400 answers name the login payload's fields; show their first message under the matching input. */
const SERVER_FIELDS: Record<string, keyof FieldErrors> = {
  Username: 'username',
  Password: 'password',
  Captcha: 'captcha',
};

function flagIsSet(value: string | null | undefined): boolean {
  const flag = (value ?? '').toLowerCase();
  return flag === 'y' || flag === 'true';
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const { signIn, setLanguage } = useSession();
  const { links } = useAppInfo();

  const sessionExpired = flagIsSet(params.sessionExpired) || flagIsSet(search.get('sessionExpired'));

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [revealed, setRevealed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState(captchaCount);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  // Each new captcha is a new round: its image is asked afresh, and the answer typed for the last one is void.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [consentOpen, setConsentOpen] = useState(false);
  const [consentLoaded, setConsentLoaded] = useState(false);
  // The last forced-change request; the dialog stays mounted once loaded and is opened and closed (see
  // ChangePasswordDialog). The same holds for the consent dialog.
  const [changePassword, setChangePassword] = useState<ChangePasswordRequest | null>(null);
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  // A password changed from the settings menu ends the session; the shell leaves the server's message here.
  const [notice, setNotice] = useState<string | null>(takeLoginNotice);

  const captchaActive = failures >= CAPTCHA_THRESHOLD || captchaRequired;

  function renewCaptcha() {
    setCaptcha('');
    setCaptchaRound((round) => round + 1);
  }

  // A captcha image is fetched whenever the captcha is active and none is shown (also after a reload with the
  // counter already at 3 or more).
  const captchaQuery = useQuery({
    queryKey: ['captcha', captchaRound],
    queryFn: () => api.get<CaptchaImage>('auth/captcha', { ignoreUnauthorized: true }),
    enabled: captchaActive,
  });
  const captchaAnswer = captchaActive ? captchaQuery.data : undefined;
  const captchaImage = captchaAnswer?.success && captchaAnswer.data ? captchaAnswer.data : null;
  const captchaFailed =
    captchaActive && (captchaQuery.isError || (captchaAnswer !== undefined && !captchaImage));

  function credentials(): Credentials {
    const body: Credentials = { Username: username.trim(), Password: password };
    if (captchaActive) {
      body.Captcha = captcha.trim();
      body.Captcha_Id = captchaImage?.captcha_id ?? '';
    }
    return body;
  }

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (!username.trim()) found.username = keyed('login.validation.usernameRequired');
    if (!password) found.password = keyed('login.validation.passwordRequired');
    if (captchaActive && !captcha.trim()) found.captcha = keyed('login.validation.captchaRequired');
    return found;
  }

  /** A refused attempt: count captcha answers, renew a used captcha, show the server's reason. */
  function refused(res: ApiResult, fallback: string) {
    let active = captchaActive;
    if (res.message_code === 'CAPTCHA') {
      const next = failures + 1;
      setFailures(next);
      setCaptchaCount(next);
      const required = (res.data as { captcha_required?: boolean } | undefined)?.captcha_required === true;
      if (required) setCaptchaRequired(true);
      active = active || required || next >= CAPTCHA_THRESHOLD;
    }
    // A captcha is good for one attempt: show a fresh image and clear the typed answer.
    if (active) renewCaptcha();
    if (res.errors) {
      const fieldErrors: FieldErrors = {};
      for (const [field, messages] of Object.entries(serverFieldErrors(res))) {
        const name = SERVER_FIELDS[field];
        if (name && messages[0]) fieldErrors[name] = messages[0];
      }
      setErrors(fieldErrors);
    }
    notify.error(res.message || fallback);
  }

  async function login() {
    try {
      const res = await api.post<LoginData & { change_token?: string }>('auth/login', credentials());
      if (res.success && res.data?.token) {
        dismissAllToasts();
        signIn(res.data);
        void navigate('/', { replace: true });
        return;
      }
      switch (res.message_code) {
        case 'NEED_CONSENT':
          setConsentLoaded(true);
          setConsentOpen(true);
          return;
        case 'FIRST_LOGIN':
        case 'CHANGE_PASS':
          setChangePassword({ changeToken: res.data?.change_token, message: res.message });
          setChangePasswordOpen(true);
          return;
        default:
          refused(res, t('login.errors.loginError'));
      }
    } catch (error) {
      if (error instanceof SessionExpiredError) return;
      notify.error(error instanceof ApiError && error.message ? error.message : t('login.errors.loginError'));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      let res: ApiResult;
      try {
        res = await api.post('auth/check_consent', credentials());
      } catch (error) {
        if (!(error instanceof SessionExpiredError)) notify.error(t('login.errors.checkConsentError'));
        return;
      }
      if (!res.success) {
        refused(res, t('login.errors.checkConsentFailed'));
        return;
      }
      if (res.message_code === 'NEED_CONSENT') {
        setConsentLoaded(true);
        setConsentOpen(true);
        return;
      }
      await login();
    } finally {
      setBusy(false);
    }
  }

  async function acceptConsent() {
    setBusy(true);
    try {
      let res: ApiResult;
      try {
        res = await api.post('auth/save_consent', credentials());
      } catch (error) {
        if (!(error instanceof SessionExpiredError)) notify.error(t('login.errors.saveConsentError'));
        return;
      }
      if (!res.success) {
        notify.error(res.message || t('login.errors.saveConsentFailed'));
        return;
      }
      setConsentOpen(false);
      await login();
    } finally {
      setBusy(false);
    }
  }

  function passwordChanged(result: ChangePasswordResult) {
    setChangePasswordOpen(false);
    if (!result.success) return;
    setPassword('');
    setNotice(result.message);
  }

  async function downloadApp(event: MouseEvent<HTMLAnchorElement | HTMLButtonElement>) {
    event.preventDefault();
    try {
      const response = await fetch(apiUrl(MOBILE_APP_PATH), { headers: apiHeaders() });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || type.includes('json')) {
        notify.error(t('login.errors.fileNotFound'));
        return;
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download =
        /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'tms.apk';
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch {
      notify.error(t('login.errors.fileNotFound'));
    }
  }

  const languages: { code: Language; label: string }[] = [
    { code: 'en', label: t('language.en') },
    { code: 'id', label: t('language.id') },
  ];

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-label={t('login.heading')}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden>
            <VehicleTruckProfile24Filled />
          </span>
          <div className={styles.brandText}>
            <Title1 as="h1" className={styles.title}>
              {PRODUCT_LABEL}
            </Title1>
            <Body1 className={styles.subtitle}>{t('app.name')}</Body1>
          </div>
        </div>

        {sessionExpired ? (
          <MessageBar intent="warning" role="status">
            <MessageBarBody>
              <MessageBarTitle>{t('login.sessionExpiredTitle')}</MessageBarTitle>
              {t('login.sessionExpired')}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {notice ? (
          <MessageBar intent="success" role="status">
            <MessageBarBody>
              {notice} {t('login.loginWithNewPassword')}
            </MessageBarBody>
          </MessageBar>
        ) : null}

        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <Subtitle2 as="h2" className={styles.heading}>
            {t('login.heading')}
          </Subtitle2>
          <Field
            label={t('login.username')}
            required
            validationMessage={say(errors.username)}
            validationState={errors.username ? 'error' : 'none'}
          >
            <Input
              name="username"
              autoComplete="username"
              value={username}
              disabled={busy}
              onChange={(_, data) => setUsername(data.value)}
            />
          </Field>
          <Field
            label={t('login.password')}
            required
            validationMessage={say(errors.password)}
            validationState={errors.password ? 'error' : 'none'}
          >
            <Input
              name="password"
              type={revealed ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              disabled={busy}
              onChange={(_, data) => setPassword(data.value)}
              contentAfter={
                <Button
                  appearance="transparent"
                  size="small"
                  aria-label={t('login.showPassword')}
                  title={revealed ? t('login.hidePassword') : t('login.showPassword')}
                  aria-pressed={revealed}
                  icon={revealed ? <EyeOff20Regular /> : <Eye20Regular />}
                  onClick={() => setRevealed((value) => !value)}
                />
              }
            />
          </Field>
          {captchaActive ? (
            <Field
              label={t('login.captcha')}
              required
              hint={t('login.captchaHint')}
              validationMessage={say(errors.captcha)}
              validationState={errors.captcha ? 'error' : 'none'}
            >
              {(fieldProps) => (
                <div className={styles.captchaBox}>
                  <div className={styles.captchaRow}>
                    {captchaImage ? (
                      <Image
                        className={styles.captchaImage}
                        src={captchaImage.image}
                        alt={t('login.captchaImage')}
                      />
                    ) : (
                      <span className={styles.captchaPlaceholder}>
                        {captchaFailed ? (
                          <Caption1>{t('login.captchaUnavailable')}</Caption1>
                        ) : (
                          <Spinner size="tiny" label={t('common.loading')} />
                        )}
                      </span>
                    )}
                    <Button
                      appearance="subtle"
                      aria-label={t('login.refreshCaptcha')}
                      title={t('login.refreshCaptcha')}
                      icon={<ArrowClockwise20Regular />}
                      disabled={busy || (!captchaImage && !captchaFailed)}
                      onClick={renewCaptcha}
                    />
                  </div>
                  <Input
                    {...fieldProps}
                    className={styles.fullWidth}
                    name="captcha"
                    autoComplete="off"
                    value={captcha}
                    disabled={busy}
                    onChange={(_, data) => setCaptcha(data.value)}
                  />
                </div>
              )}
            </Field>
          ) : null}
          <Button
            appearance="primary"
            type="submit"
            size="large"
            disabled={busy}
            icon={busy ? <Spinner size="tiny" appearance="inverted" /> : undefined}
          >
            {busy ? t('login.processing') : t('login.submit')}
          </Button>
          <div className={styles.links}>
            <Link
              href={apiUrl(MOBILE_APP_PATH)}
              className={styles.appLink}
              onClick={(event) => void downloadApp(event)}
            >
              <PhoneArrowRight20Regular aria-hidden />
              {t('login.androidApp')}
            </Link>
            {links?.privacy ? (
              <Link href={links.privacy} target="_blank" rel="noreferrer">
                {t('shell.privacyPolicy')}
              </Link>
            ) : null}
          </div>
        </form>

        <div className={styles.footer}>
          <Caption1>{t('shell.copyright', { year: COPYRIGHT_YEAR, product: PRODUCT_LABEL })}</Caption1>
          <div className={styles.languages} role="group" aria-label={t('language.label')}>
            {languages.map(({ code, label }) => (
              <Button
                key={code}
                size="small"
                appearance={i18n.language === code ? 'secondary' : 'subtle'}
                aria-pressed={i18n.language === code}
                onClick={() => setLanguage(code)}
              >
                {label}
              </Button>
            ))}
          </div>
        </div>
      </section>

      <Suspense fallback={null}>
        {consentLoaded ? (
          <ConsentDialog
            open={consentOpen}
            busy={busy}
            onAccept={() => void acceptConsent()}
            onCancel={() => setConsentOpen(false)}
          />
        ) : null}
        {changePassword ? (
          <ChangePasswordDialog
            open={changePasswordOpen}
            username={username.trim()}
            currentPasswordRequired={false}
            currentPassword={password}
            changeFirstLogin
            changeToken={changePassword.changeToken}
            initialMessage={changePassword.message}
            onClose={passwordChanged}
          />
        ) : null}
      </Suspense>
    </main>
  );
}
