// The Approval screen (/Approval/Index, spec/3 §2.3 and §5): what waits for the signed-in user at its current
// approval level, by transaction type (tabs with counts, ALL first), chosen with checkboxes and approved or rejected
// together after the confirmation. The server answers each document's result; the failed ones stay listed here
// with their reason, and the list and the counts are read again. Approve and Reject need the Edit right on
// Approval; who may decide which document is the server's (the approval workflows) rule. Orders waiting for
// approval of their transporter assignment (Transaction_Type ORDER) show beside SAP orders with their summary, the
// transporter and the freight cost asked for, why approval is asked (criterion), the reason given and the suggested
// cost; an edit of an order says it is one and shows its figures after the edit with what changes, before → after.
// Quantities are in KG through MaterialConversion, and unit by unit beside; View Order (or a double click on the row) opens the order's view,
// with where the order is in its process, so the approver sees what they decide on. The document number opens the
// document itself, read-only: a SAP order in the SAP order editor's view mode (a page of its own, whose Back returns
// here), an order in the same view panel, in place, so the list keeps its tab, filters and page.
import {
  Button,
  CounterBadge,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Tab,
  TabList,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  Checkmark20Regular,
  Dismiss20Regular,
  DismissCircle20Regular,
  Eye20Regular,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { usePermission } from '../../api/permission';
import type { CellLink, GridColumn } from '../../components/grid/columns';
import { DataGrid, type DataGridHandle, type Row } from '../../components/grid/DataGrid';
import { tableStateKey } from '../../components/grid/gridState';
import { ListToolbar } from '../../components/grid/ListToolbar';
import { useScreenStyles } from '../../components/screenStyles';
import { useSession } from '../../session/SessionContext';
import { useNotify } from '../../shell/notify';
import { formatCount } from '../../util/format';
import { serverFieldErrors, useMessageText, type Message } from '../../util/message';
import { OrderViewPanel } from '../orders/OrderViewPanel';
import { DecisionDialog, type Decision } from './DecisionDialog';

/** spec/3 §4.1 transaction types, with SAP orders (api/approvals/list.ts TRANSACTION_TYPES). */
export const TRANSACTION_TYPES = [
  'SAP_ORDER',
  'ORDER',
  'SHIPMENT',
  'APPOINTMENT',
  'STO',
  'SPO',
  'SPO ADJUSTMENT',
  'IPB',
] as const;

/** What an order row asks approval for (api/approvals/list.ts Request_Kind). */
const REQUEST_KINDS = ['ASSIGN', 'EDIT'] as const;
/** Why approval is asked (DESIGN §4 "Freight criteria"). */
const CRITERIA = ['HIGHER', 'LOWER', 'DIFFERENT_NOT', 'EXCEED'] as const;

interface TabStatus {
  code: string;
  text: string;
  count: number;
}

/** One document's result as POST /api/approval/approve or /reject answers it. */
export interface DecisionResult {
  Id: number;
  Document_No: string | null;
  success: boolean;
  message: string;
  message_code: string;
}

interface DecisionAnswer {
  results: DecisionResult[];
  succeeded: number;
  failed: number;
}

const ALL = 'ALL';

/** The server answered, and refused: its message is what the user reads. */
class RefusedAnswer extends Error {}

/** The document an approval of the given kind is about (approvals.document_id is its Id); null for other kinds. */
function documentIdOf(row: Row | undefined, type: 'ORDER' | 'SAP_ORDER'): number | null {
  if (row?.Transaction_Type !== type) return null;
  const id = Number(row.Document_Id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The order an ORDER approval is about; null for other kinds. */
function orderIdOf(row: Row | undefined): number | null {
  return documentIdOf(row, 'ORDER');
}

const useStyles = makeStyles({
  tabs: {
    overflowX: 'auto',
    minWidth: 0,
  },
  count: {
    marginLeft: tokens.spacingHorizontalXS,
  },
  chosen: {
    color: tokens.colorNeutralForeground2,
  },
  failures: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
  },
  empty: {
    color: tokens.colorNeutralForeground2,
  },
});

function useApprovalColumns(documentLink: (row: Row) => CellLink | null): GridColumn[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        field: 'Transaction_Type',
        header: t('approval.columns.Transaction_Type'),
        kind: 'text',
        filter: 'equals',
        options: TRANSACTION_TYPES.map((code) => ({
          value: code,
          text: t(`approval.transactionTypes.${code}`),
        })),
        width: 150,
      },
      {
        // An order's transporter assignment, or an edit of an accepted order (whose figures are after the edit).
        field: 'Request_Kind',
        header: t('approval.columns.Request_Kind'),
        kind: 'text',
        filter: 'equals',
        options: REQUEST_KINDS.map((code) => ({ value: code, text: t(`approval.requestKinds.${code}`) })),
        width: 130,
      },
      {
        field: 'Document_No',
        header: t('approval.columns.Document_No'),
        kind: 'text',
        filter: 'contains',
        link: documentLink,
      },
      {
        field: 'Company_Code',
        header: t('approval.columns.Company_Code'),
        kind: 'text',
        filter: 'contains',
        width: 120,
      },
      {
        field: 'Order_Type',
        header: t('approval.columns.Order_Type'),
        kind: 'text',
        filter: 'contains',
        width: 130,
      },
      { field: 'Document_Date', header: t('approval.columns.Document_Date'), kind: 'date', filter: 'date' },
      {
        field: 'Customer_Vendor_Name',
        header: t('approval.columns.Customer_Vendor'),
        kind: 'text',
        filter: 'contains',
      },
      { field: 'Plant', header: t('approval.columns.Plant'), kind: 'text', filter: 'contains', width: 110 },
      {
        // In KG through MaterialConversion (empty where a line has no conversion); beside it unit by unit.
        field: 'Qty_Total',
        header: t('approval.columns.Qty_Total'),
        kind: 'decimal',
        scale: 3,
        filter: false,
      },
      {
        field: 'Qty_By_UOM',
        header: t('approval.columns.Qty_By_UOM'),
        kind: 'text',
        sortable: false,
        filter: false,
        width: 160,
      },
      { field: 'Summary', header: t('approval.columns.Summary'), kind: 'text', filter: 'contains' },
      {
        field: 'Transporter_Name',
        header: t('approval.columns.Transporter_Name'),
        kind: 'text',
        filter: 'contains',
      },
      {
        field: 'Freight_Total_Cost',
        header: t('approval.columns.Freight_Total_Cost'),
        kind: 'decimal',
        scale: 2,
        filter: false,
      },
      {
        field: 'Freight_Cost',
        header: t('approval.columns.Freight_Cost'),
        kind: 'decimal',
        scale: 2,
        filter: false,
        width: 130,
      },
      {
        field: 'Freight_Suggested',
        header: t('approval.columns.Freight_Suggested'),
        kind: 'decimal',
        scale: 2,
        filter: false,
        width: 130,
      },
      {
        field: 'Freight_Criteria',
        header: t('approval.columns.Freight_Criteria'),
        kind: 'text',
        filter: 'equals',
        options: CRITERIA.map((code) => ({ value: code, text: t(`approval.criteria.${code}`) })),
      },
      {
        field: 'Assign_Reason',
        header: t('approval.columns.Assign_Reason'),
        kind: 'text',
        sortable: false,
        filter: false,
      },
      {
        field: 'Changes',
        header: t('approval.columns.Changes'),
        kind: 'text',
        sortable: false,
        filter: false,
        width: 360,
      },
      { field: 'Level', header: t('approval.columns.Level'), kind: 'integer', filter: 'equals', width: 100 },
      { field: 'Requested_By', header: t('approval.columns.Requested_By'), kind: 'text', filter: 'contains' },
      {
        field: 'Requested_Date',
        header: t('approval.columns.Requested_Date'),
        kind: 'datetime',
        filter: 'date',
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels change with the language only
    [t, i18n.language, documentLink],
  );
}

export default function ApprovalPage() {
  const { t, i18n } = useTranslation();
  const page = useScreenStyles();
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { session } = useSession();
  const permission = usePermission('Approval', 'Index');
  const grid = useRef<DataGridHandle>(null);
  const [tab, setTab] = useState(ALL);
  const [selected, setSelected] = useState<Row[]>([]);
  const [filterCount, setFilterCount] = useState(0);
  // The dialog keeps the last decision while it closes, so its title does not change on the way out.
  const [decision, setDecision] = useState<Decision>('approve');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<Message | undefined>();
  const say = useMessageText();
  const [failures, setFailures] = useState<DecisionResult[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);

  // The document a row's number opens, read-only (other kinds have no screen yet, and their number stays text).
  const documentLink = useCallback(
    (row: Row): CellLink | null => {
      const orderId = orderIdOf(row);
      if (orderId !== null) return { open: () => setViewing(orderId) };
      const sapOrderId = documentIdOf(row, 'SAP_ORDER');
      if (sapOrderId === null) return null;
      const href = `/SAPOrder/Editor?mode=view&id=${sapOrderId}`;
      return { href, open: () => void navigate(href, { state: { from: pathname } }) };
    },
    [navigate, pathname],
  );
  const columns = useApprovalColumns(documentLink);

  // The tab texts come in the interface language: asked again when it changes, and on Refresh and after a
  // decision. Asked once the screen is granted: a refused screen asks for nothing (its calls would only be refused
  // too). A refusal is thrown, so the tabs last answered stay.
  const granted = permission !== null;
  const master = useQuery({
    queryKey: ['approval-tabs', i18n.language],
    queryFn: async () => {
      const res = await api.get<{ tab_status?: TabStatus[] }>('approval/master_list');
      if (!res.success) throw new RefusedAnswer(res.message);
      return res.data?.tab_status ?? [];
    },
    enabled: granted,
  });
  // The tabs on screen: the last ones answered (in the previous language while the new one is asked, and after a
  // failed request); none (an empty bar) when no answer ever came.
  const [answeredTabs, setAnsweredTabs] = useState<TabStatus[] | null>(null);
  if (master.data && master.data !== answeredTabs) setAnsweredTabs(master.data);
  const tabs = answeredTabs ?? (master.isError ? [] : null);

  // Heard once per failure.
  const tabsFailure = master.error;
  useEffect(() => {
    if (tabsFailure instanceof RefusedAnswer) notify.error(tabsFailure.message || t('common.requestFailed'));
    else if (tabsFailure) notify.failure(tabsFailure, t('common.requestFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new failure only
  }, [tabsFailure]);

  const username = session?.user_data.Username;
  const stateKey = username ? tableStateKey(username, 'Approval') : undefined;
  const canEdit = permission?.Edit === true;
  // ALL, and the transaction types that have something waiting (or are the chosen tab).
  const shownTabs = (tabs ?? []).filter((item) => item.code === ALL || item.count > 0 || item.code === tab);
  const waiting = tabs?.find((item) => item.code === tab)?.count;
  const extra = useCallback(() => ({ tab_status: tab }), [tab]);
  const chosenOrder = selected.length === 1 ? orderIdOf(selected[0]) : null;

  function refresh() {
    setSelected([]);
    grid.current?.refresh();
    void master.refetch();
  }

  function openDialog(next: Decision) {
    setServerError(undefined);
    setDecision(next);
    setDialogOpen(true);
  }

  async function decide(remark: string) {
    if (!selected.length) return;
    setBusy(true);
    setServerError(undefined);
    try {
      const res = await api.post<DecisionAnswer>(`approval/${decision}`, {
        ids: selected.map((row) => Number(row.Id)),
        remark: remark || null,
      });
      const results = res.data?.results;
      if (!results) {
        // Refused as a whole (validation, rights): nothing was decided; the dialog stays open to correct it.
        setServerError(serverFieldErrors(res).remark?.[0] ?? res.message);
        return;
      }
      const failed = results.filter((r) => !r.success);
      setFailures(failed);
      if (failed.length === 0) notify.success(res.message, t('common.success'));
      else notify.error(res.message);
      setDialogOpen(false);
      refresh();
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={page.page} aria-labelledby="approval-title">
      <div className={page.header}>
        <Title2 as="h1" id="approval-title">
          {t('routes.Approval.Index')}
        </Title2>
      </div>
      {permission === null || tabs === null ? (
        <div className={page.loading}>
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <>
          <TabList
            className={styles.tabs}
            selectedValue={tab}
            aria-label={t('approval.tabs')}
            onTabSelect={(_, data) => {
              setSelected([]);
              setTab(String(data.value));
            }}
          >
            {shownTabs.map((item) => (
              <Tab key={item.code} value={item.code}>
                {item.text}
                <CounterBadge
                  className={styles.count}
                  count={item.count}
                  overflowCount={Number.MAX_SAFE_INTEGER}
                  showZero
                  size="small"
                  appearance="ghost"
                  color={item.code === tab ? 'brand' : 'informative'}
                  aria-label={formatCount(item.count)}
                />
              </Tab>
            ))}
          </TabList>
          <ListToolbar list={grid} filterCount={filterCount} onRefresh={refresh}>
            {canEdit ? (
              <>
                <Button
                  appearance="primary"
                  icon={<Checkmark20Regular />}
                  disabled={!selected.length}
                  onClick={() => openDialog('approve')}
                >
                  {t('approval.approve')}
                </Button>
                <Button
                  icon={<DismissCircle20Regular />}
                  disabled={!selected.length}
                  onClick={() => openDialog('reject')}
                >
                  {t('approval.reject')}
                </Button>
              </>
            ) : null}
            <Button
              icon={<Eye20Regular />}
              disabled={chosenOrder === null}
              onClick={() => setViewing(chosenOrder)}
            >
              {t('approval.viewOrder')}
            </Button>
            <Text className={styles.chosen} aria-live="polite">
              {t('approval.selectedCount', { count: selected.length })}
            </Text>
          </ListToolbar>
          {failures.length ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>{t('approval.failuresTitle', { count: failures.length })}</MessageBarTitle>
                <ul className={styles.failures}>
                  {failures.map((failure) => (
                    <li key={failure.Id}>{failure.message}</li>
                  ))}
                </ul>
              </MessageBarBody>
              <MessageBarActions
                containerAction={
                  <Button
                    appearance="transparent"
                    aria-label={t('common.close')}
                    icon={<Dismiss20Regular />}
                    onClick={() => setFailures([])}
                  />
                }
              />
            </MessageBar>
          ) : null}
          {waiting === 0 && filterCount === 0 ? (
            <Text role="status" className={styles.empty}>
              {t('approval.empty')}
            </Text>
          ) : null}
          <DataGrid
            // A new grid per tab: its first page is asked for that tab, from the first page.
            key={tab}
            ref={grid}
            path="approval"
            columns={columns}
            stateKey={stateKey}
            ariaLabel={t('routes.Approval.Index')}
            selection="multiple"
            extra={extra}
            onSelectedRowsChange={setSelected}
            onRowDoubleClick={(row) => {
              const id = orderIdOf(row);
              if (id !== null) setViewing(id);
            }}
            onFilterCountChange={setFilterCount}
            onError={(error) => notify.failure(error, t('common.requestFailed'))}
          />
        </>
      )}
      <OrderViewPanel orderId={viewing} onClose={() => setViewing(null)} />
      <DecisionDialog
        open={dialogOpen}
        decision={decision}
        documents={selected.map((row) => String(row.Document_No ?? row.Id))}
        busy={busy}
        serverError={say(serverError)}
        onConfirm={(remark) => void decide(remark)}
        onCancel={() => setDialogOpen(false)}
      />
    </section>
  );
}
