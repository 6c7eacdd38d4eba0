// What changed in each version (GET util/changelog). Replaces the routed view while open. A failed load keeps
// the loading state (spec/1 §8): the panel is informational and the user can simply close it.
import { Badge, Body1, Caption1, Spinner, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { ChangelogEntry } from '../api/types';
import { formatDate } from '../util/format';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    maxWidth: '900px',
  },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  entryHeader: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground3,
  },
  loading: {
    padding: tokens.spacingVerticalXXL,
  },
});

export function ChangelogPanel() {
  const { t } = useTranslation();
  const styles = useStyles();
  const changelog = useQuery({
    queryKey: ['changelog'],
    queryFn: () => api.get<ChangelogEntry[]>('util/changelog'),
  });
  const answer = changelog.data;
  const entries = answer?.success && Array.isArray(answer.data) ? answer.data : null;

  return (
    <section className={styles.panel} aria-labelledby="changelog-title">
      <Title3 as="h1" id="changelog-title">
        {t('changelog.title')}
      </Title3>
      {entries === null ? (
        <Spinner className={styles.loading} label={t('common.loading')} />
      ) : entries.length === 0 ? (
        <Body1>{t('changelog.empty')}</Body1>
      ) : (
        entries.map((entry) => (
          <article key={`${entry.Version}-${entry.Version_Date}`} className={styles.entry}>
            <div className={styles.entryHeader}>
              <Badge appearance="tint" size="large">
                {t('changelog.version', { version: entry.Version })}
              </Badge>
              <Caption1>{formatDate(entry.Version_Date)}</Caption1>
            </div>
            <ul className={styles.list}>
              {(entry.Details ?? []).map((detail) => (
                <li key={detail.Id}>
                  <Body1>{detail.Description}</Body1>
                </li>
              ))}
            </ul>
          </article>
        ))
      )}
    </section>
  );
}
