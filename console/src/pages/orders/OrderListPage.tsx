// The order list (/Order/Index, spec/1 §2 "Order list screen", §6): the tabs of the master list with their counts
// (staff get the order statuses; transporters and relations ALL and then their answers, WAITING, ACCEPTED, REJECTED,
// AUTO REJECTED, which filter the list's Dispatch_Status rather than its status), the list
// (OrderGrid) and the toolbar. Each button shows by the user's rights on Order and is enabled by the chosen rows'
// flags, which the server computes per row and user (spec/1 §6): View and History need View and one row; Accept and
// Reject need Edit and every chosen row waiting for this transporter's answer (need_transporter_action); Edit
// assign transporter needs Edit and one row that may be given to another transporter (can_assign_transporter, a
// rejected order). Cancel, Mark complete, Unmark complete, Reassign DO and Edit stuffing date need Edit and show
// only for one row whose flag allows them; each opens its panel, and a change the server took reads the list again.
// Edit order needs Edit and one row that may still be edited (can_edit_order) and opens the Edit order panel. The
// actions of later releases (assign driver, view shipments, merge) show only where their flag allows them, and say
// they come in the next release. The actions are listed in orderActions.tsx; on a phone the toolbar keeps View (and
// Accept for a transporter or relation) as buttons and folds the others into its More menu.
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Tab,
  TabList,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMasterList } from '../../api/masterList';
import { usePermission } from '../../api/permission';
import { tableStateKey } from '../../components/grid/gridState';
import { ListToolbar } from '../../components/grid/ListToolbar';
import type { ListFilter } from '../../components/grid/listQuery';
import { useScreenStyles } from '../../components/screenStyles';
import { useSession } from '../../session/SessionContext';
import { useNotify } from '../../shell/notify';
import { formatCount } from '../../util/format';
import { PARTY_ROLES, RELATION_ROLES } from './columns';
import { CancelOrderPanel } from './CancelOrderPanel';
import { CompleteOrderPanel } from './CompleteOrderPanel';
import { EditAssignPanel } from './EditAssignPanel';
import { EditOrderPanel } from './EditOrderPanel';
import { OrderGrid, type OrderGridHandle } from './OrderGrid';
import { OrderHistoryPanel } from './OrderHistoryPanel';
import { OrderViewPanel } from './OrderViewPanel';
import { ReassignDoPanel } from './ReassignDoPanel';
import { StuffingDatePanel } from './StuffingDatePanel';
import { orderActions, type ChangeKind, type OrderPanelKind } from './orderActions';
import { TransporterActionDialog, type TransporterAction } from './TransporterActionDialog';
import type { OrderMasterList, OrderRow } from './types';

const DEFAULT_TAB = 'ALL';

type Panel = { kind: OrderPanelKind; id: number } | null;

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
  notice: {
    width: '480px',
    maxWidth: 'calc(100vw - 32px)',
  },
});

export default function OrderListPage() {
  const { t } = useTranslation();
  const page = useScreenStyles();
  const styles = useStyles();
  const notify = useNotify();
  const { session } = useSession();
  const permission = usePermission('Order', 'Index');
  const grid = useRef<OrderGridHandle>(null);
  const [tab, setTab] = useState(DEFAULT_TAB);
  const [selected, setSelected] = useState<OrderRow[]>([]);
  const [filterCount, setFilterCount] = useState(0);
  const [panel, setPanel] = useState<Panel>(null);
  const [action, setAction] = useState<{ kind: TransporterAction; orders: OrderRow[] }>({
    kind: 'ACCEPTED',
    orders: [],
  });
  const [later, setLater] = useState<string | null>(null);

  // The statuses and tabs come in the interface language, asked again when it changes and after each Refresh or
  // change. Asked once the screen is granted: a refused screen asks for nothing (its calls would only be refused
  // too).
  const { master, reload: reloadMaster } = useMasterList<OrderMasterList>(
    'order/master_list',
    permission !== null,
    notify,
  );

  const user = session?.user_data;
  const role = user?.Role ?? '';
  const party = PARTY_ROLES.includes(role);
  const relation = RELATION_ROLES.includes(role);
  const stateKey = user?.Username ? tableStateKey(user.Username, 'Order') : undefined;
  const statuses = useMemo(() => master?.status ?? [], [master]);
  const tabs = useMemo(() => {
    if (!party) return statuses;
    const all = statuses.find((s) => s.code === DEFAULT_TAB);
    return [
      ...(all ? [all] : []),
      ...(master?.transporter_status ?? []).filter((s) => s.code !== DEFAULT_TAB),
    ];
  }, [party, statuses, master]);
  const tabFilter = useMemo<ListFilter | null>(
    () =>
      party && tab !== DEFAULT_TAB ? { field: 'Dispatch_Status', value: tab, matchMode: 'equals' } : null,
    [party, tab],
  );
  const statusText = useCallback(
    (code: string) => statuses.find((s) => s.code === code)?.text ?? code,
    [statuses],
  );

  const canView = permission?.View === true;
  const canCreate = permission?.Create === true;
  const canEdit = permission?.Edit === true;
  const rights = { View: canView, Create: canCreate, Edit: canEdit };

  function refresh() {
    grid.current?.refresh();
    reloadMaster();
  }

  // After an action the user stays where they were: the same tab, filters, page and chosen rows (those the action
  // moved out of the tab are let go), the counts read again.
  function afterChange() {
    grid.current?.refreshKeepingSelection();
    reloadMaster();
  }

  /** The order a change panel is open for, or null. */
  const changeOf = (kind: ChangeKind) => (panel?.kind === kind ? panel.id : null);

  function afterPanel(changed: boolean) {
    setPanel(null);
    if (changed) afterChange();
  }

  return (
    <section className={page.page} aria-labelledby="order-list-title">
      <div className={page.header}>
        <Title2 as="h1" id="order-list-title">
          {t('orderList.title')}
        </Title2>
      </div>
      {permission === null || master === null ? (
        <div className={page.loading}>
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <>
          {tabs.length ? (
            <TabList
              className={styles.tabs}
              selectedValue={tab}
              aria-label={t('orderList.tabs')}
              onTabSelect={(_, data) => setTab(String(data.value))}
            >
              {tabs.map((item) => (
                <Tab key={item.code} value={item.code}>
                  {item.text}
                  <Badge
                    className={styles.count}
                    size="small"
                    appearance="tint"
                    color={item.code === tab ? 'brand' : 'informative'}
                  >
                    {item.count === null ? '' : formatCount(item.count)}
                  </Badge>
                </Tab>
              ))}
            </TabList>
          ) : null}
          <ListToolbar
            list={grid}
            filterCount={filterCount}
            onRefresh={refresh}
            exportTo={{ path: 'order', fileName: 'Orders' }}
            actions={orderActions({
              t,
              rights,
              party,
              selected,
              open: (kind, id) => setPanel({ kind, id }),
              answer: (kind) => setAction({ kind, orders: selected }),
              later: setLater,
            })}
          >
            <Text className={styles.chosen} aria-live="polite">
              {t('orderList.selectedCount', { count: selected.length })}
            </Text>
          </ListToolbar>
          <OrderGrid
            ref={grid}
            tab={tabFilter ? DEFAULT_TAB : tab}
            tabFilter={tabFilter}
            statuses={statuses}
            shipmentTypes={master.shipment_type ?? []}
            relation={relation}
            party={party}
            stateKey={stateKey}
            ariaLabel={t('orderList.title')}
            onSelectionChange={setSelected}
            onOpen={(row) => {
              if (canView) setPanel({ kind: 'view', id: row.Id });
            }}
            onFilterCountChange={setFilterCount}
            onError={(error) => notify.failure(error, t('common.requestFailed'))}
          />
        </>
      )}
      <OrderViewPanel
        orderId={panel?.kind === 'view' ? panel.id : null}
        statusText={statusText}
        onClose={() => setPanel(null)}
      />
      <OrderHistoryPanel
        orderId={panel?.kind === 'history' ? panel.id : null}
        statusText={statusText}
        onClose={() => setPanel(null)}
      />
      <EditAssignPanel
        orderId={panel?.kind === 'editAssign' ? panel.id : null}
        shipmentTypes={master?.shipment_type ?? []}
        onClose={(saved) => {
          setPanel(null);
          if (saved) afterChange();
        }}
      />
      <EditOrderPanel
        orderId={panel?.kind === 'editOrder' ? panel.id : null}
        onClose={() => setPanel(null)}
        onSaved={() => afterPanel(true)}
      />
      <CancelOrderPanel orderId={changeOf('cancelOrder')} onClose={afterPanel} />
      <CompleteOrderPanel mode="mark" orderId={changeOf('markComplete')} onClose={afterPanel} />
      <CompleteOrderPanel mode="unmark" orderId={changeOf('unmarkComplete')} onClose={afterPanel} />
      <ReassignDoPanel orderId={changeOf('reassignDo')} onClose={afterPanel} />
      <StuffingDatePanel orderId={changeOf('editStuffingDate')} onClose={afterPanel} />
      <TransporterActionDialog
        orders={action.orders}
        action={action.kind}
        onClose={(processed) => {
          setAction((previous) => ({ ...previous, orders: [] }));
          if (processed) afterChange();
        }}
      />
      <Dialog open={later !== null} onOpenChange={(_, data) => !data.open && setLater(null)}>
        <DialogSurface className={styles.notice}>
          <DialogBody>
            <DialogTitle>{later ? t(`orderList.later.${later}`) : ''}</DialogTitle>
            <DialogContent>{t('orderList.comingSoon')}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setLater(null)}>
                {t('common.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
