// Placeholder for routes whose screen is not built yet: the route's title, a short explanation and a way back.
import { Body1, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../components/RouterLink';
import { usePageStyles } from '../components/styles';

export function NotAvailablePage({ title }: { title: string }) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  return (
    <section className={styles.page} aria-labelledby="not-available-title">
      <Title2 as="h1" id="not-available-title">
        {title}
      </Title2>
      <Body1>{t('notAvailable.title')}</Body1>
      <Body1 className={styles.muted}>{t('notAvailable.text')}</Body1>
      <RouterLink to="/">{t('common.backToDashboard')}</RouterLink>
    </section>
  );
}
