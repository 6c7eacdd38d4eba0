// "Where is my order?" (issue 16): what the order's workflow (`order:<Order_No>`) says about it now — its step, who
// it waits for (the approval level and that level's approvers, or the transporter), the time left before the
// transporter's answer is due as a countdown that moves every second, and a link to the workflow in the Temporal UI
// for operations staff. When the workflow could not be asked (live false), the block says so and shows the state
// stored in the database instead, which is what the list shows too.
import {
  Badge,
  Button,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwise20Regular, Open16Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Fact, FactList } from './FactList';
import { dataOf } from '../../api/answer';
import { api } from '../../api/client';
import { formatDateTime } from '../../components/grid/cellFormat';
import { formatRemaining, remaining } from './format';
import type { OrderProcess as Process } from './types';

const useStyles = makeStyles({
  block: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  title: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  countdown: {
    fontVariantNumeric: 'tabular-nums',
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** After the deadline passed on screen, the process is read again this much later: the workflow's timer fires
 * within a second of it and writes the auto-reject, so the view then shows REJECTED. */
export const REREAD_AFTER_DEADLINE_MS = 2000;

/**
 * The time left before a deadline, read again every second. `onPassed` is called when the deadline passes while
 * it is watched (not when it had passed already: the stored state would be read again and again).
 */
export function Countdown({ deadline, onPassed }: { deadline: string; onPassed?: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const due = new Date(deadline).getTime();
  const [now, setNow] = useState(() => Date.now());
  const [watched] = useState(() => due > now);
  const left = Number.isNaN(due) ? null : remaining(due, now);
  const passed = left?.passed ?? true;
  useEffect(() => {
    if (passed) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [passed]);
  const passedRef = useRef(onPassed);
  useEffect(() => {
    passedRef.current = onPassed;
  });
  useEffect(() => {
    if (passed && watched) passedRef.current?.();
  }, [passed, watched]);
  if (!left) return null;
  if (left.passed) {
    return (
      <Badge appearance="tint" color="danger" role="timer">
        {t('orderProcess.deadlinePassed')}
      </Badge>
    );
  }
  return (
    <Text className={styles.countdown} role="timer" aria-live="off">
      {t('orderProcess.timeLeft', { time: formatRemaining(left, t('orderProcess.dayUnit')) })}
    </Text>
  );
}

export interface OrderProcessBlockProps {
  orderId: number;
  /** Status code → its text in the interface language (the master list's). */
  statusText?: (code: string) => string;
}

export function OrderProcessBlock({ orderId, statusText }: OrderProcessBlockProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const processQuery = useQuery({
    queryKey: ['order/process', orderId],
    queryFn: () => dataOf(api.get<Process>(`order/process/${orderId}`)),
  });
  const process = processQuery.data ?? null;
  // A refusal says the server's message; a failure the error's (else "The request failed").
  const failed = processQuery.error ? processQuery.error.message || t('common.requestFailed') : null;
  const { refetch } = processQuery;
  const reload = () => void refetch();

  const statusOf = (code: string | null | undefined) => (code ? (statusText?.(code) ?? code) : '-');
  const awaiting = process?.awaiting ?? null;
  // The transporter's answer is due at the deadline the workflow waits for; the stored one when it was not asked.
  const deadline =
    awaiting?.kind === 'transporter'
      ? (awaiting.deadline ?? process?.Auto_Reject_Date ?? null)
      : process?.Dispatch_Status === 'WAITING'
        ? process.Auto_Reject_Date
        : null;

  return (
    <section className={styles.block} aria-label={t('orderProcess.title')}>
      <div className={styles.title}>
        <Subtitle2 as="h3">{t('orderProcess.title')}</Subtitle2>
        <Button
          appearance="subtle"
          icon={<ArrowClockwise20Regular />}
          aria-label={t('orderProcess.refresh')}
          onClick={reload}
        />
      </div>
      {failed ? (
        <MessageBar intent="error">
          <MessageBarBody>{failed}</MessageBarBody>
        </MessageBar>
      ) : !process ? (
        <Spinner size="tiny" label={t('common.loading')} />
      ) : (
        <>
          {!process.live ? (
            <MessageBar intent="warning">
              <MessageBarBody>{t('orderProcess.notReachable')}</MessageBarBody>
            </MessageBar>
          ) : null}
          <FactList>
            <Fact term={t('orderProcess.step')}>{statusOf(process.Status)}</Fact>
            <Fact term={t('order.fields.Dispatch_Status')}>
              {process.Dispatch_Status ? t(`order.dispatchStatuses.${process.Dispatch_Status}`) : '-'}
            </Fact>
            <Fact term={t('orderProcess.awaiting')}>
              {awaiting?.kind === 'approval'
                ? t('orderProcess.awaitingApproval', {
                    level: awaiting.level,
                    approvers: awaiting.approvers.join(', ') || '-',
                  })
                : awaiting?.kind === 'transporter'
                  ? t('orderProcess.awaitingTransporter', {
                      name: awaiting.name ?? awaiting.code,
                      code: awaiting.code,
                    })
                  : t('orderProcess.awaitingNobody')}
            </Fact>
            {deadline ? (
              <Fact term={t('order.fields.Auto_Reject_Date')}>
                {formatDateTime(deadline)}{' '}
                <Countdown
                  key={deadline}
                  deadline={deadline}
                  onPassed={() => setTimeout(reload, REREAD_AFTER_DEADLINE_MS)}
                />
              </Fact>
            ) : null}
          </FactList>
          {process.workflow_url ? (
            <Link href={process.workflow_url} target="_blank" rel="noopener noreferrer">
              {t('orderProcess.openTemporal')} <Open16Regular aria-hidden="true" />
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}
