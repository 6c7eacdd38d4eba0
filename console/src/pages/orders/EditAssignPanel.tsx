// Edit assign transporter (spec/2 §2.3, DESIGN §4 "REJECTED ─ edit assign transporter"): a rejected order given to
// another transporter. A bottom panel that cannot be dismissed shows the order header, its lines, and Current versus
// Change for shipment type, vessel, loading and destination, transporter and truck type (chosen from the freight
// options, never typed), freight cost, the user's trips and the total by them, freight master, and the reason (its
// "other reason" text when the reason asks for one, Lookup_Info1 Y). The Change column is editable unless the order
// type is TO with Info1 IN (`util/order_type_fields`): such an order's transporter follows its TO OUT. Check
// Approval asks which Approval Matrix levels the change needs; Save (`order/edit_assign_transporter`) is enabled
// once it has, and any later change asks for it again. The workflow takes the order back into its flow. Above the
// comparison the panel says who refused the order and what they said (their remark), and Select Transporter does
// not offer that carrier again.
import {
  Button,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Approver, CheckApprovalAnswer } from '../../../../db/resources/order-assign';
import { useQuery } from '@tanstack/react-query';
import { dataOf, Refused } from '../../api/answer';
import { api } from '../../api/client';
import { RefSelect } from '../../components/form/RefSelect';
import { formatNumber, textOf } from '../../components/grid/cellFormat';
import { useNotify } from '../../shell/notify';
import { BottomPanel } from './BottomPanel';
import { SelectTransporterDialog } from './assign/SelectTransporterDialog';
import {
  assignModelOf,
  currentOf,
  entryOf,
  freightRequest,
  totalByUserTrips,
  type AssignState,
  type FreightRequest,
} from './freight';
import { LocationSelect } from './LocationSelect';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderSummary } from './OrderSummary';
import type { CodeText, OrderView } from './types';
import { useOrderView } from './useOrderView';

/** spec/2 §2.3: the lines as this panel lists them. */
const LINE_FIELDS = [
  'sap_no',
  'Item_No',
  'Material_Name',
  'Qty',
  'order_qty',
  'sap_os_qty',
  'real_qty',
  'UOM',
];

interface Reason {
  code: string;
  text: string;
  /** Y: the reason asks for a text of its own. */
  info1: string;
}

const useStyles = makeStyles({
  top: {
    display: 'grid',
    gridTemplateColumns: 'minmax(280px, 1fr) minmax(0, 2fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 991px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  compare: {
    borderCollapse: 'collapse',
    width: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  head: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  cell: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    verticalAlign: 'middle',
  },
  label: {
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
  },
  numeric: {
    fontVariantNumeric: 'tabular-nums',
  },
  approvers: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
});

const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : formatNumber(n, 2));

export interface EditAssignPanelProps {
  orderId: number | null;
  shipmentTypes: CodeText[];
  /** `saved`: the order was given to the new transporter. */
  onClose: (saved: boolean) => void;
}

export function EditAssignPanel({ orderId, shipmentTypes, onClose }: EditAssignPanelProps) {
  const { t } = useTranslation();
  const view = useOrderView(orderId, () => onClose(false));
  return (
    <BottomPanel
      open={orderId !== null}
      dismissible={false}
      title={t('editAssign.title', { order: textOf(view?.header.Order_No) })}
      onClose={() => onClose(false)}
    >
      {!view || orderId === null ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <EditAssignForm
          key={orderId}
          orderId={orderId}
          view={view}
          shipmentTypes={shipmentTypes}
          onClose={onClose}
        />
      )}
    </BottomPanel>
  );
}

function EditAssignForm(props: {
  orderId: number;
  view: OrderView;
  shipmentTypes: CodeText[];
  onClose: (saved: boolean) => void;
}) {
  const { orderId, view, shipmentTypes, onClose } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const header = view.header;
  const [current] = useState(() => currentOf(view));
  const [change, setChange] = useState<AssignState>(current);
  const [freightFor, setFreightFor] = useState<FreightRequest | null>(null);
  const [approval, setApproval] = useState<CheckApprovalAnswer | null>(null);
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);

  // TO with Info1 IN: the Change column stays as it is. Locked until the order type has answered (and after it
  // failed to: the failure is toasted once).
  const typeId = textOf(header.Order_Type_Id);
  const orderType = useQuery({
    queryKey: ['util/order_type_fields', typeId],
    enabled: Boolean(typeId),
    queryFn: () =>
      dataOf(
        api.get<{ Code?: string; Info1?: string }>(`util/order_type_fields?id=${encodeURIComponent(typeId)}`),
      ),
  });
  useEffect(() => {
    const error = orderType.error;
    if (!error) return;
    if (error instanceof Refused) {
      notify.error(error.message || t('editAssign.orderTypeError'), t('editAssign.orderTypeError'));
    } else notify.failure(error, t('editAssign.orderTypeError'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new failure only
  }, [orderType.error]);
  const locked: boolean | null = !typeId
    ? false
    : orderType.data
      ? textOf(orderType.data.Code).toUpperCase() === 'TO' &&
        textOf(orderType.data.Info1).toUpperCase() === 'IN'
      : null;

  // The reasons a higher price may be given for; none shown when they cannot be read.
  const reasonList = useQuery({
    queryKey: ['list/lookup', 'ASSIGN_TRANSPORTER_REASON'],
    queryFn: () =>
      dataOf(
        api.get<{ items?: Record<string, unknown>[] }>(
          'list/lookup?group=ASSIGN_TRANSPORTER_REASON&q=&page=0',
        ),
      ),
  });
  const reasons: Reason[] = (reasonList.data?.items ?? []).map((item) => ({
    code: textOf(item.id),
    text: textOf(item.text ?? item.id),
    info1: textOf(item.Lookup_Info1).toUpperCase(),
  }));

  const editable = locked === false;
  // Why the order is being given to another carrier: who refused it and what they said (issue 27).
  const dispatch = textOf(header.Dispatch_Status).toUpperCase();
  const rejected = dispatch === 'REJECTED' || dispatch === 'AUTO REJECTED';
  const refusedBy = textOf(current.transporter?.transporter_name) || textOf(header.Transporter_Name);
  const refused = rejected
    ? [
        ...new Set(
          [
            textOf(header.Transporter_Code),
            ...(view.assign?.transporters ?? []).map((entry) => textOf(entry.transporter_code)),
          ].filter(Boolean),
        ),
      ]
    : [];
  const reason = reasons.find((r) => r.code === change.assign_reason);
  const needsOthers = reason?.info1 === 'Y';
  // The server says whether a reason is needed (a freight criterion, or a cost above the suggested one).
  const requireReason =
    approval?.transporter_data.some((entry) => entry.require_reason === true) ??
    (change.transporter?.freight_cost ?? 0) > (change.transporter?.freight_suggested ?? Infinity);

  function update(next: Partial<AssignState>, resetsTransporter = false) {
    setChange((previous) => ({
      ...previous,
      ...next,
      ...(resetsTransporter ? { transporter: null, truck_type_name: '' } : {}),
    }));
    // Any change is a new assignment: approval is checked again (spec/2 §4).
    setApproval(null);
  }

  function chooseTransporter() {
    const { loading_id: loading, destination_id: destination } = change;
    if (!loading || !destination) {
      notify.error(t(!loading ? 'editAssign.requireLoading' : 'editAssign.requireDestination'));
      return;
    }
    // The carriers that just refused the order (or let its deadline pass) are not offered it again.
    setFreightFor({
      ...freightRequest(view, change, { loading, destination }),
      exclude_transporters: refused,
    });
  }

  async function checkApproval() {
    if (!change.transporter) {
      notify.error(t('editAssign.requireTransporter'));
      return;
    }
    setBusy('check');
    try {
      const res = await api.post<CheckApprovalAnswer>(
        'util/check_approval',
        assignModelOf(view, change, null),
      );
      if (res.success && res.data) setApproval(res.data);
      else notify.error(res.message || t('common.requestFailed'));
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!approval) return;
    if (requireReason && !change.assign_reason) {
      notify.error(t('editAssign.requireReason'));
      return;
    }
    if (needsOthers && !change.assign_reason_others.trim()) {
      notify.error(t('editAssign.requireReasonOthers'));
      return;
    }
    setBusy('save');
    try {
      const approvers: Approver[] = approval.approval_list;
      const res = await api.put('order/edit_assign_transporter', {
        id: orderId,
        edited_order: assignModelOf(view, change, approvers),
      });
      if (res.success) {
        notify.success(res.message || t('common.dataSaved'), t('common.dataSaved'));
        onClose(true);
      } else notify.error(res.message || t('common.requestFailed'));
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setBusy(null);
    }
  }

  const shipmentText = (code: string) => shipmentTypes.find((s) => s.code === code)?.text ?? code;
  const lines = Array.isArray(header.Details) ? header.Details : [];

  const rows: [key: string, currentValue: ReactNode, changeValue: ReactNode][] = [
    [
      'shipmentType',
      shipmentText(current.shipment_type),
      <Select
        aria-label={t('editAssign.changeOf', { field: t('editAssign.fields.shipmentType') })}
        disabled={!editable}
        value={change.shipment_type}
        onChange={(_, data) => update({ shipment_type: data.value }, true)}
      >
        <option value="" />
        {shipmentTypes.map((s) => (
          <option key={s.code} value={s.code}>
            {s.text}
          </option>
        ))}
      </Select>,
    ],
    [
      'vessel',
      current.vessel,
      <RefSelect
        url="list/vessel_code"
        minChars={0}
        aria-label={t('editAssign.changeOf', { field: t('editAssign.fields.vessel') })}
        disabled={!editable}
        clearable
        value={change.vessel || null}
        onChange={(value) => update({ vessel: value ?? '' }, true)}
      />,
    ],
    [
      'loading',
      current.loading_name,
      <LocationSelect
        aria-label={t('editAssign.changeOf', { field: t('editAssign.fields.loading') })}
        disabled={!editable}
        value={change.loading_id}
        text={change.loading_name}
        onChange={(id, text) => update({ loading_id: id, loading_name: text }, true)}
      />,
    ],
    [
      'destination',
      current.destination_name,
      <LocationSelect
        aria-label={t('editAssign.changeOf', { field: t('editAssign.fields.destination') })}
        disabled={!editable}
        value={change.destination_id}
        text={change.destination_name}
        onChange={(id, text) => update({ destination_id: id, destination_name: text }, true)}
      />,
    ],
    [
      'transporter',
      textOf(current.transporter?.transporter_name),
      <div className={styles.actions}>
        <span>{textOf(change.transporter?.transporter_name) || '-'}</span>
        <Button size="small" disabled={!editable} onClick={chooseTransporter}>
          {t('editAssign.chooseTransporter')}
        </Button>
      </div>,
    ],
    ['truckType', current.truck_type_name, change.truck_type_name || '-'],
    [
      'freightCost',
      money(current.transporter?.freight_cost),
      <span className={styles.numeric}>{money(change.transporter?.freight_cost)}</span>,
    ],
    [
      'userTrips',
      textOf(current.user_not),
      <Input
        type="number"
        min={1}
        step={1}
        aria-label={t('editAssign.changeOf', { field: t('editAssign.fields.userTrips') })}
        disabled={!editable || !change.transporter?.freight_value}
        value={change.user_not === null ? '' : String(change.user_not)}
        onChange={(_, data) => {
          const n = Number(data.value);
          update({ user_not: data.value === '' || !Number.isInteger(n) || n < 1 ? null : n });
        }}
      />,
    ],
    [
      'totalUserTrips',
      money(totalByUserTrips(current.transporter, current.user_not)),
      <span className={styles.numeric}>{money(totalByUserTrips(change.transporter, change.user_not))}</span>,
    ],
    [
      'freightMaster',
      textOf(current.transporter?.freight_master),
      textOf(change.transporter?.freight_master),
    ],
    [
      'reason',
      reasons.find((r) => r.code === current.assign_reason)?.text ?? current.assign_reason,
      <Select
        aria-label={t('editAssign.changeOf', { field: t('editAssign.fields.reason') })}
        disabled={!editable || !requireReason}
        value={change.assign_reason}
        onChange={(_, data) => update({ assign_reason: data.value, assign_reason_others: '' })}
      >
        <option value="" />
        {reasons.map((r) => (
          <option key={r.code} value={r.code}>
            {r.text}
          </option>
        ))}
      </Select>,
    ],
    [
      'reasonOthers',
      current.assign_reason_others,
      <Textarea
        aria-label={t('editAssign.changeOf', { field: t('editAssign.fields.reasonOthers') })}
        disabled={!editable || !needsOthers}
        maxLength={500}
        value={change.assign_reason_others}
        onChange={(_, data) => update({ assign_reason_others: data.value })}
      />,
    ],
  ];

  return (
    <>
      <div className={styles.top}>
        <OrderSummary header={header} label={t('orderView.summary')} />
        <OrderLinesTable
          caption={t('orderList.linesOf', { order: textOf(header.Order_No) })}
          lines={lines}
          showConversion={false}
          fields={LINE_FIELDS}
        />
      </div>
      {rejected ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            {dispatch === 'AUTO REJECTED'
              ? t('editAssign.autoRejectedBy', { transporter: refusedBy || '-' })
              : t('editAssign.rejectedBy', {
                  transporter: refusedBy || '-',
                  remark: textOf(header.Dispatch_Status_Remarks) || '-',
                })}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {locked ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('editAssign.lockedToIn')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <table className={styles.compare} aria-label={t('editAssign.compare')}>
        <thead>
          <tr>
            <th className={styles.head} scope="col" aria-label={t('editAssign.field')} />
            <th className={styles.head} scope="col">
              {t('editAssign.current')}
            </th>
            <th className={styles.head} scope="col">
              {t('editAssign.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, currentValue, changeValue]) => (
            <tr key={key}>
              <th scope="row" className={mergeClasses(styles.cell, styles.label)}>
                {t(`editAssign.fields.${key}`)}
              </th>
              <td className={styles.cell}>{currentValue || '-'}</td>
              <td className={styles.cell}>{changeValue}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-label={t('editAssign.approvalMatrix')}>
        <Subtitle2 as="h3">{t('editAssign.approvalMatrix')}</Subtitle2>
        {approval ? (
          approval.approval_list.length ? (
            <ul className={styles.approvers}>
              {approval.approval_list.map((a) => (
                <li key={`${a.Level}-${a.Username}`}>
                  {t('editAssign.approver', { level: a.Level, name: a.fullname || a.Username })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('editAssign.noApproval')}</p>
          )
        ) : (
          <p>{t('editAssign.approvalNotChecked')}</p>
        )}
      </section>
      <div className={styles.actions}>
        <Button
          disabled={busy !== null || !change.transporter}
          icon={busy === 'check' ? <Spinner size="tiny" /> : undefined}
          onClick={() => void checkApproval()}
        >
          {t('editAssign.checkApproval')}
        </Button>
        <Button
          appearance="primary"
          disabled={busy !== null || !approval}
          icon={busy === 'save' ? <Spinner size="tiny" /> : undefined}
          onClick={() => void save()}
        >
          {t('common.save')}
        </Button>
        <Button disabled={busy !== null} onClick={() => onClose(false)}>
          {t('common.cancel')}
        </Button>
      </div>
      <SelectTransporterDialog
        open={freightFor !== null}
        request={freightFor}
        // An individual-truck order takes one trip (spec/2 §2.2).
        tripsLocked={textOf(header.shipment_type_category).toUpperCase() === 'INDIVIDUAL'}
        onClose={() => setFreightFor(null)}
        onPick={(option, suggested, trips, truckRental) => {
          setFreightFor(null);
          setChange((previous) => ({
            ...previous,
            transporter: entryOf(option, suggested?.cost ?? null, trips, truckRental),
            truck_type_name: option.truck_type_name,
            user_not: option.user_not,
          }));
          setApproval(null);
        }}
      />
    </>
  );
}
