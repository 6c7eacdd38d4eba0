import { Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { COPYRIGHT_YEAR, PRODUCT_LABEL, useAppInfo } from '../util/appInfo';

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  right: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
  },
});

/** Copyright, privacy policy (blank when its URL could not be read) and the running version (spec/1 Layout). */
export function Footer() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { version, links } = useAppInfo();
  return (
    <footer className={styles.footer}>
      <Caption1>{t('shell.copyright', { year: COPYRIGHT_YEAR, product: PRODUCT_LABEL })}</Caption1>
      <div className={styles.right}>
        {links?.privacy ? (
          <Link href={links.privacy} target="_blank" rel="noreferrer">
            <Caption1>{t('shell.privacyPolicy')}</Caption1>
          </Link>
        ) : null}
        {version?.version ? <Caption1>{t('shell.version', { version: version.version })}</Caption1> : null}
      </div>
    </footer>
  );
}
