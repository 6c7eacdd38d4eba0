// Top bar (spec/1 Layout, spec/3 §2.4): menu toggle, product label and environment, changelog toggle, and the
// language and settings menus (TopBarMenus, loaded after the first screen; placeholders look the same).
import { Badge, Button, Hamburger, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import {
  History20Regular,
  LocalLanguage20Regular,
  PersonCircle20Regular,
  VehicleTruckProfile20Regular,
} from '@fluentui/react-icons';
import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, UserData } from '../api/types';
import { isLanguage } from '../session/store';
import { PRODUCT_LABEL, useAppInfo } from '../util/appInfo';
import type { TopBarMenuName } from './TopBarMenus';

const loadTopBarMenus = () => import('./TopBarMenus');
const TopBarMenus = lazy(loadTopBarMenus);
const MENU_PRELOAD_DELAY_MS = 1500;

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    height: '48px',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    boxShadow: tokens.shadow4,
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase500,
  },
  spacer: {
    flexGrow: 1,
  },
  user: {
    maxWidth: '180px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '@media (max-width: 599px)': { display: 'none' },
  },
  label: {
    '@media (max-width: 599px)': { display: 'none' },
  },
  // Icon-only on a phone (the texts above are hidden): without a button's minimum width the bar fits.
  button: {
    '@media (max-width: 599px)': {
      minWidth: 0,
      paddingLeft: tokens.spacingHorizontalSNudge,
      paddingRight: tokens.spacingHorizontalSNudge,
    },
  },
});

export interface TopBarProps {
  user: UserData;
  menuOpen: boolean;
  changelogOpen: boolean;
  onToggleMenu: () => void;
  onToggleChangelog: () => void;
  onLanguage: (language: Language) => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

export function TopBar(props: TopBarProps) {
  const {
    user,
    menuOpen,
    changelogOpen,
    onToggleMenu,
    onToggleChangelog,
    onLanguage,
    onChangePassword,
    onLogout,
  } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { version } = useAppInfo();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [openAtStart, setOpenAtStart] = useState<TopBarMenuName | null>(null);
  const [menusWanted, setMenusWanted] = useState(false);

  // Fetch the menus shortly after the first screen is up, or at once when the user reaches for one. The preload
  // is a transition inside an already shown Suspense boundary: the placeholders stay the same elements until the
  // chunk is there (otherwise they are swapped for the fallback's copies, and a click landing during that swap is
  // lost).
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setMenusWanted(true)), MENU_PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Hover or focus only warms the chunk: swapping the button under a pointer that is about to click would lose
  // the click. A click (or Enter) swaps in the real menu, opened.
  function warm() {
    void loadTopBarMenus();
  }
  function open(name: TopBarMenuName) {
    setOpenAtStart(name);
    setMenusWanted(true);
  }

  // Same look as the real triggers, so nothing moves when the menus arrive.
  const placeholders = (
    <>
      <Button
        className={styles.button}
        appearance="subtle"
        icon={<LocalLanguage20Regular />}
        aria-label={t('language.label')}
        aria-haspopup="menu"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => open('language')}
      >
        <Badge appearance="filled" size="small">
          {language.toUpperCase()}
        </Badge>
      </Button>
      <Button
        className={styles.button}
        appearance="subtle"
        icon={<PersonCircle20Regular />}
        aria-label={t('shell.settings')}
        aria-haspopup="menu"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => open('settings')}
      >
        <Text className={styles.user}>{user.Full_Name || user.Username}</Text>
      </Button>
    </>
  );

  return (
    <header className={styles.bar}>
      <Hamburger
        onClick={onToggleMenu}
        aria-expanded={menuOpen}
        aria-label={menuOpen ? t('shell.hideMenu') : t('shell.showMenu')}
        title={menuOpen ? t('shell.hideMenu') : t('shell.showMenu')}
      />
      <span className={styles.brand}>
        <VehicleTruckProfile20Regular aria-hidden />
        {PRODUCT_LABEL}
      </span>
      {version?.environment ? (
        <Badge
          appearance="tint"
          color="informative"
          aria-label={t('shell.environment', { name: version.environment })}
        >
          {version.environment}
        </Badge>
      ) : null}
      <span className={styles.spacer} />

      <ToggleButton
        className={styles.button}
        appearance="subtle"
        checked={changelogOpen}
        icon={<History20Regular />}
        onClick={onToggleChangelog}
        aria-label={t('shell.changelog')}
      >
        <span className={styles.label}>{t('shell.changelog')}</span>
      </ToggleButton>

      <Suspense fallback={placeholders}>
        {menusWanted ? (
          <TopBarMenus
            user={user}
            language={language}
            openAtStart={openAtStart}
            buttonClassName={styles.button}
            userNameClassName={styles.user}
            onLanguage={onLanguage}
            onChangePassword={onChangePassword}
            onLogout={onLogout}
          />
        ) : (
          placeholders
        )}
      </Suspense>
    </header>
  );
}
