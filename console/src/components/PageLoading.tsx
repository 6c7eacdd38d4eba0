import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { usePageStyles } from './styles';

/** Fallback while a lazily loaded screen arrives. */
export function PageLoading() {
  const { t } = useTranslation();
  const styles = usePageStyles();
  return (
    <div className={styles.loading}>
      <Spinner label={t('common.loading')} />
    </div>
  );
}
