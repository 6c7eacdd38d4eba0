// The SAP order editor (/SAPOrder/Editor?mode=create|edit|view&id=, spec/3 §2.1, §4.2, §5, §7, §8).
//
// In the editor frame every record screen shares (components/editor: loading, mode from the rights on SAPOrder,
// Back, Info, Save with "Are you sure?", unsaved changes). Loads `GET saporder/{id}/{mode}` (id 0 for create: the
// server's defaults), then asks what the rules are decided
// from: util/check_sap_order_type for the Type (transfer orders take customer/vendor and incoterm from its
// defaults and lock them), util/order_type_fields (by id, or by code and name for a newly chosen order type) for
// the order type's flags (which fields and columns show), util/order_is_relation for incoterm + order type
// (relation orders use the relation shipment type, locked), and SAP_SYNC_SETTING for the types that must be
// synced with SAP before saving. model.ts decides from these what shows, what is locked and what is forced.
//
// Sync with SAP (spec/2 §8, spec/3 §4.2): a successful `saporder/sync_do_sap` replaces the lines with SAP's and
// its message_code comes as the warning "Info SO Factory"; a failure toasts "Error Sync to SAP" with SAP's
// message and code and makes the sync required again. The sync counts for the lines SAP answered: changing a
// material, quantity or unit afterwards needs another sync, exactly as the server checks it. Saving while a sync
// is required and not done is refused here with "Error Saving Data" / "NOT OK" and, under it, which sync is
// missing for which line (model.ts syncNeed), before "Are you sure?" (asking to confirm a save that cannot happen
// helps nobody); the server refuses it the same way (SYNC_REQUIRED, its reason in data.detail, which the editor
// frame shows under "NOT OK"), which also marks the sync required for a type this screen did not know needed one.
//
// Save: "Are you sure?", then `POST saporder/` with the whole header and its Details; success goes back to the
// SAP order list with "Data Saved" and the server's message; field errors show under their inputs and cells, and
// those about fields the order type does not show are listed in the summary.
import { Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSync20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RELATION_SHIPMENT_TYPE, SYNC_SAP, TRANSFER_ORDER } from '../../../../../db/resources/sap-order';
import { dataOf, useFailureToast } from '../../../api/answer';
import { api, SessionExpiredError } from '../../../api/client';
import { usePermission } from '../../../api/permission';
import { EditorFrame } from '../../../components/editor/EditorFrame';
import { useEditor, type EditorMode, type FieldErrors } from '../../../components/editor/useEditor';
import type { FormValue } from '../../../components/form/values';
import { textOf } from '../../../components/grid/cellFormat';
import { useScreenStyles } from '../../../components/screenStyles';
import { showToast, TOAST_LIFE_MS, useNotify } from '../../../shell/notify';
import { fieldLabel, keyed, type KeyedMessage } from '../../../util/message';
import { DetailTable } from './DetailTable';
import { HeaderFields } from './HeaderFields';
import {
  checkOrder,
  decideRules,
  lineFromServer,
  linesFingerprint,
  orderBody,
  orderFromServer,
  referenceLine,
  str,
  syncNeed,
  type EditorOrder,
  type LineRow,
  type ListItem,
  type ListName,
  type OrderTypeFlags,
  type TransferDefaults,
  withDependents,
  withForcedValues,
  withTransferDefaults,
} from './model';
import { useListItems } from '../../../components/form/useListItems';

const INDEX_PATH = '/SAPOrder/Index';
/** The resource whose labels name the order's fields (locales resources `SAPOrder.fields`). */
const SAP_ORDER = 'SAPOrder';
const SYNC_REQUIRED = 'SYNC_REQUIRED';

const useStyles = makeStyles({
  sections: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
});

interface TransferCheck {
  type: string;
  transfer: boolean;
  defaults: TransferDefaults;
}

function snapshot(order: EditorOrder): string {
  return JSON.stringify([order.values, order.lines.map((l) => [l.id, l.values])]);
}

function readOrder(data: unknown): EditorOrder | null {
  const header = (data as { header?: Record<string, unknown> } | null | undefined)?.header;
  return header ? orderFromServer(header) : null;
}

export default function SapOrderEditorPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const screen = useScreenStyles();
  const notify = useNotify();
  const editor = useEditor<EditorOrder>({
    permission: usePermission('SAPOrder', 'Editor'),
    path: 'saporder',
    read: readOrder,
    snapshot,
    indexPath: INDEX_PATH,
  });
  const { mode, editable, errors, setErrors, dropErrors } = editor;
  const order = editor.record;
  const setOrder = editor.update;

  const [syncing, setSyncing] = useState(false);
  // The fingerprint of the lines SAP answered in the last successful sync; null when none (or it failed).
  const [syncedPrint, setSyncedPrint] = useState<string | null>(null);
  // The SAP document whose last sync failed, so a refused save can say so.
  const [failedSync, setFailedSync] = useState<string | null>(null);
  const [serverWantsSync, setServerWantsSync] = useState(false);
  // The customer/vendor lookup of the order type the user had before choosing another (customer ↔ vendor
  // clears the code, which would not be found in the other list).
  const partyKind = useRef<boolean | null>(null);

  const label = useCallback(
    (field: string) =>
      t([`SAPOrder.fields.${field}`, `common.fields.${field}`], { ns: 'resources', defaultValue: field }),
    [t],
  );

  // What the user has entered; the screen shows and sends it with what the rules decide put in (`shown`).
  const entered = useMemo(() => order?.values ?? {}, [order]);
  const type = str(entered.Type);
  const orderType = str(entered.Order_Type);

  // ------------------------------------------------------------------------------------------ lists

  const orderTypeError = useCallback(
    (error: unknown, message: string) =>
      error
        ? notify.failure(error, t('common.requestFailed'))
        : notify.error(message || t('common.requestFailed'), t('sapOrderEditor.errors.orderType')),
    [notify, t],
  );
  const ready = order !== null;
  const createTypes = useListItems(ready ? 'list/sap_order_type' : null);
  const orderTypes = useListItems(ready ? 'list/order_type' : null, { type }, orderTypeError);
  const documentTypes = useListItems(ready ? 'list/lookup' : null, { group: 'DOCUMENT_TYPE' });
  const distributions = useListItems(ready ? 'list/lookup' : null, { group: 'DISTRIBUTION' });
  const langsirTypes = useListItems(ready ? 'list/lookup' : null, { group: 'LANGSIR_TYPE' });
  const shipmentTypes = useListItems(ready ? 'list/lookup' : null, { group: 'SHIPMENT_TYPE' });
  const syncSettings = useListItems(ready && editable ? 'list/lookup' : null, { group: 'SAP_SYNC_SETTING' });
  const lists: Record<ListName, ListItem[]> = {
    createTypes: createTypes.items,
    orderTypes: orderTypes.items,
    DOCUMENT_TYPE: documentTypes.items,
    DISTRIBUTION: distributions.items,
    LANGSIR_TYPE: langsirTypes.items,
    SHIPMENT_TYPE: shipmentTypes.items,
  };

  const setValues = useCallback(
    (patch: Record<string, FormValue>) =>
      setOrder((current) => ({ ...current, values: { ...current.values, ...patch } })),
    [setOrder],
  );

  // Transfer or not, and the transfer defaults, for the Type (SYNC SAP is neither: it is SAP's document). Asked
  // again when the Type changes; the order type only travels along (the one chosen when the Type was).
  const askedType = ready && type && type !== SYNC_SAP ? type : null;
  const [transferAsk, setTransferAsk] = useState<{ type: string; orderType: string } | null>(null);
  if ((transferAsk?.type ?? null) !== askedType) {
    setTransferAsk(askedType ? { type: askedType, orderType } : null);
  }
  const transferQuery = useQuery({
    queryKey: ['util/check_sap_order_type', transferAsk?.type, transferAsk?.orderType],
    queryFn: () =>
      dataOf(
        api.post<{ is_transfer_order?: boolean; default_model?: TransferCheck['defaults'] }>(
          'util/check_sap_order_type',
          { type: transferAsk?.type, order_type: transferAsk?.orderType || null },
        ),
      ),
    enabled: transferAsk !== null,
  });
  useFailureToast(transferQuery.error, { notify, title: t('sapOrderEditor.errors.createType') });
  const transferAnswer = transferQuery.data;
  const transferCheck = useMemo<TransferCheck | null>(
    () =>
      transferAsk && transferAnswer
        ? {
            type: transferAsk.type,
            transfer: transferAnswer.is_transfer_order === true,
            defaults: transferAnswer.default_model ?? { vendor: null, incoterm: null, document_type: null },
          }
        : null,
    [transferAsk, transferAnswer],
  );

  // The order type's flags by its id: the stored order type's, else the chosen item's (list/order_type items
  // carry it); by the item's code and name only for an item without one.
  const orderTypeItem = orderTypes.items.find((item) => item.id === orderType);
  const orderTypeId =
    order?.meta.orderTypeId !== null && order?.meta.orderType === orderType
      ? order.meta.orderTypeId
      : typeof orderTypeItem?.Id === 'number'
        ? orderTypeItem.Id
        : null;
  const flagsUrl = !orderType
    ? null
    : orderTypeId !== null
      ? `util/order_type_fields?id=${orderTypeId}`
      : orderTypeItem
        ? `util/order_type_fields_code_name?${new URLSearchParams({
            code: textOf(orderTypeItem.Code ?? orderTypeItem.name ?? orderTypeItem.id),
            name: textOf(orderTypeItem.Name ?? orderTypeItem.id),
          }).toString()}`
        : null;
  // The flags travel with the order type they were asked for; while another order type's are asked, the last
  // answer stays (and is ignored unless its order type is the current one).
  const flagsQuery = useQuery({
    queryKey: ['order-type-flags', flagsUrl, orderType],
    queryFn: async () => ({ orderType, flags: await dataOf(api.get<OrderTypeFlags>(flagsUrl ?? '')) }),
    enabled: ready && flagsUrl !== null,
    placeholderData: keepPreviousData,
  });
  useFailureToast(flagsQuery.error, { notify, title: t('sapOrderEditor.errors.orderTypeData') });
  const flags = flagsQuery.data ?? null;
  const flagsAnswer = flagsQuery.isPlaceholderData ? null : flagsQuery.data;
  useEffect(() => {
    if (!flagsAnswer) return;
    // An order type that switches between customers and vendors clears the code chosen before, which the other
    // list would not know (a transfer order's code comes from its defaults anyway).
    const customers = flagsAnswer.flags.Use_Customer === true;
    if (partyKind.current !== null && partyKind.current !== customers) {
      setValues({ Customer_Vendor_Code: '', Address: '' });
    }
    partyKind.current = customers;
  }, [flagsAnswer, setValues]);

  const transfer =
    transferCheck && transferCheck.type === type ? transferCheck.transfer : type === TRANSFER_ORDER;
  const defaulted = useMemo(
    () =>
      withTransferDefaults(
        entered,
        transfer && editable,
        transferCheck?.type === type ? transferCheck.defaults : null,
      ),
    [entered, transfer, editable, transferCheck, type],
  );
  const incoterm = str(defaulted.Incoterm);

  // Relation or not: asked for every incoterm and order type while editing; a view shows what was stored. A
  // refused or failed answer says nothing (the stored order's word stands).
  const relationQuery = useQuery({
    queryKey: ['util/order_is_relation', incoterm, orderType],
    queryFn: async () => {
      const query = new URLSearchParams({ incoterm, order_type: orderType }).toString();
      const res = await api.get<boolean>(`util/order_is_relation?${query}`);
      return res.success ? res.data === true : null;
    },
    enabled: ready && editable && Boolean(incoterm) && Boolean(orderType),
  });
  const relationAnswer = relationQuery.data ?? null;

  // ------------------------------------------------------------------------------------------ rules

  const currentFlags = flags && flags.orderType === orderType ? flags.flags : null;
  // Until the answer for the current incoterm and order type arrives, the stored order's word stands.
  const relation = !editable
    ? (order?.meta.isRelation ?? false)
    : !incoterm || !orderType
      ? false
      : (relationAnswer ?? order?.meta.isRelation ?? false);
  const langsirItem = langsirTypes.items.find((item) => item.id === str(entered.Langsir_Type));
  const relationShipmentType =
    shipmentTypes.items.find((item) => textOf(item.Lookup_Info1).toUpperCase() === 'RELATION')?.id ??
    RELATION_SHIPMENT_TYPE;
  const rules = useMemo(
    () =>
      decideRules({
        mode: editable ? (mode as EditorMode) : 'view',
        values: defaulted,
        flags: currentFlags,
        transfer,
        relation,
        langsirInfo: langsirItem
          ? {
              info1: langsirItem.Lookup_Info1 as string | null | undefined,
              info2: langsirItem.Lookup_Info2 as string | null | undefined,
            }
          : null,
        relationShipmentType,
      }),
    [mode, editable, defaulted, currentFlags, transfer, relation, langsirItem, relationShipmentType],
  );
  const shown = useMemo(() => withForcedValues(defaulted, rules), [defaulted, rules]);

  // ------------------------------------------------------------------------------------------ sync

  const syncCodes = useMemo(
    () =>
      new Set(
        syncSettings.items
          // A lookup that does not carry Info1 is taken as listing the types that need a sync.
          .filter((item) => textOf(item.Lookup_Info1 ?? 'Y').toUpperCase() === 'Y')
          .map((item) => item.id.toUpperCase()),
      ),
    [syncSettings.items],
  );
  const lines = order?.lines ?? [];
  const syncNeeded =
    editable &&
    !rules.syncSap &&
    (serverWantsSync || (currentFlags !== null && syncCodes.has(currentFlags.Code.toUpperCase())));
  const syncDone = syncedPrint !== null && syncedPrint === linesFingerprint(entered.Order_Type, lines);

  async function syncWithSap() {
    if (!order || syncing) return;
    setSyncing(true);
    const failed = (message: string) =>
      showToast({ intent: 'error', title: t('sapOrderEditor.errors.sync'), message, life: TOAST_LIFE_MS });
    try {
      const res = await api.post<Record<string, unknown>[]>(
        'saporder/sync_do_sap',
        orderBody(order.meta.id, shown, lines, rules),
      );
      if (res.success && Array.isArray(res.data)) {
        // SAP's lines replace the screen's; a line SAP answers under a stored item number keeps its Id.
        const byItem = new Map(order.lines.map((l) => [str(l.values.Item_No), l.id]));
        const next: LineRow[] = res.data.map((line) => {
          const row = lineFromServer(line);
          if (row.id === null) row.id = byItem.get(str(row.values.Item_No)) ?? null;
          return row;
        });
        setOrder((current) => ({ ...current, lines: next }));
        setSyncedPrint(linesFingerprint(order.values.Order_Type, next));
        setFailedSync(null);
        setErrors((current) =>
          Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('Details'))),
        );
        if (res.message_code) {
          showToast({
            intent: 'warning',
            title: t('sapOrderEditor.infoSoFactory'),
            message: res.message_code,
            life: TOAST_LIFE_MS,
          });
        } else {
          notify.success(res.message, t('sapOrderEditor.synced'));
        }
        return;
      }
      setSyncedPrint(null);
      setFailedSync(referenceLine(lines)?.document ?? null);
      setServerWantsSync(true);
      if (res.errors && Object.keys(res.errors).length)
        setErrors((current) => ({ ...current, ...res.errors }));
      failed([res.message || t('common.requestFailed'), res.message_code].filter(Boolean).join('\n'));
    } catch (error) {
      setSyncedPrint(null);
      if (error instanceof SessionExpiredError) return;
      failed(error instanceof Error && error.message ? error.message : t('common.requestFailed'));
    } finally {
      setSyncing(false);
    }
  }

  // ------------------------------------------------------------------------------------------ changes

  // Stable, so only the changed input renders again on a keystroke.
  const setValue = useCallback(
    (name: string, value: FormValue) => {
      const patch = withDependents(name, value);
      setValues(patch);
      dropErrors((key) => key in patch);
    },
    [setValues, dropErrors],
  );

  const changeLines = useCallback(
    (change: (lines: LineRow[]) => LineRow[], changedCell?: string) => {
      setOrder((current) => ({ ...current, lines: change(current.lines) }));
      // A changed cell loses its message; an added or removed line moves the others, so the table's messages
      // no longer point at the right cells and go.
      dropErrors((key) =>
        changedCell ? key === changedCell : key === 'Details' || key.startsWith('Details.'),
      );
    },
    [setOrder, dropErrors],
  );

  // ------------------------------------------------------------------------------------------ save

  const shows = (key: string) =>
    key === 'Details' || key.startsWith('Details.') || rules.header[key]?.shown === true;

  // Kept as keys with the fields' labels, so they show in the language of the moment (util/message.ts).
  function validate(): FieldErrors {
    const found: FieldErrors = {};
    for (const [key, problem] of Object.entries(checkOrder(shown, lines, rules))) {
      const params: KeyedMessage['params'] = {
        ...problem.params,
        field: fieldLabel(SAP_ORDER, problem.field),
        ...(problem.key === 'validation.dateOrder'
          ? { from: fieldLabel(SAP_ORDER, String(problem.params?.from ?? '')) }
          : {}),
      };
      found[key] = [keyed(problem.key, params)];
    }
    return found;
  }

  // A save that cannot happen is refused before "Are you sure?" (see the top of the file), saying under "NOT OK"
  // which sync is missing and for which line, as the server's refusal does.
  function syncedEnough(): boolean {
    if (!syncNeeded || syncDone) return true;
    const need = syncNeed(lines, { answered: syncedPrint !== null, failedDocument: failedSync });
    const reason = t(need.key, { ...need.params, field: label(need.field) });
    notify.error(`${t('sapOrderEditor.notOk')}\n${reason}`, t('form.saveError'));
    return false;
  }

  // ------------------------------------------------------------------------------------------ render

  return (
    <EditorFrame
      editor={editor}
      name={t('SAPOrder.title', { ns: 'resources' })}
      label={label}
      audit={order?.meta.audit}
      busy={syncing}
      actions={
        syncNeeded ? (
          <Button
            icon={syncing ? <Spinner size="tiny" /> : <ArrowSync20Regular />}
            disabled={syncing}
            onClick={() => void syncWithSap()}
          >
            {t('sapOrderEditor.sync')}
          </Button>
        ) : null
      }
      notices={
        <>
          {syncNeeded ? (
            <MessageBar intent={syncDone ? 'success' : 'warning'}>
              <MessageBarBody>
                {syncDone ? t('sapOrderEditor.syncDone') : t('sapOrderEditor.syncRequired')}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {rules.syncSap && editable ? (
            <MessageBar intent="info">
              <MessageBarBody>{t('sapOrderEditor.syncSapLocked')}</MessageBarBody>
            </MessageBar>
          ) : null}
        </>
      }
      validate={validate}
      beforeConfirm={syncedEnough}
      submit={(current) => api.post('saporder/', orderBody(current.meta.id, shown, lines, rules))}
      onRefused={(res) => {
        if (res.message_code !== SYNC_REQUIRED) return;
        setServerWantsSync(true);
        setSyncedPrint(null);
      }}
      shows={shows}
    >
      <div className={styles.sections}>
        <div className={screen.card}>
          <HeaderFields
            values={shown}
            rules={rules}
            lists={lists}
            errors={errors}
            label={label}
            onChange={setValue}
          />
        </div>
        <div className={screen.card}>
          <DetailTable
            lines={lines}
            header={shown}
            rules={rules}
            errors={errors}
            label={label}
            onChange={changeLines}
          />
        </div>
      </div>
    </EditorFrame>
  );
}
