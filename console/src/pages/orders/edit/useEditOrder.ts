// What the Edit order panel holds and does (spec/2 §2.2, §4 "Edit order panel", §5.1, §7, §8), apart from how it
// looks (EditOrderPanel.tsx). It mirrors the SAP order Assign panel (assign/AssignPanel.tsx) and uses
// its model, calls and rules:
//   - opening loads the order's own SAP orders and lines (order/edit_merge_simulate, is_first); SAP numbers added
//     as chips are loaded with what the order fixes, and a refusal (error_message) is shown in the panel and adds
//     nothing; a SAP order added so may be taken out again before the save (after the user confirms), its tab and
//     lines with it; the order's own SAP orders stay;
//   - an auto-assigned order (spec/2 §4: IPB export collective, TO IN inside the factory; the server says so in
//     auto_assign) takes the transporters the server loaded from its reference document: no row is added, removed
//     or chosen again, and their freight (cost, trips) is not typed;
//   - the lane and trip (loading, destination, trip type, vessel) price the transporter: changing one clears it
//     (an auto-assigned order keeps its transporters);
//   - a quantity or a line in or out prices the chosen transporter again (util/refresh_freight_cost_order);
//   - STO/SPO per shipment shows while the documents in the panel offer it (show_sto_spo_per_shipment), starts as
//     the order has it, and is sent as ticked only then (false otherwise);
//   - anything that changes the cost asks for Check Approval again (util/check_approval), and Save waits for it;
//   - delivery- and sales-order types with SO factory numbers changed are synced with SAP before the save;
//   - PUT order/edit saves it; a refusal toasts the server's message and keeps what was typed.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  Approver,
  CheckApprovalAnswer,
  TransporterOption,
} from '../../../../../db/resources/order-assign';
import { DELIVERY_USING_TRUCK_SHIPMENT_TYPE } from '../../../../../db/resources/sap-order';
import { api, SessionExpiredError } from '../../../api/client';
import { showToast, TOAST_LIFE_MS, useNotify } from '../../../shell/notify';
import { keyed, type Message } from '../../../util/message';
import { syncDoSap, transporterQuota } from '../assign/calls';
import type { EntryChange } from '../assign/TransporterBlock';
import type { LineChange } from '../assign/LinesTable';
import {
  categoryOf,
  checkBeforeFreight,
  checkBeforeSave,
  entryFromOption,
  freightRequestOf,
  qtyEditable,
  requiresReason,
  showsFactory,
  str,
  syncNeeded,
  toIsoDate,
  UNJUDGED,
  withApprovalAnswer,
  withFindings,
  withSyncedLines,
  type SapHeader,
  type SaveProblem,
  type TransporterEntry,
} from '../assign/model';
import { sapOrderIds } from '../freight';
import type { OrderView } from '../types';
import {
  assignFormOf,
  autoEntries,
  editBody,
  entriesOf,
  formOf,
  lineOf,
  loadedNumbers,
  orderDocument,
  orderTypeOf,
  refreshBody,
  rowOf,
  simulateBody,
  transporterModel,
  withHeaders,
  withLines,
  withoutDocument,
  withRefreshedFreight,
  type AutoAssign,
  type EditForm,
  type EditLine,
  type EditOrderType,
  type EditRow,
  type EditSimulateAnswer,
  type RefreshedFreight,
} from './model';

/** The order's SAP orders as loaded, and what they say about the lines. */
interface Loaded {
  headers: SapHeader[];
  /** The SAP orders the order is made of (the first load's): they cannot be taken out of the panel. */
  own: number[];
  useLn: boolean;
  orderType: EditOrderType | null;
  autoAssign: AutoAssign | null;
  /** Per edit_merge_simulate answer, its SAP orders and whether they offer STO/SPO per shipment. */
  stoSpo: { ids: number[]; shown: boolean }[];
}

/** A merge simulation's outcome: loaded, refused (error_message), or failed (the call itself). */
type Simulated =
  | { kind: 'ok'; answer: EditSimulateAnswer }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

/** Whether SO factory numbers wait for a sync: as saved, changed since, or synced since. */
type SyncState = 'saved' | 'required' | 'done';

export type Busy = 'sync' | 'approval' | 'save' | null;

export interface EditOrderOptions {
  orderId: number;
  view: OrderView;
  /** The list is read again and the panel closes. */
  onSaved: () => void;
  /** The order could not be loaded for editing: the panel closes. */
  onFailed: () => void;
  /** Something was changed (the panel asks before closing). */
  onDirty: () => void;
}

export function useEditOrder({ orderId, view, onSaved, onFailed, onDirty }: EditOrderOptions) {
  const { t } = useTranslation();
  const notify = useNotify();
  const header = view.header;
  const category = categoryOf(header as SapHeader);
  const collective = category === 'COLLECTIVE';

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [rows, setRows] = useState<EditRow[]>([]);
  const [tab, setTab] = useState<number | null>(null);
  const [form, setForm] = useState<EditForm>(() => formOf(view));
  const [transporters, setTransporters] = useState<TransporterEntry[]>(() => entriesOf(view, collective));
  const [approval, setApproval] = useState<Approver[] | null>(null);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [pending, setPending] = useState<string[]>([]);
  const [typing, setTyping] = useState('');
  // Kept as its key, so it follows a language switch (util/message.ts).
  const [chipProblem, setChipProblem] = useState<Message | null>(null);
  const [adding, setAdding] = useState(false);
  const [syncState, setSyncState] = useState<SyncState>('saved');
  const [busy, setBusy] = useState<Busy>(null);
  const [refreshing, setRefreshing] = useState(0);
  const [picking, setPicking] = useState<number | null>(null);
  // The added SAP order the user asked to take out, waiting for the confirmation.
  const [removing, setRemoving] = useState<SapHeader | null>(null);

  // Each change that asks for Check Approval again is counted: a check answered after one no longer holds.
  const revision = useRef(0);
  const resetApproval = useCallback(() => {
    revision.current += 1;
    setApproval(null);
  }, []);
  const orderType = loaded?.orderType ?? orderTypeOf(header);
  const autoAssigned = Boolean(loaded?.autoAssign);
  // spec/2 §2.2: STO/SPO per shipment shows "when enabled", i.e. while a document in the panel offers it.
  const showStoSpo = useMemo(() => {
    const inPanel = new Set((loaded?.headers ?? []).map((h) => h.Id));
    return (loaded?.stoSpo ?? []).some(
      (answered) => answered.shown && answered.ids.some((id) => inPanel.has(id)),
    );
  }, [loaded]);
  const assignForm = useMemo(() => assignFormOf(form, header), [form, header]);
  // The SAP orders the lines take from: the order's own and those added (check_approval, freight, quota).
  const ids = useMemo(() => {
    const loadedIds = (loaded?.headers ?? []).map((h) => Number(h.Id));
    return [...new Set([...sapOrderIds(view), ...loadedIds])].filter((n) => Number.isInteger(n) && n > 0);
  }, [loaded, view]);

  // ------------------------------------------------------------------------------------------ loading

  const simulate = useCallback(
    async (sapNo: readonly string[], isFirst: boolean): Promise<Simulated> => {
      try {
        const res = await api.post<EditSimulateAnswer>(
          'order/edit_merge_simulate',
          simulateBody(orderId, header, sapNo, isFirst),
        );
        if (!res.success || !res.data)
          return { kind: 'failed', message: res.message || t('editOrder.loadFailed') };
        if (res.data.error_message) return { kind: 'refused', message: res.data.error_message };
        return { kind: 'ok', answer: res.data };
      } catch (error) {
        if (error instanceof SessionExpiredError) throw error;
        return {
          kind: 'failed',
          message: error instanceof Error && error.message ? error.message : t('common.requestFailed'),
        };
      }
    },
    [orderId, header, t],
  );

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void (async () => {
      try {
        const outcome = await simulate([], true);
        if (outcome.kind === 'failed') {
          notify.error(outcome.message);
          onFailed();
          return;
        }
        if (outcome.kind === 'refused') {
          setInlineError(outcome.message);
          setLoaded({ headers: [], own: [], useLn: false, orderType: null, autoAssign: null, stoSpo: [] });
          return;
        }
        const { answer } = outcome;
        const headers = answer.sap_orders ?? [];
        setLoaded({
          headers,
          own: headers.map((h) => h.Id),
          useLn: answer.use_ln === true,
          orderType: answer.order_type ?? null,
          autoAssign: answer.auto_assign ?? null,
          stoSpo: [{ ids: headers.map((h) => h.Id), shown: answer.show_sto_spo_per_shipment === true }],
        });
        setRows((answer.details ?? []).map(rowOf));
        setTab(headers[0]?.Id ?? null);
        // spec/2 §4: an auto-assigned order's transporters are loaded, not chosen.
        const loadedEntries = autoEntries(answer.auto_assign);
        if (loadedEntries) setTransporters(loadedEntries);
      } catch (error) {
        if (error instanceof SessionExpiredError) return;
        notify.failure(error, t('common.requestFailed'));
        onFailed();
      }
    })();
  }, [simulate, notify, t, onFailed]);

  // ------------------------------------------------------------------------------------------ freight

  // Each refresh is numbered: an answer to an older one is dropped (the lines changed again meanwhile).
  const refreshSeq = useRef(0);

  /** Prices the chosen transporters again for the lines as they are (spec/2 §4, §7). */
  async function refreshFreight(nextRows: readonly EditRow[]) {
    const chosen = transporters
      .map((entry, index) => ({ entry, index }))
      .filter(({ entry }) => str(entry.transporter_code));
    if (!chosen.length) return;
    const seq = ++refreshSeq.current;
    setRefreshing((n) => n + 1);
    try {
      const answers = await Promise.all(
        chosen.map(async ({ entry, index }) => ({
          index,
          code: str(entry.transporter_code),
          name: str(entry.transporter_name) || str(entry.transporter_code),
          res: await api.post<RefreshedFreight | null>(
            'util/refresh_freight_cost_order',
            refreshBody(orderId, nextRows, entry),
          ),
        })),
      );
      if (seq !== refreshSeq.current) return;
      for (const { res } of answers)
        if (!res.success)
          notify.error(res.message || t('common.requestFailed'), t('editOrder.errors.freight'));
      // A transporter without a rate for the lines as they are now can no longer carry them: it is chosen again.
      // An auto-assigned one cannot be: it stays, and Check Approval answers why it cannot carry them.
      for (const { res, name } of answers)
        if (res.success && !res.data && !autoAssigned)
          showToast({
            intent: 'warning',
            title: t('editOrder.noRateTitle'),
            message: t('editOrder.noRate', { name }),
            life: TOAST_LIFE_MS,
          });
      setTransporters((current) =>
        current.map((entry, i) => {
          const found = answers.find((a) => a.index === i && a.code === str(entry.transporter_code));
          if (!found?.res.success) return entry;
          if (!found.res.data) return autoAssigned ? entry : { multiple_weighing: entry.multiple_weighing };
          return withRefreshedFreight(entry, found.res.data);
        }),
      );
      resetApproval();
    } catch (error) {
      if (seq === refreshSeq.current) notify.failure(error, t('editOrder.errors.freight'));
    } finally {
      setRefreshing((n) => n - 1);
    }
  }

  // ------------------------------------------------------------------------------------------ documents

  const taken = useMemo(() => loadedNumbers(loaded?.headers ?? [], rows), [loaded, rows]);

  function refuseDuplicates(values: string[]) {
    setChipProblem(keyed('assign.duplicate', { value: values.join(', ') }));
  }

  function changeTyping(text: string) {
    setTyping(text);
    if (text.trim()) setChipProblem(null);
  }

  function changePending(next: string[]) {
    setPending(next);
    setChipProblem(null);
  }

  async function addDocuments() {
    if (!loaded || adding || busy) return;
    const numbers = pending.filter((n) => !taken.includes(n));
    if (!numbers.length) return;
    setAdding(true);
    setChipProblem(null);
    try {
      const outcome = await simulate(numbers, false);
      if (outcome.kind === 'failed') {
        notify.error(outcome.message, t('editOrder.errors.add'));
        return;
      }
      if (outcome.kind === 'refused') {
        setInlineError(outcome.message);
        return;
      }
      const { answer } = outcome;
      setInlineError(null);
      setLoaded((current) =>
        current
          ? {
              ...current,
              headers: withHeaders(current.headers, answer.sap_orders ?? []),
              stoSpo: [
                ...current.stoSpo,
                {
                  ids: (answer.sap_orders ?? []).map((h) => h.Id),
                  shown: answer.show_sto_spo_per_shipment === true,
                },
              ],
            }
          : current,
      );
      const next = withLines(rows, answer.details ?? []);
      setRows(next);
      setPending([]);
      resetApproval();
      onDirty();
      if (next.length !== rows.length) void refreshFreight(next);
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setAdding(false);
    }
  }

  /** Asks before an added SAP order is taken out (its lines go with it); the order's own stay. */
  function askRemoveDocument(id: number) {
    if (!loaded || adding || busy || loaded.own.includes(id)) return;
    setRemoving(loaded.headers.find((h) => h.Id === id) ?? null);
  }

  function removeDocument() {
    const gone = removing;
    setRemoving(null);
    if (!loaded || !gone || adding || busy || loaded.own.includes(gone.Id)) return;
    const headers = loaded.headers.filter((h) => h.Id !== gone.Id);
    setLoaded({ ...loaded, headers });
    const next = withoutDocument(rows, gone.Id);
    setRows(next);
    if (tab === gone.Id) setTab(headers[0]?.Id ?? null);
    resetApproval();
    onDirty();
    if (next.length !== rows.length) void refreshFreight(next);
  }

  // ------------------------------------------------------------------------------------------ changes

  function setField<K extends keyof EditForm>(name: K, value: EditForm[K], more: Partial<EditForm> = {}) {
    setForm((current) => ({ ...current, [name]: value, ...more }));
    onDirty();
    // The lane, its trip type and the vessel price the transporters: a chosen one no longer holds (spec/2 §4).
    if (name === 'loading' || name === 'destination' || name === 'trip_type' || name === 'vessel') {
      if (!autoAssigned)
        setTransporters((current) =>
          collective ? [] : [{ multiple_weighing: current[0]?.multiple_weighing }],
        );
      resetApproval();
    }
  }

  function changeLines(next: EditRow[], kind: LineChange) {
    setRows(next);
    onDirty();
    if (kind === 'factory') setSyncState('required');
    if (kind !== 'rule') resetApproval();
    if (kind === 'qty' || kind === 'include' || kind === 'conversion') void refreshFreight(next);
  }

  function changeEntry(index: number, patch: Partial<TransporterEntry>, change: EntryChange) {
    // spec/2 §4: an auto-assigned order's freight is locked.
    if (autoAssigned && (change === 'cost' || change === 'trips')) return;
    // Another cost or other trips are judged again (withFindings) until Check Approval answers for them.
    const judged = change === 'cost' || change === 'trips' ? { ...patch, ...UNJUDGED } : patch;
    setTransporters((current) => current.map((entry, i) => (i === index ? { ...entry, ...judged } : entry)));
    onDirty();
    if (change !== 'reason') resetApproval();
  }

  function addEntry() {
    if (autoAssigned) return;
    setTransporters((current) => [...current, {}]);
    onDirty();
  }

  function removeEntry(index: number) {
    if (autoAssigned) return;
    setTransporters((current) => current.filter((_, i) => i !== index));
    onDirty();
    resetApproval();
  }

  // ------------------------------------------------------------------------------------------ transporter

  function openPicker(index: number) {
    if (autoAssigned) return;
    const problem = checkBeforeFreight(assignForm, rows);
    if (problem) {
      notify.error(t(`alert.${problem}`));
      return;
    }
    setPicking(index);
  }

  async function checkQuota(index: number, code: string) {
    const message = await transporterQuota(code, ids, t, notify);
    if (message === undefined) return;
    setTransporters((current) =>
      current.map((entry, i) =>
        i === index && entry.transporter_code === code ? { ...entry, quota_message: message } : entry,
      ),
    );
  }

  function pick(
    option: TransporterOption,
    suggested: TransporterOption | undefined,
    trips: number | null,
    rental: boolean,
  ) {
    const index = picking;
    setPicking(null);
    if (index === null) return;
    const entry = entryFromOption(option, suggested, trips, rental, toIsoDate(assignForm.freight_date));
    setTransporters((current) =>
      current.map((e, i) => (i === index ? { ...entry, multiple_weighing: e.multiple_weighing } : e)),
    );
    onDirty();
    resetApproval();
    void checkQuota(index, option.transporter_code);
  }

  const freightRequest = useMemo(
    () =>
      picking === null
        ? null
        : freightRequestOf({
            form: assignForm,
            lines: rows,
            ids,
            first: orderDocument(header),
            excludeTransporters: [],
            transporters,
            picking,
            multipleWeighing: transporters[picking]?.multiple_weighing === true,
          }),
    [picking, assignForm, rows, ids, header, transporters],
  );

  // The entries with why their criteria apply, judged as soon as they are chosen or changed (spec/2 §5.3).
  const judged = useMemo(
    () =>
      category === 'RELATION'
        ? transporters
        : withFindings(transporters, {
            chargeOaCompany: str(header.Charge_OA_Company) || null,
            orderCompany: str(header.Company_Code) || null,
          }),
    [category, transporters, header],
  );

  // ------------------------------------------------------------------------------------------ sync

  const factory = showsFactory(orderType);
  const mustSync = syncNeeded(orderType, rows) && syncState !== 'saved';

  async function sync() {
    if (!loaded || busy) return;
    setBusy('sync');
    const outcome = await syncDoSap<EditLine>(
      'order/sync_do_sap',
      { order_id: orderId, Details: rows.map(lineOf) },
      t,
      notify,
    );
    const synced = outcome.lines;
    if (synced) setRows((current) => withSyncedLines(current, synced));
    setSyncState(outcome.ok ? 'done' : 'required');
    if (outcome.ok) resetApproval();
    setBusy(null);
  }

  // ------------------------------------------------------------------------------------------ approval and save

  const bodyInput = () => ({
    orderId,
    header,
    form,
    rows,
    ids,
    transporters: judged,
    approval,
    showStoSpo,
  });

  async function checkApproval() {
    if (!loaded || busy || refreshing) return;
    setBusy('approval');
    const asked = revision.current;
    try {
      const res = await api.post<CheckApprovalAnswer>('util/check_approval', transporterModel(bodyInput()));
      if (revision.current !== asked) return;
      if (!res.success || !res.data) {
        notify.error(res.message || t('common.requestFailed'), t('assign.errors.checkApproval'));
        return;
      }
      const answer = res.data;
      setTransporters((current) => withApprovalAnswer(current, answer));
      setApproval(answer.approval_list ?? []);
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setBusy(null);
    }
  }

  function problemText(problem: SaveProblem): string {
    const message = t(`alert.${problem.key}`);
    return problem.item ? t('alert.item', { n: problem.item, message }) : message;
  }

  /** The reason a transporter needs and does not have yet, as its message; null when none is missing. */
  function missingReason(): string | null {
    const index = judged.findIndex((entry) => requiresReason(entry) && !str(entry.assign_reason));
    if (index < 0) return null;
    const message = t('editAssign.requireReason');
    return transporters.length > 1 ? t('alert.item', { n: index + 1, message }) : message;
  }

  async function save() {
    if (!loaded || busy || refreshing || approval === null) return;
    const problem = checkBeforeSave(assignForm, transporters);
    if (problem) {
      notify.error(problemText(problem));
      return;
    }
    const reason = missingReason();
    if (reason) {
      notify.error(reason);
      return;
    }
    if (mustSync && syncState !== 'done') {
      notify.error(t('sapOrderEditor.notOk'), t('form.saveError'));
      return;
    }
    setBusy('save');
    try {
      const res = await api.put<{ orderNo?: string; status?: string; needs_approval?: boolean }>(
        'order/edit',
        editBody(bodyInput()),
      );
      if (!res.success) {
        notify.error(res.message || t('common.requestFailed'), t('form.saveError'));
        return;
      }
      notify.success(res.message || t('common.dataSaved'), t('common.dataSaved'));
      onSaved();
    } catch (error) {
      notify.failure(error, t('form.saveError'));
    } finally {
      setBusy(null);
    }
  }

  return {
    loaded,
    rows,
    tab,
    setTab,
    form,
    setField,
    transporters: judged,
    approval,
    inlineError,
    closeInlineError: () => setInlineError(null),
    pending,
    changePending,
    typing,
    setTyping: changeTyping,
    taken,
    refuseDuplicates,
    chipProblem,
    adding,
    addDocuments,
    /** Whether a loaded SAP order may be taken out of the panel (one added here, not the order's own). */
    removable: (id: number) => loaded !== null && !loaded.own.includes(id),
    removing,
    askRemoveDocument,
    cancelRemoveDocument: () => setRemoving(null),
    removeDocument,
    busy,
    refreshing: refreshing > 0,
    category,
    collective,
    showStoSpo,
    autoAssign: loaded?.autoAssign ?? null,
    orderType,
    factory,
    mustSync,
    syncState,
    qtyEditable: qtyEditable(category, loaded?.useLn === true),
    changeLines,
    changeEntry,
    addEntry,
    removeEntry,
    openPicker,
    picking,
    closePicker: () => setPicking(null),
    pick,
    freightRequest,
    tripsLocked: str(header.Shipment_Type) === DELIVERY_USING_TRUCK_SHIPMENT_TYPE,
    sync,
    checkApproval,
    save,
  };
}

export type EditOrderState = ReturnType<typeof useEditOrder>;
