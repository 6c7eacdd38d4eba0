import { Body1, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../components/RouterLink';
import { usePageStyles } from '../components/styles';

/** Any path that is not in the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const styles = usePageStyles();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <Title2 as="h1" id="not-found-title">
        {t('notFound.title')}
      </Title2>
      <Body1 className={styles.muted}>{t('notFound.text')}</Body1>
      <RouterLink to="/">{t('common.backToDashboard')}</RouterLink>
    </section>
  );
}
