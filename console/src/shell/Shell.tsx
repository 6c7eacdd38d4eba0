// The authenticated frame: top bar, side menu, routed view (or the changelog panel), footer. Loaded lazily by
// App so the login page never downloads it.
import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, lazy, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import type { Language } from '../api/types';
import { BlockingOverlay } from '../components/BlockingOverlay';
import type { ChangePasswordResult } from '../components/ChangePasswordDialog';
import { useSession } from '../session/SessionContext';
import { setLoginNotice } from '../session/store';
import { leave } from '../util/leaveGuard';
import { DESKTOP_QUERY, useMediaQuery } from '../util/useMediaQuery';
import { ChangelogPanel } from './ChangelogPanel';
import { Footer } from './Footer';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

// Opened from the settings menu now and then; not part of the first screen.
const ChangePasswordDialog = lazy(() =>
  import('../components/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

const useStyles = makeStyles({
  shell: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  body: {
    display: 'flex',
    flexGrow: 1,
    alignItems: 'stretch',
  },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
  },
  content: {
    flexGrow: 1,
    ':focus': { outlineStyle: 'none' },
  },
  skipLink: {
    position: 'absolute',
    left: '-10000px',
    top: tokens.spacingVerticalS,
    zIndex: 20,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    boxShadow: tokens.shadow8,
    ':focus': { left: tokens.spacingHorizontalS },
  },
});

export default function Shell({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, setLanguage, signOut } = useSession();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // Desktop keeps the menu open until the user folds it; the overlay on small screens starts closed.
  const [desktopMenuOpen, setDesktopMenuOpen] = useState(true);
  const [overlayMenuOpen, setOverlayMenuOpen] = useState(false);
  const [changelogOpen, setChangelogOpen] = useState(false);
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  // Loaded on first use, then kept mounted (see ChangePasswordDialog: it is closed, never removed while open).
  const [changePasswordLoaded, setChangePasswordLoaded] = useState(false);
  const signOutAfterDialog = useRef(false);
  const [blocked, setBlocked] = useState(false);

  if (!session) return null;
  const user = session.user_data;
  const menuOpen = desktop ? desktopMenuOpen : overlayMenuOpen;

  function setMenuOpen(open: boolean) {
    if (desktop) setDesktopMenuOpen(open);
    else setOverlayMenuOpen(open);
  }

  async function changeLanguage(language: Language) {
    setBlocked(true);
    try {
      const res = await api.post('util/change_language', { language });
      if (res.success) setLanguage(language);
    } catch {
      // spec/1 §8: a failed language change only unblocks.
    } finally {
      setBlocked(false);
    }
  }

  function passwordChanged(result: ChangePasswordResult) {
    setChangePasswordOpen(false);
    if (!result.success) return;
    // The server revoked every session of the user with the change: sign in again with the new password,
    // once the dialog has closed (removing the shell under an open dialog leaves the page aria-hidden).
    setLoginNotice(result.message);
    signOutAfterDialog.current = true;
  }

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <TopBar
        user={user}
        menuOpen={menuOpen}
        changelogOpen={changelogOpen}
        onToggleMenu={() => setMenuOpen(!menuOpen)}
        onToggleChangelog={() => setChangelogOpen((open) => !open)}
        onLanguage={(language) => void changeLanguage(language)}
        onChangePassword={() => {
          setChangePasswordLoaded(true);
          setChangePasswordOpen(true);
        }}
        onLogout={() => void navigate('/Logout')}
      />
      <div className={styles.body}>
        <SideMenu
          menus={user.Menus}
          open={menuOpen}
          overlay={!desktop}
          onOpenChange={setMenuOpen}
          onNavigate={(route) => {
            if (!desktop) setOverlayMenuOpen(false);
            // A form with unsaved changes asks before it is left.
            leave(() => {
              setChangelogOpen(false);
              void navigate(route);
            });
          }}
        />
        <div className={styles.main}>
          <main id="main-content" className={styles.content} tabIndex={-1}>
            {changelogOpen ? <ChangelogPanel /> : children}
          </main>
          <Footer />
        </div>
      </div>
      {changePasswordLoaded ? (
        <Suspense fallback={<BlockingOverlay label={t('common.loading')} />}>
          <ChangePasswordDialog
            open={changePasswordOpen}
            onClosed={() => {
              if (signOutAfterDialog.current) signOut();
            }}
            username={user.Username}
            currentPasswordRequired
            changeFirstLogin={false}
            onClose={passwordChanged}
          />
        </Suspense>
      ) : null}
      {blocked ? <BlockingOverlay label={t('common.pleaseWait')} /> : null}
    </div>
  );
}
