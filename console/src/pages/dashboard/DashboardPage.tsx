// Home (spec/1 Home): the important notice for everyone; for internal users (Role USER or admin) the counts and
// the chart. Total SAP Orders and Orders are for admins and internal users outside the warehouse department;
// Shipments for all internal users. Transporters, relations and drivers get a welcome text instead.
// Load failures are only logged (spec/1 §8).
import {
  Body1,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Subtitle1,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  Cart20Regular,
  DocumentBulletList20Regular,
  VehicleTruckProfile20Regular,
} from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionExpiredError, api } from '../../api/client';
import type { UserData } from '../../api/types';
import { useSession } from '../../session/SessionContext';
import { formatCount } from '../../util/format';
import type { CompletedDay } from './CompletedChart';

// nivo is heavy; it is fetched only when an internal user's dashboard needs the chart.
const CompletedChart = lazy(() => import('./CompletedChart'));

export interface StatusCount {
  sap_order_total: number;
  sap_order_waiting_approval: number;
  sap_order_approved: number;
  order_total: number;
  order_waiting_approval: number;
  order_assigned: number;
  order_cancelled: number;
  order_rejected: number;
  order_completed: number;
  shipment_total: number;
  shipment_new: number;
  shipment_appointment: number;
  shipment_regis_in: number;
  shipment_regis_out: number;
  shipment_completed: number;
}

/** Who sees what on the dashboard (spec/1 Home, spec/3 §6: admin passes every role check). */
export function dashboardAccess(user: UserData) {
  const internal = user.Is_Admin || user.Role === 'USER';
  const warehouse = (user.Department ?? '').toUpperCase() === 'WAREHOUSE';
  return {
    internal,
    orders: user.Is_Admin || (user.Role === 'USER' && !warehouse),
    shipments: internal,
  };
}

/** Dashboard load failures are only logged (spec/1 §8); an expired session is already being handled. */
function logFailure(what: string, reason: unknown) {
  if (reason instanceof SessionExpiredError) return;
  console.warn(`dashboard: ${what} not loaded`, reason);
}

/** A dashboard figure, or null when it could not be loaded (logged). */
async function loadData<T>(path: string, what: string): Promise<T | null> {
  try {
    const res = await api.get<T>(path);
    if (res.success && res.data) return res.data;
    logFailure(what, res.message);
  } catch (error) {
    logFailure(what, error);
  }
  return null;
}

/** The important notice as harmless HTML ('' for none). */
async function loadNotice(): Promise<string> {
  const res = await api.get<string>('util/important_notice');
  const html = res.success && typeof res.data === 'string' ? res.data.trim() : '';
  if (!html) return '';
  // The notice is server HTML: sanitised before it reaches the page (DESIGN.md §5). The sanitiser is loaded only
  // when there is a notice to show.
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html).trim();
}

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalM },
  },
  notice: {
    '& p': { margin: 0 },
  },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    alignItems: 'stretch',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  cardHeader: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  total: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  stats: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    rowGap: tokens.spacingVerticalXS,
    columnGap: tokens.spacingHorizontalM,
    margin: 0,
  },
  statRow: {
    display: 'contents',
  },
  statLabel: {
    color: tokens.colorNeutralForeground3,
  },
  statValue: {
    margin: 0,
    textAlign: 'right',
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  chartCard: {
    minHeight: '340px',
  },
  chartBox: {
    height: '300px',
  },
  empty: {
    height: '300px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
  },
  welcome: {
    maxWidth: '720px',
  },
});

function CountCard(props: {
  title: string;
  icon: ReactNode;
  total: number | undefined;
  stats: { label: string; value: number | undefined }[];
  loading: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-label={props.title}>
      <div className={styles.cardHeader}>
        <span className={styles.icon}>{props.icon}</span>
        <Subtitle1 as="h2">{props.title}</Subtitle1>
      </div>
      {props.loading ? (
        <Skeleton aria-label={t('common.loading')}>
          <SkeletonItem size={40} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
        </Skeleton>
      ) : (
        <>
          <Text className={styles.total}>{formatCount(props.total)}</Text>
          {props.stats.length ? (
            <dl className={styles.stats}>
              {props.stats.map((stat) => (
                <div key={stat.label} className={styles.statRow}>
                  <dt className={styles.statLabel}>{stat.label}</dt>
                  <dd className={styles.statValue}>{formatCount(stat.value)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </>
      )}
    </section>
  );
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  // The notice is kept per language (api/shell/routes.ts): read again when the language changes.
  const language = i18n.language;
  const styles = useStyles();
  const { session } = useSession();
  const user = session?.user_data;
  const access = user ? dashboardAccess(user) : { internal: false, orders: false, shipments: false };
  const notice =
    useQuery({
      queryKey: ['important-notice', language],
      queryFn: () =>
        loadNotice().catch((error: unknown) => {
          logFailure('important notice', error);
          return '';
        }),
      // The notice of the language before stays until the new one has come.
      placeholderData: keepPreviousData,
    }).data ?? '';
  const countsQuery = useQuery({
    queryKey: ['dashboard', 'status_count'],
    queryFn: () => loadData<StatusCount>('dashboard/status_count', 'counts'),
    enabled: access.internal,
  });
  const completedQuery = useQuery({
    queryKey: ['dashboard', 'completed'],
    queryFn: () => loadData<CompletedDay[]>('dashboard/completed', 'completed orders'),
    enabled: access.internal,
  });
  const counts = countsQuery.data ?? null;
  const countsLoading = access.internal && countsQuery.isPending;
  const completed = Array.isArray(completedQuery.data) ? completedQuery.data : null;
  const completedLoading = access.internal && completedQuery.isPending;

  if (!user) return null;
  const chartEmpty = !completed || completed.every((day) => !day.total);

  return (
    <div className={styles.page}>
      {notice ? (
        <MessageBar intent="warning" layout="multiline" aria-label={t('dashboard.importantNotice')}>
          <MessageBarBody className={styles.notice}>
            <div data-testid="important-notice" dangerouslySetInnerHTML={{ __html: notice }} />
          </MessageBarBody>
        </MessageBar>
      ) : null}

      <Title2 as="h1">{t('dashboard.greeting', { name: user.Full_Name || user.Username })}</Title2>

      {!access.internal ? (
        <Body1 className={styles.welcome}>{t('dashboard.welcome')}</Body1>
      ) : (
        <>
          <div className={styles.grid}>
            {access.orders ? (
              <CountCard
                title={t('dashboard.cards.sapOrders')}
                icon={<Cart20Regular />}
                loading={countsLoading}
                total={counts?.sap_order_total}
                stats={[
                  { label: t('dashboard.stats.waitingApproval'), value: counts?.sap_order_waiting_approval },
                  { label: t('dashboard.stats.approved'), value: counts?.sap_order_approved },
                ]}
              />
            ) : null}
            {access.orders ? (
              <CountCard
                title={t('dashboard.cards.orders')}
                icon={<DocumentBulletList20Regular />}
                loading={countsLoading}
                total={counts?.order_total}
                stats={[
                  { label: t('dashboard.stats.waitingApproval'), value: counts?.order_waiting_approval },
                  { label: t('dashboard.stats.assignedToTransporter'), value: counts?.order_assigned },
                  { label: t('dashboard.stats.completed'), value: counts?.order_completed },
                ]}
              />
            ) : null}
            {access.shipments ? (
              <CountCard
                title={t('dashboard.cards.shipments')}
                icon={<VehicleTruckProfile20Regular />}
                loading={countsLoading}
                total={counts?.shipment_total}
                stats={[
                  { label: t('dashboard.stats.new'), value: counts?.shipment_new },
                  { label: t('dashboard.stats.appointmentCreated'), value: counts?.shipment_appointment },
                  { label: t('dashboard.stats.registrationIn'), value: counts?.shipment_regis_in },
                  { label: t('dashboard.stats.registrationOut'), value: counts?.shipment_regis_out },
                  { label: t('dashboard.stats.completed'), value: counts?.shipment_completed },
                ]}
              />
            ) : null}
          </div>

          <section className={`${styles.card} ${styles.chartCard}`} aria-label={t('dashboard.chart.title')}>
            <Subtitle1 as="h2">{t('dashboard.chart.title')}</Subtitle1>
            {completedLoading ? (
              <Skeleton aria-label={t('common.loading')}>
                <SkeletonItem shape="rectangle" className={styles.chartBox} />
              </Skeleton>
            ) : chartEmpty ? (
              <div className={styles.empty}>
                <Body1>{t('dashboard.chart.empty')}</Body1>
              </div>
            ) : (
              <div className={styles.chartBox}>
                <Suspense
                  fallback={
                    <Skeleton aria-label={t('common.loading')}>
                      <SkeletonItem shape="rectangle" className={styles.chartBox} />
                    </Skeleton>
                  }
                >
                  <CompletedChart data={completed ?? []} />
                </Suspense>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
