// The SAP order list (/SAPOrder/Index, spec/2 §2.4): the tabs of the master list with their counts (ALL first),
// the list itself (SapOrderGrid) and the buttons, each shown by the user's rights on SAPOrder and enabled by the
// chosen row's flags (spec/2 §6): Filter from SAP and Create need Create; View needs View; Edit needs Edit and the
// row's can_edit; assigning needs Edit and can_assign_transporter (Assign Customer/Vendor for relation orders,
// where the customer or vendor moves the goods itself, Assign Transporter otherwise); View Orders needs View and
// can_view_orders (which the server gives only to rows that have orders). Assign Transporter takes every chosen
// row (Ctrl or Shift adds rows; all must be assignable) into one panel (assign/AssignPanel.tsx); a relation order
// is assigned alone. View Orders opens the orders of the chosen row (orders/ViewOrdersPanel.tsx).
import { Badge, Button, Spinner, Tab, TabList, Title2, makeStyles, tokens } from '@fluentui/react-components';
import {
  Add20Regular,
  CloudArrowDown20Regular,
  Edit20Regular,
  Eye20Regular,
  PeopleTeam20Regular,
  VehicleTruckProfile20Regular,
  DocumentBulletList20Regular,
} from '@fluentui/react-icons';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMasterList } from '../../../api/masterList';
import { usePermission } from '../../../api/permission';
import { tableStateKey } from '../../../components/grid/gridState';
import { ListToolbar } from '../../../components/grid/ListToolbar';
import { useScreenStyles } from '../../../components/screenStyles';
import { useSession } from '../../../session/SessionContext';
import { useNotify } from '../../../shell/notify';
import { formatCount } from '../../../util/format';
import { AssignPanel } from '../../orders/assign';
import { ViewOrdersPanel } from '../orders/ViewOrdersPanel';
import type { Row } from '../../../components/grid/expandableRows';
import { SapOrderGrid, type SapOrderGridHandle } from './SapOrderGrid';

interface TabStatus {
  code: string;
  text: string;
  count: number;
}

interface MasterList {
  status?: { code: string; text: string }[];
  tab_status?: TabStatus[];
}

type Pending = 'assignTransporter' | 'assignCustomerVendor' | 'viewOrders';

const DEFAULT_TAB = 'ALL';

const useStyles = makeStyles({
  tabs: {
    // Five tabs with counts are wider than a phone; they scroll sideways rather than wrap.
    overflowX: 'auto',
    minWidth: 0,
  },
  count: {
    marginLeft: tokens.spacingHorizontalXS,
  },
});

export default function SapOrderListPage() {
  const { t } = useTranslation();
  const page = useScreenStyles();
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { session } = useSession();
  const permission = usePermission('SAPOrder', 'Index');
  const grid = useRef<SapOrderGridHandle>(null);
  const [tab, setTab] = useState(DEFAULT_TAB);
  const [selected, setSelected] = useState<Row | null>(null);
  const [chosen, setChosen] = useState<Row[]>([]);
  const [filterCount, setFilterCount] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);

  // The tab texts and statuses come in the interface language: asked again when it changes, and with each
  // Refresh (the counts move as orders come and go). Asked once the screen is granted: a refused screen asks for
  // nothing (its calls would only be refused too).
  const { master, reload: reloadMaster } = useMasterList<MasterList>(
    'saporder/master_list',
    permission !== null,
    notify,
  );

  const username = session?.user_data.Username;
  const stateKey = username ? tableStateKey(username, 'SAPOrder') : undefined;
  const tabs = master?.tab_status?.length ? master.tab_status : null;

  const canView = permission?.View === true;
  const canCreate = permission?.Create === true;
  const canEdit = permission?.Edit === true;
  const relation = selected?.is_relation === true;
  // Several rows go into one panel only when each may be assigned; a relation order is assigned on its own.
  const assignable =
    chosen.length > 0 &&
    chosen.every((row) => row.can_assign_transporter === true) &&
    (relation ? chosen.length === 1 : chosen.every((row) => row.is_relation !== true));
  const closePanel = useCallback(() => setPending(null), []);

  function openEditor(mode: 'create' | 'edit' | 'view', row?: Row | null) {
    const id = mode === 'create' ? 0 : Number(row?.Id);
    void navigate(`/SAPOrder/Editor?mode=${mode}&id=${id}`, { state: { from: location.pathname } });
  }

  function refresh() {
    grid.current?.refresh();
    reloadMaster();
  }

  return (
    <section className={page.page} aria-labelledby="sap-order-list-title">
      <div className={page.header}>
        <Title2 as="h1" id="sap-order-list-title">
          {t('sapOrderList.title')}
        </Title2>
      </div>
      {permission === null || master === null ? (
        <div className={page.loading}>
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <>
          {tabs ? (
            <TabList
              className={styles.tabs}
              selectedValue={tab}
              aria-label={t('sapOrderList.tabs')}
              onTabSelect={(_, data) => {
                setSelected(null);
                setChosen([]);
                setTab(String(data.value));
              }}
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
                    {formatCount(item.count)}
                  </Badge>
                </Tab>
              ))}
            </TabList>
          ) : null}
          <ListToolbar list={grid} filterCount={filterCount} onRefresh={refresh}>
            {canCreate ? (
              <>
                <Button
                  appearance="primary"
                  icon={<CloudArrowDown20Regular />}
                  onClick={() => void navigate('/SAPOrder/Filter', { state: { from: location.pathname } })}
                >
                  {t('sapOrderList.filterFromSap')}
                </Button>
                <Button icon={<Add20Regular />} onClick={() => openEditor('create')}>
                  {t('resources.create')}
                </Button>
              </>
            ) : null}
            {canView ? (
              <Button
                icon={<Eye20Regular />}
                disabled={!selected}
                onClick={() => openEditor('view', selected)}
              >
                {t('resources.view')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                icon={<Edit20Regular />}
                disabled={selected?.can_edit !== true}
                onClick={() => openEditor('edit', selected)}
              >
                {t('resources.edit')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                icon={relation ? <PeopleTeam20Regular /> : <VehicleTruckProfile20Regular />}
                disabled={!assignable}
                onClick={() => setPending(relation ? 'assignCustomerVendor' : 'assignTransporter')}
              >
                {relation ? t('sapOrderList.assignCustomerVendor') : t('sapOrderList.assignTransporter')}
              </Button>
            ) : null}
            {canView ? (
              <Button
                icon={<DocumentBulletList20Regular />}
                disabled={selected?.can_view_orders !== true || chosen.length > 1}
                onClick={() => setPending('viewOrders')}
              >
                {t('sapOrderList.viewOrders')}
              </Button>
            ) : null}
          </ListToolbar>
          <SapOrderGrid
            ref={grid}
            tab={tab}
            statuses={master.status ?? []}
            stateKey={stateKey}
            ariaLabel={t('sapOrderList.title')}
            onSelectionChange={setSelected}
            onSelectedRowsChange={setChosen}
            onOpen={(row) => {
              if (canView) openEditor('view', row);
            }}
            onFilterCountChange={setFilterCount}
            onError={(error) => notify.failure(error, t('common.requestFailed'))}
          />
        </>
      )}
      {(pending === 'assignTransporter' || pending === 'assignCustomerVendor') && chosen.length ? (
        <AssignPanel
          kind={pending === 'assignCustomerVendor' ? 'relation' : 'transporter'}
          rows={pending === 'assignCustomerVendor' ? chosen.slice(0, 1) : chosen}
          onClose={closePanel}
          onSaved={refresh}
        />
      ) : null}
      {pending === 'viewOrders' && selected ? <ViewOrdersPanel row={selected} onClose={closePanel} /> : null}
    </section>
  );
}
