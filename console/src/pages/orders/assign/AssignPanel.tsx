// The Assign Transporter and Assign Customer/Vendor panels of the SAP order list (spec/2 §2.5, §2.6, §4 "Assign
// panel", §5.2, §5.3, §8): where logistic staff turn outstanding SAP orders into transport orders.
//
// Opening loads the chosen SAP orders with saporder/merge_simulate; the first document fixes order type,
// shipment type, warehouse, document type, company and incoterm, and each SAP number added as a chip is loaded
// with them (the server refuses one that does not fit with error_message, shown in the panel). Left: the chips
// and one tab per SAP order. Right: the lines (LinesTable), where the goods go and when, the transporters
// (TransporterBlock and its Select Transporter dialog) and the Approval Matrix.
//
// Approval: what the assignment costs decides who approves it, so Save waits for Check Approval
// (util/check_approval), and anything that changes the cost (a quantity, a line in or out, the charged company, a
// conversion type, a document, a sync, a transporter or its cost and trips) asks for it again.
//
// Freight: a transporter is priced for the lines it was chosen with. When the included lines, their quantities or
// conversion types, the documents, the charged company, the freight date or an entry's trips change afterwards,
// the chosen transporters are priced again (util/refresh_freight_cost, as the Edit order panel asks
// util/refresh_freight_cost_order): a moment after the last change, the answer to the newest panel kept and an
// older one cancelled. Until it is back, Check Approval and Save wait; a freight that changed asks for Check
// Approval again, and a transporter without a rate for the lines any more is cleared to be chosen again.
//
// A relation (the customer or vendor moves the goods itself) has one SAP order, its customer/vendor as the
// transporter with one trip, the truck type it comes with, and no approval; it is saved with
// saporder/assign_customer_vendor.
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  OverlayDrawer,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  Select,
  Spinner,
  Subtitle2,
  Tab,
  TabList,
  Tag,
  TagGroup,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, ArrowSync20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AssignDetail,
  Approver,
  CheckApprovalAnswer,
  TransporterOption,
} from '../../../../../db/resources/order-assign';
import { DELIVERY_USING_TRUCK_SHIPMENT_TYPE } from '../../../../../db/resources/sap-order';
import { api, SessionExpiredError } from '../../../api/client';
import { RefSelect } from '../../../components/form/RefSelect';
import { showToast, TOAST_LIFE_MS, useNotify } from '../../../shell/notify';
import { useListItems } from '../../../components/form/useListItems';
import { sapOrderLabel } from '../../sap-orders';
import type { Row } from '../../../components/grid/expandableRows';
import { formatDate } from '../../../util/format';
import { keyed, useMessageText, type Message } from '../../../util/message';
import { ApprovalMatrix } from './ApprovalMatrix';
import { refreshFreightCost, syncDoSap, transporterQuota } from './calls';
import { LinesTable } from './LinesTable';
import {
  assignBody,
  categoryOf,
  checkBeforeFreight,
  checkBeforeSave,
  entryFromOption,
  firstDocument,
  freightChanged,
  freightRequestOf,
  fromIsoDate,
  initialTransporters,
  qtyEditable,
  refreshRequestOf,
  SAP_HEADER_FIELDS,
  showsFactory,
  splitNumbers,
  str,
  stuffingProblems,
  syncNeeded,
  tabLabel,
  shipmentTypeOf,
  toIsoDate,
  UNJUDGED,
  validRangeOf,
  withApprovalAnswer,
  withFindings,
  withRefreshedFreight,
  withSyncedLines,
  type AssignForm,
  type FirstDocument,
  type MergeSimulateAnswer,
  type SapHeader,
  type SaveProblem,
  type TransporterEntry,
} from './model';
import { SelectTransporterDialog } from './SelectTransporterDialog';
import { TransporterBlock, type EntryChange } from './TransporterBlock';

export type AssignKind = 'transporter' | 'relation';

export interface AssignPanelProps {
  kind: AssignKind;
  /** The SAP orders chosen on the list; the first fixes the rest. */
  rows: Row[];
  onClose: () => void;
  /** After a save: the list is asked again. */
  onSaved: () => void;
}

/** How long the panel waits after the last change before it asks for the freight again (typing, ticking lines). */
const REFRESH_DELAY_MS = 400;

const sameCode = (a: unknown, b: unknown) => str(a).trim().toUpperCase() === str(b).trim().toUpperCase();

const EMPTY_FORM: AssignForm = {
  charge_oa_company: null,
  loading: null,
  destination: null,
  freight_date: '',
  stuffing_from: '',
  stuffing_to: '',
  trip_type: '',
  vessel: null,
  show_conversion_type: false,
  relation_truck_type_id: null,
  sto_spo_per_shipment: false,
  shipment_type: '',
};

const useStyles = makeStyles({
  drawer: {
    height: '94vh',
  },
  titleActions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
  },
  body: {
    display: 'grid',
    gridTemplateColumns: 'minmax(260px, 1fr) minmax(0, 3fr)',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 899px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    // spec/2 §2.5: the panel's two sides scroll on their own, 70 to 80 % of the window high.
    maxHeight: '75vh',
    minHeight: '70vh',
    overflowY: 'auto',
    minWidth: 0,
    paddingRight: tokens.spacingHorizontalXS,
    // Stacked on a narrow screen, the documents' side is only as high as what it holds, and the panel scrolls
    // as one rather than in two boxes one above the other.
    '@media (max-width: 899px)': { maxHeight: 'none', minHeight: 0, overflowY: 'visible' },
  },
  chipsRow: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'flex-end',
  },
  grow: {
    flexGrow: 1,
    minWidth: 0,
  },
  chips: {
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
  },
  headerList: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    margin: 0,
  },
  // The grid lays out the terms and definitions; their wrapper only groups them for the markup.
  pair: {
    display: 'contents',
  },
  term: {
    color: tokens.colorNeutralForeground3,
  },
  definition: {
    margin: 0,
    overflowWrap: 'anywhere',
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    // A field with a hint under it (the stuffing date's valid range) must not stretch its neighbours' inputs.
    alignItems: 'start',
    // A grid item is as wide as its content by default: a long option would widen the column past the panel.
    '& > *': { minWidth: 0 },
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  // A native select is as wide as its longest option unless told otherwise: kept to its field (390 px).
  fill: {
    width: '100%',
    minWidth: 0,
  },
  // A checkbox among the labelled fields sits on their inputs' line.
  checkField: {
    alignSelf: 'end',
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  loading: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXXL,
  },
});

interface Loaded {
  headers: SapHeader[];
  first: FirstDocument;
  meta: MergeSimulateAnswer;
  /** Per merge_simulate answer, its SAP orders and whether they offer STO/SPO per shipment. */
  stoSpo: { ids: number[]; shown: boolean }[];
}

/** The body of merge_simulate for a SAP number, with what the first document fixed. */
function simulateBody(sapNo: string, first: FirstDocument | null) {
  return {
    sap_no: sapNo,
    warehouse_code: first?.warehouse_code ?? null,
    order_type: first?.order_type ?? null,
    shipment_type: first?.shipment_type ?? null,
    document_type: first?.document_type ?? null,
    transporter_code: null,
    company_code: first?.company_code ?? null,
    incoterm: first?.incoterm ?? null,
    is_first: first === null,
    is_edit: false,
  };
}

function conversionOf(data: unknown): string | null {
  if (typeof data === 'string') return data || null;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    const value = record.conversion_type ?? record.Conversion_Type ?? record.code ?? record.id;
    return value ? str(value) : null;
  }
  return null;
}

export function AssignPanel(props: AssignPanelProps) {
  const { kind, rows, onClose, onSaved } = props;
  const relation = kind === 'relation';
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const notify = useNotify();

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [chips, setChips] = useState<string[]>([]);
  const [lines, setLines] = useState<AssignDetail[]>([]);
  const [tab, setTab] = useState<number | null>(null);
  const [form, setForm] = useState<AssignForm>(EMPTY_FORM);
  const [transporters, setTransporters] = useState<TransporterEntry[]>([]);
  const [approval, setApproval] = useState<Approver[] | null>(null);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [chipText, setChipText] = useState('');
  // Kept as its key, so it follows a language switch (util/message.ts).
  const [chipProblem, setChipProblem] = useState<Message | null>(null);
  const [adding, setAdding] = useState(false);
  const [syncOk, setSyncOk] = useState(false);
  const [busy, setBusy] = useState<'sync' | 'approval' | 'save' | null>(null);
  const [picking, setPicking] = useState<number | null>(null);
  // The chosen transporters are being priced again: Check Approval and Save wait for it.
  const [refreshing, setRefreshing] = useState(false);

  const reasons = useListItems(relation ? null : 'list/lookup', { group: 'ASSIGN_TRANSPORTER_REASON' });
  const tripTypes = useListItems('list/lookup', { group: 'FREIGHT_TRIP_TYPE' });
  // Offered where the document has no shipment type (issue 27): the individual ones, the category the server
  // takes a document without one for, so the panel's entries stay as they are.
  const shipmentTypes = useListItems(relation ? null : 'list/lookup', { group: 'SHIPMENT_TYPE' });
  const individualTypes = shipmentTypes.items.filter((item) => {
    const info = str(item.Lookup_Info1 ?? item.info1).toUpperCase();
    return info ? info === 'INDIVIDUAL' : !['COLLECTIVE', 'RELATION'].includes(item.id.toUpperCase());
  });

  const category = categoryOf(loaded?.headers[0]);
  const orderType = loaded?.meta.order_type_data ?? null;
  const useLn = loaded?.meta.use_ln === true;
  const ids = useMemo(() => loaded?.headers.map((h) => h.Id) ?? [], [loaded]);
  // spec/2 §2.2: STO/SPO per shipment shows while a document in the panel offers it (merge_simulate says so).
  const showStoSpo =
    loaded?.stoSpo.some((answered) => answered.shown && answered.ids.some((id) => ids.includes(id))) === true;
  // Each change that asks for Check Approval again is counted: a check answered after one no longer holds.
  const revision = useRef(0);
  const resetApproval = useCallback(() => {
    revision.current += 1;
    setApproval(null);
  }, []);

  // ------------------------------------------------------------------------------------------ freight

  // The panel as last rendered: a refresh runs a moment after the changes that asked for it, and prices them.
  const latest = useRef({ form, lines, transporters, ids, loaded });
  useEffect(() => {
    latest.current = { form, lines, transporters, ids, loaded };
  });
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshCall = useRef<AbortController | null>(null);

  /** Drops a refresh waiting to start and cancels the one on its way: what they would answer no longer holds. */
  const cancelRefresh = useCallback(() => {
    if (refreshTimer.current !== null) clearTimeout(refreshTimer.current);
    refreshTimer.current = null;
    refreshCall.current?.abort();
    refreshCall.current = null;
    setRefreshing(false);
  }, []);
  useEffect(() => cancelRefresh, [cancelRefresh]);

  /** Prices the chosen transporters again for the panel as it is now (spec/2 §4, §7) and keeps the answer. */
  const refreshFreight = useCallback(async () => {
    refreshTimer.current = null;
    const {
      form: nowForm,
      lines: nowLines,
      transporters: entries,
      ids: nowIds,
      loaded: held,
    } = latest.current;
    const asked = held
      ? entries.flatMap((entry, index) => {
          const body = refreshRequestOf(
            {
              form: nowForm,
              lines: nowLines,
              ids: nowIds,
              first: held.first,
              excludeTransporters: held.meta.exclude_transporters ?? [],
            },
            entry,
          );
          return body ? [{ entry, index, body }] : [];
        })
      : [];
    if (!asked.length) {
      setRefreshing(false);
      return;
    }
    const controller = new AbortController();
    refreshCall.current = controller;
    const answers = await refreshFreightCost(
      asked.map((a) => a.body),
      t,
      notify,
      controller.signal,
    );
    // A newer change asked again (or the lane changed, or the panel closed): this answer is for lines gone.
    if (refreshCall.current !== controller) return;
    refreshCall.current = null;
    setRefreshing(false);
    if (!answers) return;
    const priced = asked.flatMap((a, k) => {
      const list = answers[k];
      if (!list) return [];
      const found = list.find((o) => sameCode(o.transporter_code, a.entry.transporter_code)) ?? null;
      return [{ ...a, found }];
    });
    for (const { entry, found } of priced)
      if (!found)
        showToast({
          intent: 'warning',
          title: t('editOrder.noRateTitle'),
          message: t('editOrder.noRate', {
            name: str(entry.transporter_name) || str(entry.transporter_code),
          }),
          life: TOAST_LIFE_MS,
        });
    setTransporters((current) =>
      current.map((entry, i) => {
        const answered = priced.find((p) => p.index === i);
        // An entry given another transporter or truck meanwhile keeps what it was chosen with.
        if (
          !answered ||
          !sameCode(entry.transporter_code, answered.entry.transporter_code) ||
          (entry.truck_type_id ?? null) !== (answered.entry.truck_type_id ?? null)
        )
          return entry;
        // Without a rate for the lines as they are now, the transporter cannot carry them: it is chosen again.
        return answered.found ? withRefreshedFreight(entry, answered.found) : {};
      }),
    );
    if (
      priced.some(({ entry, found }) => !found || freightChanged(entry, withRefreshedFreight(entry, found)))
    )
      resetApproval();
  }, [t, notify, resetApproval]);

  /** Asks for the freight again once the changes pause (typed trips, ticked lines); the last change wins. */
  const scheduleRefresh = useCallback(() => {
    if (relation) return;
    cancelRefresh();
    if (!latest.current.transporters.some((entry) => str(entry.transporter_code))) return;
    setRefreshing(true);
    refreshTimer.current = setTimeout(() => void refreshFreight(), REFRESH_DELAY_MS);
  }, [relation, cancelRefresh, refreshFreight]);

  // ------------------------------------------------------------------------------------------ loading

  const simulate = useCallback(
    async (sapNo: string, first: FirstDocument | null): Promise<MergeSimulateAnswer | string> => {
      try {
        const res = await api.post<MergeSimulateAnswer>(
          'saporder/merge_simulate',
          simulateBody(sapNo, first),
        );
        if (!res.success || !res.data) return res.message || t('assign.simulateFailed');
        if (res.data.error_message) return res.data.error_message;
        return res.data;
      } catch (error) {
        if (error instanceof SessionExpiredError) throw error;
        return error instanceof Error && error.message ? error.message : t('common.requestFailed');
      }
    },
    [t],
  );

  /** Adds a loaded document's orders and lines; false when it brought nothing new. */
  const merge = useCallback(
    (sapNo: string, answer: MergeSimulateAnswer) => {
      const headers = answer.sap_orders ?? [];
      setLoaded((current) => {
        if (!current) return current;
        const known = new Set(current.headers.map((h) => h.Id));
        return {
          ...current,
          headers: [...current.headers, ...headers.filter((h) => !known.has(h.Id))],
          stoSpo: [
            ...current.stoSpo,
            { ids: headers.map((h) => h.Id), shown: answer.show_sto_spo_per_shipment === true },
          ],
        };
      });
      setLines((current) => {
        const known = new Set(current.map((l) => l.Id));
        return [
          ...current,
          ...(answer.sap_order_details ?? [])
            .filter((l) => !known.has(l.Id))
            .map((l) => ({ ...l, include_merge: l.include_merge !== false })),
        ];
      });
      setChips((current) => (current.includes(sapNo) ? current : [...current, sapNo]));
      resetApproval();
      scheduleRefresh();
    },
    [resetApproval, scheduleRefresh],
  );

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const numbers = [...new Set(rows.map((row) => str(row.Document_No)).filter(Boolean))];
    const [firstNo, ...others] = numbers;
    if (!firstNo) {
      onClose();
      return;
    }
    void (async () => {
      try {
        const answer = await simulate(firstNo, null);
        if (typeof answer === 'string') {
          notify.error(answer, t('assign.simulateFailed'));
          onClose();
          return;
        }
        const headers = answer.sap_orders ?? [];
        const head = headers[0];
        if (!head) {
          notify.error(t('assign.simulateFailed'));
          onClose();
          return;
        }
        const first = firstDocument(head);
        const model = answer.assign_model ?? {};
        const stuffing = model.stuffing_date ?? [];
        setLoaded({
          headers,
          first,
          meta: answer,
          stoSpo: [{ ids: headers.map((h) => h.Id), shown: answer.show_sto_spo_per_shipment === true }],
        });
        setChips([firstNo]);
        setTab(head.Id);
        setForm({
          ...EMPTY_FORM,
          charge_oa_company: model.charge_oa_company ?? null,
          loading:
            str(model.loading_destination_from_id ?? answer.default_loading_destination_from_id) || null,
          destination:
            str(model.loading_destination_to_id ?? answer.default_loading_destination_to_id) || null,
          freight_date: fromIsoDate(model.freight_date),
          stuffing_from: fromIsoDate(stuffing[0], true),
          stuffing_to: fromIsoDate(stuffing[1], true),
          trip_type: str(model.trip_type),
          vessel: model.vessel ?? null,
          // spec/2 §2.5: the show-conversion box starts unticked.
          show_conversion_type: false,
          sto_spo_per_shipment: model.sto_spo_per_shipment === true,
        });
        const cat = categoryOf(head);
        setTransporters(
          initialTransporters(
            cat,
            model.transporters,
            relation
              ? { code: str(head.Customer_Vendor_Code) || null, name: str(head.customer_vendor_name) || null }
              : undefined,
          ),
        );
        let details = (answer.sap_order_details ?? []).map((l) => ({
          ...l,
          include_merge: l.include_merge !== false,
        }));
        // Lines without a conversion type take the warehouse's default for the company (freight is priced in KG).
        if (first.warehouse_code && first.company_code && details.some((l) => !l.conversion_type)) {
          try {
            const res = await api.get(
              `util/default_conversion_type/${encodeURIComponent(first.warehouse_code)}/${encodeURIComponent(first.company_code)}`,
            );
            const fallback = res.success ? conversionOf(res.data) : null;
            if (fallback)
              details = details.map((l) => ({ ...l, conversion_type: l.conversion_type || fallback }));
          } catch (error) {
            if (error instanceof SessionExpiredError) return;
          }
        }
        setLines(details);
        for (const sapNo of relation ? [] : others) {
          const more = await simulate(sapNo, first);
          if (typeof more === 'string') setInlineError(more);
          else merge(sapNo, more);
        }
      } catch (error) {
        if (error instanceof SessionExpiredError) return;
        notify.failure(error, t('common.requestFailed'));
        onClose();
      }
    })();
  }, [rows, relation, simulate, merge, notify, t, onClose]);

  // ------------------------------------------------------------------------------------------ chips

  const addBlocked = loaded?.meta.has_order === true || loaded?.meta.dalam_pabrik === true || relation;

  async function addChips() {
    if (!loaded || addBlocked || adding) return;
    const numbers = splitNumbers(chipText);
    if (!numbers.length) return;
    const duplicate = numbers.find(
      (n, i) =>
        chips.includes(n) || numbers.indexOf(n) !== i || loaded.headers.some((h) => str(h.Document_No) === n),
    );
    if (duplicate) {
      setChipProblem(keyed('assign.duplicate', { value: duplicate }));
      return;
    }
    setChipProblem(null);
    setAdding(true);
    try {
      const left: string[] = [];
      for (const sapNo of numbers) {
        const answer = await simulate(sapNo, loaded.first);
        if (typeof answer === 'string') {
          setInlineError(answer);
          left.push(sapNo);
        } else merge(sapNo, answer);
      }
      setChipText(left.join('\n'));
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setAdding(false);
    }
  }

  function removeChip(sapNo: string) {
    if (!loaded || sapNo === chips[0]) return;
    const gone = new Set(loaded.headers.filter((h) => str(h.Document_No) === sapNo).map((h) => h.Id));
    setLoaded({ ...loaded, headers: loaded.headers.filter((h) => !gone.has(h.Id)) });
    setLines((current) => {
      const next = current.filter((l) => str(l.Document_No) !== sapNo);
      return next.length && !next.some((l) => l.include_merge !== false)
        ? next.map((l, i) => (i === 0 ? { ...l, include_merge: true } : l))
        : next;
    });
    setChips((current) => current.filter((c) => c !== sapNo));
    if (tab !== null && gone.has(tab)) setTab(loaded.headers[0]?.Id ?? null);
    resetApproval();
    scheduleRefresh();
  }

  // ------------------------------------------------------------------------------------------ changes

  function setField<K extends keyof AssignForm>(name: K, value: AssignForm[K]) {
    setForm((current) => ({ ...current, [name]: value }));
    // The lane and its trip type price the transporters: a chosen one no longer holds (spec/2 §4).
    if (name === 'loading' || name === 'destination' || name === 'trip_type' || name === 'shipment_type') {
      if (!relation)
        setTransporters((current) => current.map(() => ({})).slice(0, category === 'COLLECTIVE' ? 0 : 1));
      cancelRefresh();
      resetApproval();
    }
    // The rate depends on the company charged and the date it is valid on.
    if (name === 'charge_oa_company' || name === 'freight_date') {
      resetApproval();
      scheduleRefresh();
    }
  }

  function changeLines(next: AssignDetail[], kind: 'qty' | 'include' | 'conversion' | 'factory' | 'rule') {
    setLines(next);
    if (kind === 'factory') setSyncOk(false);
    if (kind !== 'rule') resetApproval();
    // What the transporters carry changed (KG, trips): their freight is asked again.
    if (kind === 'qty' || kind === 'include' || kind === 'conversion') scheduleRefresh();
  }

  function changeEntry(index: number, patch: Partial<TransporterEntry>, change: EntryChange) {
    // Another cost or other trips are judged again (withFindings) until Check Approval answers for them.
    const judged = change === 'cost' || change === 'trips' ? { ...patch, ...UNJUDGED } : patch;
    setTransporters((current) => current.map((entry, i) => (i === index ? { ...entry, ...judged } : entry)));
    if (change !== 'reason') resetApproval();
    if (change === 'trips') scheduleRefresh();
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
    const entry = entryFromOption(option, suggested, trips, rental, toIsoDate(form.freight_date));
    setTransporters((current) => current.map((e, i) => (i === index ? entry : e)));
    resetApproval();
    void checkQuota(index, option.transporter_code);
  }

  function openPicker(index: number) {
    const problem = checkBeforeFreight(form, lines);
    if (problem) {
      notify.error(t(`alert.${problem}`));
      return;
    }
    setPicking(index);
  }

  const freightRequest = useMemo(
    () =>
      picking === null || !loaded
        ? null
        : freightRequestOf({
            form,
            lines,
            ids,
            first: loaded.first,
            excludeTransporters: loaded.meta.exclude_transporters ?? [],
            transporters,
            picking,
          }),
    [picking, loaded, form, lines, ids, transporters],
  );

  // ------------------------------------------------------------------------------------------ sync

  const mustSync = !relation && syncNeeded(orderType, lines);

  async function sync() {
    if (!loaded || busy) return;
    setBusy('sync');
    const head = loaded.headers[0]!;
    const outcome = await syncDoSap(
      'saporder/sync_do_sap',
      {
        ...head,
        Details: lines.filter((l) => str(l.Document_No) === str(head.Document_No) || !l.Document_No),
      },
      t,
      notify,
    );
    const synced = outcome.lines;
    if (synced) setLines((current) => withSyncedLines(current, synced));
    setSyncOk(outcome.ok);
    if (outcome.ok) resetApproval();
    setBusy(null);
  }

  // ------------------------------------------------------------------------------------------ approval and save

  // The entries with why their criteria apply, judged as soon as they are chosen or changed (spec/2 §5.3): the
  // block shows the reason as required and says why, and the body sends require_reason accordingly.
  const judgedTransporters = useMemo(
    () =>
      relation
        ? transporters
        : withFindings(transporters, {
            chargeOaCompany: form.charge_oa_company,
            orderCompany: loaded?.first.company_code ?? null,
          }),
    [relation, transporters, form.charge_oa_company, loaded],
  );

  const body = () =>
    assignBody({
      ids,
      first: loaded?.first ?? null,
      form,
      lines,
      transporters: judgedTransporters,
      approval,
      lnType: loaded?.meta.ln_type ?? null,
      lnIncoRule: loaded?.meta.ln_inco_rule ?? null,
      showStoSpo,
    });

  async function checkApproval() {
    if (!loaded || busy || refreshing) return;
    setBusy('approval');
    const asked = revision.current;
    try {
      const res = await api.post<CheckApprovalAnswer>('util/check_approval', body());
      // Something that changes the cost changed while it was asked: this check no longer holds.
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

  async function save() {
    if (!loaded || busy || refreshing || stuffingBlocked) return;
    const problem = checkBeforeSave(form, transporters);
    if (problem) {
      notify.error(problemText(problem));
      return;
    }
    if (!form.stuffing_to.trim()) setForm((current) => ({ ...current, stuffing_to: current.stuffing_from }));
    if (mustSync && !syncOk) {
      notify.error(t('sapOrderEditor.notOk'), t('form.saveError'));
      return;
    }
    setBusy('save');
    try {
      const res = await api.post(
        relation ? 'saporder/assign_customer_vendor' : 'saporder/assign_transporter',
        body(),
      );
      if (!res.success) {
        notify.error(res.message || t('common.requestFailed'), t('form.saveError'));
        return;
      }
      notify.success(res.message, t('common.dataSaved'));
      onSaved();
      onClose();
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setBusy(null);
    }
  }

  // ------------------------------------------------------------------------------------------ render

  const head = loaded?.headers[0];
  const title = relation ? t('assignRelation.title') : t('assign.title');
  const current = loaded?.headers.find((h) => h.Id === tab) ?? head;
  const approvalChecked = approval !== null;
  // The stuffing dates judged by the save's own rule (issue 27): the valid range the documents share (their
  // Valid_From/Valid_To), shown under the field as the dates are typed, and no Save while it refuses them.
  const validRange = validRangeOf(loaded?.headers ?? []);
  const stuffing = stuffingProblems(form.stuffing_from, form.stuffing_to, validRange);
  const rangeParams = {
    from: validRange.from ? fromIsoDate(validRange.from, true) : '…',
    to: validRange.to ? fromIsoDate(validRange.to, true) : '…',
  };
  const stuffingMessage = (problem: string | null) =>
    problem ? t(`orderStuffing.problems.${problem}`, rangeParams) : undefined;
  const stuffingBlocked = stuffing.from !== null || stuffing.to !== null;
  const saveDisabled =
    !loaded || busy !== null || refreshing || stuffingBlocked || (!relation && !approvalChecked);

  return (
    <OverlayDrawer
      open
      position="bottom"
      className={styles.drawer}
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open && busy === null) onClose();
      }}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              icon={<Dismiss20Regular />}
              aria-label={t('assign.close')}
              onClick={onClose}
            />
          }
        >
          {head ? `${title}: ${chips.join(', ')}` : title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {!loaded ? (
          <div className={styles.loading}>
            <Spinner label={t('assign.loading')} />
          </div>
        ) : (
          <div className={styles.body}>
            <div className={styles.column}>
              {inlineError ? (
                <MessageBar intent="error">
                  <MessageBarBody>{inlineError}</MessageBarBody>
                  <MessageBarActions
                    containerAction={
                      <Button
                        appearance="transparent"
                        icon={<Dismiss20Regular />}
                        aria-label={t('common.close')}
                        onClick={() => setInlineError(null)}
                      />
                    }
                  />
                </MessageBar>
              ) : null}
              <Field
                label={t('assign.sapNo')}
                validationState={chipProblem ? 'error' : 'none'}
                validationMessage={say(chipProblem)}
                hint={
                  loaded.meta.has_order
                    ? t('assign.addDisabledOrder')
                    : loaded.meta.dalam_pabrik
                      ? t('assign.addDisabledFactory')
                      : undefined
                }
              >
                <div className={styles.chipsRow}>
                  <Input
                    className={styles.grow}
                    placeholder={t('assign.sapNoPlaceholder')}
                    disabled={addBlocked}
                    value={chipText}
                    onChange={(_, data) => {
                      setChipText(data.value);
                      setChipProblem(null);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        void addChips();
                      }
                    }}
                  />
                  <Button
                    icon={adding ? <Spinner size="tiny" /> : <Add20Regular />}
                    disabled={addBlocked || adding || !chipText.trim()}
                    onClick={() => void addChips()}
                  >
                    {t('assign.add')}
                  </Button>
                </div>
              </Field>
              <TagGroup
                className={styles.chips}
                aria-label={t('assign.documents')}
                onDismiss={(_, data) => removeChip(String(data.value))}
              >
                {chips.map((chip, i) => (
                  <Tag
                    key={chip}
                    value={chip}
                    size="small"
                    shape="rounded"
                    dismissible={i > 0}
                    aria-label={i > 0 ? t('assign.removeChip', { value: chip }) : chip}
                  >
                    {chip}
                  </Tag>
                ))}
              </TagGroup>
              <TabList
                size="small"
                selectedValue={current?.Id}
                aria-label={t('assign.documents')}
                onTabSelect={(_, data) => setTab(Number(data.value))}
              >
                {loaded.headers.map((header) => (
                  <Tab key={header.Id} value={header.Id}>
                    {tabLabel(header)}
                  </Tab>
                ))}
              </TabList>
              {current ? (
                <dl className={styles.headerList} aria-label={t('assign.header')}>
                  {SAP_HEADER_FIELDS.map((field) => (
                    <div key={field} className={styles.pair}>
                      <dt className={styles.term}>{sapOrderLabel(t, field)}</dt>
                      <dd className={styles.definition}>
                        {field.startsWith('Valid_') ? formatDate(str(current[field])) : str(current[field])}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </div>
            <div className={styles.column}>
              <div className={styles.toolbar}>
                <Checkbox
                  label={t('assign.showConversion')}
                  checked={form.show_conversion_type}
                  onChange={(_, data) => setField('show_conversion_type', data.checked === true)}
                />
                {mustSync ? (
                  <Button
                    icon={busy === 'sync' ? <Spinner size="tiny" /> : <ArrowSync20Regular />}
                    disabled={busy !== null}
                    onClick={() => void sync()}
                  >
                    {t('assign.sync')}
                  </Button>
                ) : null}
              </div>
              {mustSync ? (
                <MessageBar intent={syncOk ? 'success' : 'warning'}>
                  <MessageBarBody>{syncOk ? t('assign.syncDone') : t('assign.syncRequired')}</MessageBarBody>
                </MessageBar>
              ) : null}
              <div className={styles.section}>
                <Subtitle2 as="h3">{t('assign.lines')}</Subtitle2>
                <LinesTable
                  lines={lines}
                  qtyEditable={relation || qtyEditable(category, useLn)}
                  showFactory={!relation && showsFactory(orderType)}
                  conversionParams={{
                    company_code: str(form.charge_oa_company ?? loaded.first.company_code),
                    factory_code: str(loaded.first.warehouse_code),
                  }}
                  lnType={loaded.meta.ln_type ?? null}
                  onChange={changeLines}
                />
              </div>
              <div className={styles.fields}>
                <Field label={t('assign.fields.loading')} required>
                  <RefSelect
                    url="list/location_id"
                    minChars={0}
                    value={form.loading}
                    onChange={(value) => setField('loading', value)}
                  />
                </Field>
                <Field label={t('assign.fields.destination')} required>
                  <RefSelect
                    url="list/location_id"
                    minChars={0}
                    value={form.destination}
                    onChange={(value) => setField('destination', value)}
                  />
                </Field>
                <Field label={t('assign.fields.chargeOaCompany')} required>
                  <RefSelect
                    url="list/company_code"
                    minChars={0}
                    value={form.charge_oa_company}
                    onChange={(value) => setField('charge_oa_company', value)}
                  />
                </Field>
                <Field label={t('assign.fields.freightDate')} required>
                  <Input
                    placeholder={t('form.datePlaceholder')}
                    maxLength={10}
                    value={form.freight_date}
                    onChange={(_, data) => setField('freight_date', data.value.replace(/[^\d/]/g, ''))}
                  />
                </Field>
                <Field
                  label={t('assign.fields.stuffingFrom')}
                  required
                  hint={validRange.from || validRange.to ? t('assign.stuffingRange', rangeParams) : undefined}
                  validationState={stuffing.from ? 'error' : 'none'}
                  validationMessage={stuffingMessage(stuffing.from)}
                >
                  <Input
                    placeholder={t('assign.shortDate')}
                    maxLength={8}
                    value={form.stuffing_from}
                    onChange={(_, data) => setField('stuffing_from', data.value.replace(/[^\d/]/g, ''))}
                  />
                </Field>
                <Field
                  label={t('assign.fields.stuffingTo')}
                  validationState={stuffing.to ? 'error' : 'none'}
                  validationMessage={stuffingMessage(stuffing.to)}
                >
                  <Input
                    placeholder={t('assign.shortDate')}
                    maxLength={8}
                    value={form.stuffing_to}
                    onChange={(_, data) => setField('stuffing_to', data.value.replace(/[^\d/]/g, ''))}
                  />
                </Field>
                <Field label={t('assign.fields.tripType')}>
                  <Select
                    className={styles.fill}
                    select={{ className: styles.fill }}
                    value={form.trip_type}
                    onChange={(_, data) => setField('trip_type', data.value)}
                  >
                    <option value="">{t('form.pleaseSelect')}</option>
                    {tripTypes.items.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.text}
                      </option>
                    ))}
                  </Select>
                </Field>
                {!relation && !loaded.first.shipment_type ? (
                  <Field label={t('assign.fields.shipmentType')} hint={t('assign.shipmentTypeHint')}>
                    <Select
                      className={styles.fill}
                      select={{ className: styles.fill }}
                      value={form.shipment_type ?? ''}
                      onChange={(_, data) => setField('shipment_type', data.value)}
                    >
                      <option value="">{t('form.pleaseSelect')}</option>
                      {individualTypes.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.text}
                        </option>
                      ))}
                    </Select>
                  </Field>
                ) : null}
                {showStoSpo ? (
                  <Checkbox
                    className={styles.checkField}
                    label={t('assign.fields.stoSpoPerShipment')}
                    checked={form.sto_spo_per_shipment}
                    onChange={(_, data) => setField('sto_spo_per_shipment', data.checked === true)}
                  />
                ) : null}
                <Field label={t('assign.fields.vessel')}>
                  <RefSelect
                    url="list/vessel_code"
                    minChars={0}
                    clearable
                    value={form.vessel}
                    onChange={(value) => setField('vessel', value)}
                  />
                </Field>
              </div>
              {relation ? (
                <div className={styles.fields}>
                  <Field label={t('assignRelation.customerVendor')}>
                    <Input
                      readOnly
                      appearance="filled-darker"
                      value={[str(head?.Customer_Vendor_Code), str(head?.customer_vendor_name)]
                        .filter(Boolean)
                        .join(' - ')}
                    />
                  </Field>
                  <Field label={t('assignRelation.relationTruckType')}>
                    <RefSelect
                      // Keyed by the row id the assign model sends (relation_truck_type_id), not by its code.
                      url="list/truck_type_id"
                      minChars={0}
                      value={form.relation_truck_type_id}
                      onChange={(value) => setField('relation_truck_type_id', value)}
                    />
                  </Field>
                  <Field label={t('assignRelation.userTrips')}>
                    <Input readOnly appearance="filled-darker" value="1" />
                  </Field>
                </div>
              ) : (
                <TransporterBlock
                  entries={judgedTransporters}
                  collective={category === 'COLLECTIVE'}
                  reasons={reasons.items}
                  disabled={busy !== null}
                  refreshing={refreshing}
                  onSelect={openPicker}
                  onChange={changeEntry}
                  onAdd={() => setTransporters((current) => [...current, {}])}
                  onRemove={(index) => {
                    setTransporters((current) => current.filter((_, i) => i !== index));
                    resetApproval();
                  }}
                />
              )}
              {relation ? null : (
                <ApprovalMatrix
                  approval={approval}
                  checking={busy === 'approval'}
                  disabled={busy !== null || refreshing}
                  onCheck={() => void checkApproval()}
                />
              )}
            </div>
          </div>
        )}
      </DrawerBody>
      <DrawerFooter>
        <Button appearance="primary" disabled={saveDisabled} onClick={() => void save()}>
          {busy === 'save' ? t('assign.saving') : t('assign.save')}
        </Button>
        <Button onClick={onClose} disabled={busy === 'save'}>
          {t('common.cancel')}
        </Button>
      </DrawerFooter>
      {relation || picking === null ? null : (
        <SelectTransporterDialog
          open
          request={freightRequest}
          tripsLocked={shipmentTypeOf(loaded?.first ?? null, form) === DELIVERY_USING_TRUCK_SHIPMENT_TYPE}
          onPick={pick}
          onClose={() => setPicking(null)}
        />
      )}
    </OverlayDrawer>
  );
}
