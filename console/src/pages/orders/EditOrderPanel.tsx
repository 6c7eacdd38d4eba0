// Edit order (spec/2 §2.2, §4 "Edit order panel", §5.1, §7, §8; issue 17): an order's SAP documents, lines,
// lane and transporter changed in one bottom panel, opened from the order list's Edit Order button (can_edit_order).
//
// Left: the order's summary, a chip input for more SAP numbers (one per line; a number already in the panel is
// refused) with its Add button, and one tab per loaded SAP order with its header; a SAP order added here can be
// removed from its tab again (after a confirmation), the order's own cannot. Right: Sync (delivery- and
// sales-order types), the lines (the SAP order Assign panel's table with the order's own figures: order quantity,
// cap, company to charge, LN type), where the goods go and when (the stuffing date, destination and freight date
// are the order's and stay as they are), the transporter block with its Select Transporter dialog (the truck type
// N/A where there is none; an auto-assigned order's transporters loaded and fixed, spec/2 §4), and the
// Approval Matrix. Save waits for Check Approval; what the panel does is in edit/useEditOrder.ts.
//
// Closing with unsaved changes asks first, as the editors do (util/leaveGuard), and so does leaving the page.
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Tab,
  TabList,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, ArrowSync20Regular, Delete20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { RefSelect } from '../../components/form/RefSelect';
import { textOf } from '../../components/grid/cellFormat';
import { formatDate } from '../../util/format';
import { guardLeaving } from '../../util/leaveGuard';
import { useMessageText } from '../../util/message';
import { ApprovalMatrix } from './assign/ApprovalMatrix';
import { LinesTable, type ExtraLineColumn } from './assign/LinesTable';
import { fromIsoDate, SAP_HEADER_FIELDS, str, tabLabel } from './assign/model';
import { SelectTransporterDialog } from './assign/SelectTransporterDialog';
import { TransporterBlock } from './assign/TransporterBlock';
import { useListItems } from '../../components/form/useListItems';
import { ChipsInput } from '../../components/form/ChipsInput';
import { sapOrderLabel } from '../sap-orders';
import { formatQty } from '../../components/grid/format';
import { BottomPanel } from './BottomPanel';
import { editCap, rowEditable, type EditRow } from './edit/model';
import { useEditOrder } from './edit/useEditOrder';
import { Fact, FactList } from './FactList';
import { LocationSelect } from './LocationSelect';
import { OrderSummary } from './OrderSummary';
import type { OrderView } from './types';
import { useOrderView } from './useOrderView';

/** spec/2 §2.2: the lines' columns in the panel's order (the factory SO columns follow for DO and SO types). */
const LINE_COLUMNS = [
  'include',
  'document',
  'item',
  'companyToCharge',
  'lnType',
  'incotermRule',
  'material',
  'qty',
  'orderQty',
  'osQty',
  'realQty',
  'uom',
  // Freight is priced in KG: a line without a conversion type cannot be priced (spec/2 §5.1), so it is chosen here.
  'conversionType',
];

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(260px, 1fr) minmax(0, 3fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 991px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  chipsRow: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'flex-start',
  },
  grow: {
    flexGrow: 1,
    minWidth: 0,
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  wide: {
    gridColumn: '1 / -1',
  },
  // A checkbox among the labelled fields sits on their inputs' line.
  checkField: {
    alignSelf: 'end',
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
});

export interface EditOrderPanelProps {
  /** The order edited; null when the panel is closed. */
  orderId: number | null;
  onClose: () => void;
  /** After a save the server took: the list is read again (the panel is closed by the caller). */
  onSaved: () => void;
}

export function EditOrderPanel({ orderId, onClose, onSaved }: EditOrderPanelProps) {
  const { t } = useTranslation();
  const view = useOrderView(orderId, onClose, 'edit');
  const [dirty, setDirty] = useState(false);
  // What to do once the user agreed to drop the changes (close the panel, or leave the page).
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  // Each opening starts afresh.
  const [openedFor, setOpenedFor] = useState(orderId);
  if (orderId !== openedFor) {
    setOpenedFor(orderId);
    setDirty(false);
    setPendingLeave(null);
  }

  useEffect(() => {
    if (!dirty || orderId === null) return;
    return guardLeaving((go) => setPendingLeave(() => go));
  }, [dirty, orderId]);

  function requestClose() {
    if (dirty) setPendingLeave(() => onClose);
    else onClose();
  }

  const markDirty = useCallback(() => setDirty(true), []);

  return (
    <BottomPanel
      open={orderId !== null}
      title={t('editOrder.title', { order: textOf(view?.header.Order_No) })}
      onClose={requestClose}
    >
      {!view || orderId === null ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <EditOrderForm
          key={orderId}
          orderId={orderId}
          view={view}
          onClose={requestClose}
          onFailed={onClose}
          onSaved={onSaved}
          onDirty={markDirty}
        />
      )}
      <ConfirmDialog
        open={pendingLeave !== null}
        title={t('editOrder.discardTitle')}
        message={t('editOrder.discardMessage')}
        confirmLabel={t('editOrder.discardConfirm')}
        onConfirm={() => {
          const go = pendingLeave;
          setPendingLeave(null);
          setDirty(false);
          go?.();
        }}
        onCancel={() => setPendingLeave(null)}
      />
    </BottomPanel>
  );
}

interface EditOrderFormProps {
  orderId: number;
  view: OrderView;
  onClose: () => void;
  onFailed: () => void;
  onSaved: () => void;
  onDirty: () => void;
}

function EditOrderForm({ orderId, view, onClose, onFailed, onSaved, onDirty }: EditOrderFormProps) {
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const edit = useEditOrder({ orderId, view, onSaved, onFailed, onDirty });
  const reasons = useListItems('list/lookup', { group: 'ASSIGN_TRANSPORTER_REASON' });
  const tripTypes = useListItems('list/lookup', { group: 'FREIGHT_TRIP_TYPE' });
  const header = view.header;
  const { loaded, form, busy } = edit;

  if (!loaded) return <Spinner label={t('editOrder.loading')} />;

  const current = loaded.headers.find((h) => h.Id === edit.tab) ?? loaded.headers[0];
  const stuffingFrom = fromIsoDate(header.Stuffing_Date_From, true);
  const stuffingTo = fromIsoDate(header.Stuffing_Date_To, true);
  const working = busy !== null || edit.adding;
  // What was entered stays editable while a check or a sync runs; only the save holds it.
  const locked = busy === 'save';
  const saveDisabled = working || edit.refreshing || edit.approval === null;
  const extraColumns: ExtraLineColumn<EditRow>[] = [
    {
      id: 'companyToCharge',
      header: t('editOrder.columns.companyToCharge'),
      render: (row) => str(row.line.Company_To_Charge),
    },
    { id: 'lnType', header: t('editOrder.columns.lnType'), render: (row) => str(row.line.LN_Type) },
    {
      id: 'orderQty',
      header: t('editOrder.columns.orderQty'),
      numeric: true,
      render: (row) => formatQty(row.line.Order_Qty),
    },
  ];

  return (
    <>
      <div className={styles.layout}>
        <div className={styles.column}>
          {edit.inlineError ? (
            <MessageBar intent="error">
              <MessageBarBody>{edit.inlineError}</MessageBarBody>
              <MessageBarActions
                containerAction={
                  <Button
                    appearance="transparent"
                    icon={<Dismiss20Regular />}
                    aria-label={t('editOrder.dismissError')}
                    onClick={edit.closeInlineError}
                  />
                }
              />
            </MessageBar>
          ) : null}
          <OrderSummary header={header} label={t('orderView.summary')} />
          <Field
            label={t('editOrder.addDocuments')}
            hint={edit.chipProblem ? undefined : t('editOrder.addHint')}
            validationState={edit.chipProblem ? 'error' : 'none'}
            validationMessage={say(edit.chipProblem)}
          >
            <div className={styles.chipsRow}>
              <div className={styles.grow}>
                <ChipsInput
                  label={t('editOrder.pending')}
                  aria-label={t('editOrder.addDocuments')}
                  placeholder={t('assign.sapNoPlaceholder')}
                  disabled={working}
                  value={edit.pending}
                  taken={edit.taken}
                  onChange={edit.changePending}
                  onDuplicate={edit.refuseDuplicates}
                  onTextChange={edit.setTyping}
                  onSubmit={() => void edit.addDocuments()}
                />
              </div>
              <Button
                icon={edit.adding ? <Spinner size="tiny" /> : <Add20Regular />}
                disabled={working || (edit.pending.length === 0 && !edit.typing.trim())}
                onClick={() => void edit.addDocuments()}
              >
                {t('assign.add')}
              </Button>
            </div>
          </Field>
          {loaded.headers.length ? (
            <>
              <TabList
                size="small"
                selectedValue={current?.Id}
                aria-label={t('editOrder.documents')}
                onTabSelect={(_, data) => edit.setTab(Number(data.value))}
              >
                {loaded.headers.map((sapOrder) => (
                  <Tab key={sapOrder.Id} value={sapOrder.Id}>
                    {tabLabel(sapOrder)}
                  </Tab>
                ))}
              </TabList>
              {current ? (
                <FactList label={t('assign.header')}>
                  {SAP_HEADER_FIELDS.map((name) => (
                    <Fact key={name} term={sapOrderLabel(t, name)}>
                      {(name.startsWith('Valid_') ? formatDate(str(current[name])) : str(current[name])) ||
                        '-'}
                    </Fact>
                  ))}
                </FactList>
              ) : null}
              {current && edit.removable(current.Id) ? (
                <div>
                  <Button
                    icon={<Delete20Regular />}
                    disabled={working}
                    onClick={() => edit.askRemoveDocument(current.Id)}
                  >
                    {t('editOrder.removeDocument', { document: tabLabel(current) })}
                  </Button>
                </div>
              ) : null}
            </>
          ) : (
            <Text className={styles.muted}>{t('assign.noDocuments')}</Text>
          )}
        </div>

        <div className={styles.column}>
          <div className={styles.toolbar}>
            <Subtitle2 as="h3">{t('assign.lines')}</Subtitle2>
            {edit.factory ? (
              <Button
                icon={busy === 'sync' ? <Spinner size="tiny" /> : <ArrowSync20Regular />}
                disabled={working}
                onClick={() => void edit.sync()}
              >
                {t('assign.sync')}
              </Button>
            ) : null}
            {edit.refreshing ? <Spinner size="tiny" label={t('editOrder.refreshing')} /> : null}
          </div>
          {edit.mustSync ? (
            <MessageBar intent={edit.syncState === 'done' ? 'success' : 'warning'}>
              <MessageBarBody>
                {edit.syncState === 'done' ? t('assign.syncDone') : t('assign.syncRequired')}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {edit.rows.length ? (
            <LinesTable<EditRow>
              lines={edit.rows}
              qtyEditable={edit.qtyEditable}
              showFactory={edit.factory}
              conversionParams={{
                company_code: str(header.Charge_OA_Company ?? header.Company_Code),
                factory_code: str(header.Warehouse_Code),
              }}
              lnType={str(header.LN_Type) || null}
              disabled={locked}
              columns={LINE_COLUMNS}
              extraColumns={extraColumns}
              capOf={editCap}
              lineEditable={rowEditable}
              onChange={edit.changeLines}
            />
          ) : (
            <Text className={styles.muted}>{t('orderList.noLines')}</Text>
          )}

          <div className={styles.fields}>
            <Field label={t('assign.fields.loading')} required>
              <LocationSelect
                aria-label={t('assign.fields.loading')}
                disabled={locked}
                value={form.loading}
                text={form.loading_name}
                onChange={(id, text) => edit.setField('loading', id, { loading_name: text })}
              />
            </Field>
            <Field label={t('editOrder.fields.stuffingDate')}>
              <Input
                readOnly
                appearance="filled-darker"
                value={
                  stuffingTo && stuffingTo !== stuffingFrom
                    ? t('editOrder.stuffingRange', { from: stuffingFrom, to: stuffingTo })
                    : stuffingFrom
                }
              />
            </Field>
            <Field label={t('assign.fields.tripType')}>
              <Select
                disabled={locked}
                value={form.trip_type}
                onChange={(_, data) => edit.setField('trip_type', data.value)}
              >
                <option value="">{t('form.pleaseSelect')}</option>
                {tripTypes.items.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.text}
                  </option>
                ))}
                {form.trip_type && !tripTypes.items.some((item) => item.id === form.trip_type) ? (
                  <option value={form.trip_type}>{form.trip_type}</option>
                ) : null}
              </Select>
            </Field>
            <Field label={t('editOrder.fields.route')}>
              <Input
                maxLength={50}
                disabled={locked}
                value={form.route_no}
                onChange={(_, data) => edit.setField('route_no', data.value)}
              />
            </Field>
            <Field label={t('editOrder.fields.tender')}>
              <Input
                maxLength={50}
                disabled={locked}
                value={form.tender_no}
                onChange={(_, data) => edit.setField('tender_no', data.value)}
              />
            </Field>
            {edit.showStoSpo ? (
              <Checkbox
                className={styles.checkField}
                disabled={locked}
                label={t('assign.fields.stoSpoPerShipment')}
                checked={form.sto_spo_per_shipment}
                onChange={(_, data) => edit.setField('sto_spo_per_shipment', data.checked === true)}
              />
            ) : null}
            <Field label={t('assign.fields.destination')}>
              <Input readOnly appearance="filled-darker" value={form.destination_name || '-'} />
            </Field>
            <Field label={t('assign.fields.freightDate')}>
              <Input readOnly appearance="filled-darker" value={fromIsoDate(header.Freight_Date)} />
            </Field>
            <Field label={t('assign.fields.vessel')}>
              <RefSelect
                url="list/vessel_code"
                minChars={0}
                clearable
                disabled={locked}
                value={form.vessel}
                onChange={(value) => edit.setField('vessel', value)}
              />
            </Field>
            <Field label={t('assign.fields.notes')} className={styles.wide}>
              <Textarea
                maxLength={1000}
                disabled={locked}
                value={form.notes}
                onChange={(_, data) => edit.setField('notes', data.value)}
              />
            </Field>
          </div>

          {edit.autoAssign ? (
            <MessageBar intent="info">
              <MessageBarBody>
                {t('editOrder.autoAssigned', { reference: edit.autoAssign.reference ?? '-' })}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          <TransporterBlock
            entries={edit.transporters}
            collective={edit.collective}
            reasons={reasons.items}
            disabled={working}
            showMultipleWeighing
            emptyTruckType={t('editOrder.noTruckType')}
            fixed={edit.autoAssign !== null}
            onSelect={edit.openPicker}
            onChange={edit.changeEntry}
            onAdd={edit.addEntry}
            onRemove={edit.removeEntry}
          />

          <ApprovalMatrix
            approval={edit.approval}
            checking={busy === 'approval'}
            disabled={working || edit.refreshing}
            onCheck={() => void edit.checkApproval()}
          />

          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={saveDisabled}
              icon={busy === 'save' ? <Spinner size="tiny" /> : undefined}
              onClick={() => void edit.save()}
            >
              {busy === 'save' ? t('assign.saving') : t('assign.save')}
            </Button>
            <Button disabled={busy === 'save'} onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={edit.removing !== null}
        title={t('editOrder.removeTitle')}
        detail={edit.removing ? tabLabel(edit.removing) : undefined}
        message={t('editOrder.removeMessage')}
        confirmLabel={t('editOrder.removeConfirm')}
        onConfirm={edit.removeDocument}
        onCancel={edit.cancelRemoveDocument}
      />
      {edit.picking === null ? null : (
        <SelectTransporterDialog
          open
          request={edit.freightRequest}
          tripsLocked={edit.tripsLocked}
          onPick={edit.pick}
          onClose={edit.closePicker}
        />
      )}
    </>
  );
}
