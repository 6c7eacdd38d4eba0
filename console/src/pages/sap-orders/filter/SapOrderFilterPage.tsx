// Filter from SAP (/SAPOrder/Filter, spec/3 §2.2): the Filter tab collects the criteria, asks the order type's flags
// (util/order_type_fields_code_name: its Info1 is the transfer type) and checks what that type requires (rules.ts,
// the server's rules) before POST saporder/filter; the server checks again, and its refusal shows under the fields
// it names, in a closable banner on the Filter tab and as an "Error Filtering Data" toast (spec/3 §8). A found
// result opens the Result tab (ResultGrid); Save asks "Are you sure?", posts the checked rows to
// saporder/save_filter and goes to the SAP order list with the server's "SAP Order has been saved successfully".
import {
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Spinner,
  Tab,
  TabList,
  Text,
  Title2,
  ToggleButton,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowLeft20Regular,
  ChevronDoubleDown20Regular,
  ChevronDoubleUp20Regular,
  Dismiss20Regular,
  Filter20Regular,
  Save20Regular,
} from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SessionExpiredError, api } from '../../../api/client';
import { usePermission } from '../../../api/permission';
import { ConfirmDialog } from '../../../components/form/ConfirmDialog';
import { FieldControl } from '../../../components/form/FieldControl';
import { RefSelect } from '../../../components/form/RefSelect';
import { textOf } from '../../../components/grid/cellFormat';
import { useScreenStyles } from '../../../components/screenStyles';
import { useNotify } from '../../../shell/notify';
import { keyed, useMessageText, type Message } from '../../../util/message';
import type { Row } from '../../../components/grid/expandableRows';
import { ChipsInput } from '../../../components/form/ChipsInput';
import { MultiRefSelect } from './MultiRefSelect';
import { ResultGrid, resultRowId } from './ResultGrid';
import {
  EMPTY_FILTER,
  activeRequirements,
  checkFilterValues,
  filterBody,
  type FilterField,
  type FilterValues,
  type Issue,
  type OrderTypeFlags,
} from './rules';

interface OrderTypeOption {
  name: string;
  code: string;
}

interface LookupAnswer {
  items?: { id?: unknown; Name?: unknown; Code?: unknown }[];
  more?: boolean;
}

/** Order types are a short master list: all of it is read once, a page of 10 at a time. */
const ORDER_TYPE_PAGES = 10;

/** The screen's own are kept as keys, so they follow a language switch; the server's come as its text. */
type Messages = Partial<Record<string, Message[]>>;

const useStyles = makeStyles({
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    alignItems: 'start',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalL,
  },
  control: {
    width: '100%',
    minWidth: 0,
  },
  checked: {
    color: tokens.colorNeutralForeground2,
  },
  spacer: {
    flexGrow: 1,
  },
  // The card's own display would win over the `hidden` attribute.
  hidden: {
    display: 'none',
  },
});

function dateField(name: string) {
  return { name, type: 'date' as const };
}

export default function SapOrderFilterPage() {
  const { t, i18n } = useTranslation();
  const say = useMessageText();
  const page = useScreenStyles();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const permission = usePermission('SAPOrder', 'Filter');
  const [tab, setTab] = useState<'filter' | 'result'>('filter');
  const [values, setValues] = useState<FilterValues>(EMPTY_FILTER);
  const [flags, setFlags] = useState<OrderTypeFlags | null>(null);
  const [messages, setMessages] = useState<Messages>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [filtering, setFiltering] = useState(false);
  const [result, setResult] = useState<{ rows: Row[]; message: string; capped: boolean } | null>(null);
  const [checked, setChecked] = useState<Row[]>([]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [resultKey, setResultKey] = useState(0);
  const flagsRequest = useRef(0);
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useRef(false);

  // After a refused filter the first field with a message takes the focus.
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [messages]);

  // The order types, page by page (asked again in another interface language); a failure toasts and leaves the
  // pages read before it.
  const orderTypesQuery = useQuery({
    queryKey: ['list/order_type', ORDER_TYPE_PAGES, i18n.language],
    queryFn: async () => {
      const found: OrderTypeOption[] = [];
      try {
        for (let p = 0; p < ORDER_TYPE_PAGES; p++) {
          const res = await api.get<LookupAnswer>(`list/order_type?q=&page=${p}`);
          if (!res.success) throw new Error(res.message);
          for (const item of res.data?.items ?? []) {
            const name = textOf(item.Name ?? item.id);
            if (name) found.push({ name, code: textOf(item.Code ?? name) });
          }
          if (!res.data?.more) break;
        }
      } catch (error) {
        return { found, failure: error };
      }
      return { found, failure: null };
    },
  });
  const orderTypesAnswer = orderTypesQuery.data;
  const orderTypes = useMemo(() => orderTypesAnswer?.found ?? [], [orderTypesAnswer]);
  // Heard once per answer.
  useEffect(() => {
    if (orderTypesAnswer?.failure) notify.failure(orderTypesAnswer.failure, t('common.requestFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new answer only
  }, [orderTypesAnswer]);

  const required = useMemo(() => activeRequirements(flags, values), [flags, values]);

  const set = useCallback(
    <K extends keyof FilterValues>(key: K, value: FilterValues[K], field?: FilterField) => {
      setValues((previous) => ({ ...previous, [key]: value }));
      if (field)
        setMessages((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
    },
    [],
  );

  async function chooseOrderType(option: OrderTypeOption | undefined) {
    const mine = ++flagsRequest.current;
    setFlags(null);
    setValues((previous) => ({ ...previous, orderType: option?.name ?? '', transferType: '' }));
    setMessages((previous) => ({
      ...previous,
      filter_order_type: undefined,
      filter_transfer_type: undefined,
    }));
    if (!option) return;
    try {
      const query = new URLSearchParams({ code: option.code, name: option.name });
      const res = await api.get<OrderTypeFlags>(`util/order_type_fields_code_name?${query.toString()}`);
      if (mine !== flagsRequest.current) return;
      if (!res.success || !res.data) {
        notify.error(res.message || t('common.requestFailed'), t('sapOrderFilter.errorOrderType'));
        return;
      }
      const data = res.data;
      setFlags(data);
      setValues((previous) => ({ ...previous, transferType: data.Info1 ?? '' }));
    } catch (error) {
      if (mine !== flagsRequest.current || error instanceof SessionExpiredError) return;
      const message = error instanceof Error && error.message ? error.message : t('common.requestFailed');
      notify.error(message, t('sapOrderFilter.errorOrderType'));
    }
  }

  function issueMessage(issue: Issue): Message {
    const params = Object.fromEntries(
      Object.entries(issue.params ?? {}).map(([k, v]) => [k, v.startsWith('sapOrderFilter.') ? keyed(v) : v]),
    );
    return keyed(issue.key, params);
  }

  async function runFilter() {
    if (filtering) return;
    const issues = checkFilterValues(flags, values);
    const found = Object.entries(issues).map(([field, list]) => [field, (list ?? []).map(issueMessage)]);
    if (found.length) {
      // The messages show under their fields and the first of them gets the focus; no toast (it would stay
      // two minutes over the screen for something the form already says).
      focusInvalid.current = true;
      setMessages(Object.fromEntries(found) as Messages);
      return;
    }
    setMessages({});
    setBanner(null);
    setFiltering(true);
    try {
      const res = await api.post<Row[]>('saporder/filter', filterBody(values, required));
      if (!res.success) {
        focusInvalid.current = true;
        setMessages(res.errors ?? {});
        setBanner(res.message || t('common.requestFailed'));
        notify.error(res.message || t('common.requestFailed'), t('sapOrderFilter.errorFiltering'));
        return;
      }
      setResult({
        rows: Array.isArray(res.data) ? res.data : [],
        message: res.message,
        capped: res.message_code === 'FILTER_CAPPED',
      });
      setResultKey((n) => n + 1);
      setChecked([]);
      setExpanded(new Set());
      setTab('result');
    } catch (error) {
      // An expired session is already on its way to the logout.
      if (error instanceof SessionExpiredError) return;
      const message = error instanceof Error && error.message ? error.message : t('common.requestFailed');
      setBanner(message);
      notify.error(message, t('sapOrderFilter.errorFiltering'));
    } finally {
      setFiltering(false);
    }
  }

  async function save() {
    setSaving(true);
    try {
      const res = await api.post(
        'saporder/save_filter',
        checked.map((row) => ({ ...row, is_checked: true })),
      );
      if (res.success) {
        notify.success(res.message || t('sapOrderFilter.savedMessage'), t('common.success'));
        setConfirmOpen(false);
        void navigate('/SAPOrder/Index');
        return;
      }
      notify.error(res.message || t('common.requestFailed'), t('form.saveError'));
    } catch (error) {
      if (error instanceof SessionExpiredError) return;
      const message = error instanceof Error && error.message ? error.message : t('common.requestFailed');
      notify.error(message, t('form.saveError'));
    } finally {
      setSaving(false);
      setConfirmOpen(false);
    }
  }

  function field(
    name: FilterField,
    label: string,
    control: (a11y: { 'aria-invalid'?: boolean }) => ReactNode,
    isRequired = false,
  ) {
    const list = messages[name] ?? [];
    return (
      <Field
        key={name}
        label={label}
        required={isRequired}
        validationState={list.length ? 'error' : 'none'}
        validationMessage={say.join(list)}
      >
        {control({ 'aria-invalid': list.length ? true : undefined })}
      </Field>
    );
  }

  const label = (name: FilterField) => t(`sapOrderFilter.fields.${name}`);
  const plantParams = values.companies.length ? { company: values.companies.join(';') } : undefined;
  const allExpanded = !!result?.rows.length && result.rows.every((row) => expanded.has(resultRowId(row)));
  const chosenType = orderTypes.find((o) => o.name === values.orderType);

  return (
    <section className={page.page} aria-labelledby="sap-order-filter-title">
      <div className={page.header}>
        <Title2 as="h1" id="sap-order-filter-title">
          {t('sapOrderFilter.title')}
        </Title2>
      </div>
      {permission === null ? (
        <div className={page.loading}>
          <Spinner label={t('common.loading')} />
        </div>
      ) : !permission.Create ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('sapOrderFilter.noRight')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <TabList
            selectedValue={tab}
            aria-label={t('sapOrderFilter.title')}
            onTabSelect={(_, data) => setTab(data.value === 'result' ? 'result' : 'filter')}
          >
            <Tab value="filter">{t('sapOrderFilter.filterTab')}</Tab>
            <Tab value="result" disabled={!result}>
              {t('sapOrderFilter.resultTab')}
            </Tab>
          </TabList>
          {/* Both tabs stay mounted, so what was typed and what was checked survive going back and forth. */}
          <form
            ref={form}
            className={mergeClasses(page.card, tab !== 'filter' && styles.hidden)}
            hidden={tab !== 'filter'}
            noValidate
            aria-label={t('sapOrderFilter.filterTab')}
            onSubmit={(event) => {
              event.preventDefault();
              void runFilter();
            }}
          >
            {banner ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{banner}</MessageBarBody>
                <MessageBarActions
                  containerAction={
                    <Button
                      appearance="transparent"
                      size="small"
                      icon={<Dismiss20Regular />}
                      aria-label={t('common.close')}
                      onClick={() => setBanner(null)}
                    />
                  }
                />
              </MessageBar>
            ) : null}
            <div className={styles.fields}>
              {field(
                'filter_order_type',
                label('filter_order_type'),
                (a11y) => (
                  <Dropdown
                    {...a11y}
                    className={styles.control}
                    placeholder={t('form.pleaseSelect')}
                    value={values.orderType}
                    selectedOptions={values.orderType ? [values.orderType] : []}
                    onOptionSelect={(_, data) =>
                      void chooseOrderType(orderTypes.find((o) => o.name === data.optionValue))
                    }
                  >
                    {orderTypes.map((o) => (
                      <Option key={o.name} value={o.name}>
                        {o.name}
                      </Option>
                    ))}
                  </Dropdown>
                ),
                true,
              )}
              {field(
                'filter_transfer_type',
                label('filter_transfer_type'),
                (a11y) => (
                  <Input {...a11y} className={styles.control} readOnly value={values.transferType} />
                ),
                required.transferType,
              )}
              {field(
                'filter_document_date_from',
                label('filter_document_date_from'),
                (a11y) => (
                  <FieldControl
                    {...a11y}
                    field={dateField('filter_document_date_from')}
                    value={values.dateFrom}
                    onChange={(v) =>
                      set('dateFrom', typeof v === 'string' ? v : '', 'filter_document_date_from')
                    }
                  />
                ),
                required.docDate,
              )}
              {field(
                'filter_document_date_to',
                label('filter_document_date_to'),
                (a11y) => (
                  <FieldControl
                    {...a11y}
                    field={dateField('filter_document_date_to')}
                    value={values.dateTo}
                    onChange={(v) => set('dateTo', typeof v === 'string' ? v : '', 'filter_document_date_to')}
                  />
                ),
                required.docDate,
              )}
              {field(
                'filter_company',
                label('filter_company'),
                (a11y) => (
                  <MultiRefSelect
                    {...a11y}
                    url="list/company_code"
                    label={label('filter_company')}
                    value={values.companies}
                    onChange={(v) => set('companies', v, 'filter_company')}
                  />
                ),
                required.company,
              )}
              {field('filter_business_segment', label('filter_business_segment'), (a11y) => (
                <RefSelect
                  {...a11y}
                  url="list/business_segment_code"
                  clearable
                  value={values.productCategory}
                  onChange={(v) => set('productCategory', v)}
                />
              ))}
              {field(
                'filter_sap_no',
                label('filter_sap_no'),
                (a11y) => (
                  <ChipsInput
                    {...a11y}
                    label={label('filter_sap_no')}
                    placeholder={t('sapOrderFilter.chipsHint')}
                    value={values.sapNos}
                    onChange={(v) => set('sapNos', v, 'filter_sap_no')}
                  />
                ),
                required.sapNo,
              )}
              {field('filter_plant', label('filter_plant'), (a11y) => (
                <RefSelect
                  {...a11y}
                  url="list/plant"
                  params={plantParams}
                  clearable
                  value={values.plant}
                  onChange={(v) => set('plant', v)}
                />
              ))}
              {field('filter_material', label('filter_material'), (a11y) => (
                <RefSelect
                  {...a11y}
                  url="list/material_code_v2"
                  clearable
                  value={values.material}
                  onChange={(v) => set('material', v)}
                />
              ))}
              {field(
                'filter_discharge_port',
                label('filter_discharge_port'),
                (a11y) => (
                  <RefSelect
                    {...a11y}
                    url="list/location_code"
                    minChars={0}
                    clearable
                    value={values.dischargePort}
                    onChange={(v) => set('dischargePort', v, 'filter_discharge_port')}
                  />
                ),
                required.dischargePort,
              )}
              {required.showLocation
                ? field('filter_location', label('filter_location'), (a11y) => (
                    <RefSelect
                      {...a11y}
                      url="list/location_code"
                      minChars={0}
                      clearable
                      value={values.location}
                      onChange={(v) => set('location', v)}
                    />
                  ))
                : null}
              {required.showDistribution
                ? field('filter_distribution', label('filter_distribution'), (a11y) => (
                    <RefSelect
                      {...a11y}
                      url="list/lookup"
                      params={{ group: 'DISTRIBUTION' }}
                      minChars={0}
                      clearable
                      value={values.distribution}
                      onChange={(v) => set('distribution', v)}
                    />
                  ))
                : null}
              {field('filter_document_type', label('filter_document_type'), (a11y) => (
                <RefSelect
                  {...a11y}
                  url="list/lookup"
                  params={{ group: 'DOCUMENT_TYPE' }}
                  minChars={0}
                  clearable
                  value={values.documentType}
                  onChange={(v) => set('documentType', v)}
                />
              ))}
              {field('filter_create_by', label('filter_create_by'), (a11y) => (
                <ChipsInput
                  {...a11y}
                  label={label('filter_create_by')}
                  placeholder={t('sapOrderFilter.chipsHint')}
                  value={values.createdBy}
                  onChange={(v) => set('createdBy', v, 'filter_create_by')}
                />
              ))}
            </div>
            <div className={styles.actions}>
              <Button
                type="submit"
                appearance="primary"
                icon={filtering ? <Spinner size="tiny" /> : <Filter20Regular />}
                disabled={filtering}
              >
                {t('sapOrderFilter.filter')}
              </Button>
              {chosenType && !flags ? <Spinner size="tiny" label={t('common.loading')} /> : null}
            </div>
          </form>
          {result ? (
            <div
              className={mergeClasses(page.card, tab !== 'result' && styles.hidden)}
              hidden={tab !== 'result'}
            >
              <MessageBar intent="warning">
                <MessageBarBody>{t('sapOrderFilter.unauthorizedWarning')}</MessageBarBody>
              </MessageBar>
              {result.message ? (
                <MessageBar intent={result.capped ? 'warning' : 'info'}>
                  <MessageBarBody>{result.message}</MessageBarBody>
                </MessageBar>
              ) : null}
              <div className={page.toolbar} role="toolbar" aria-label={t('resources.actions')}>
                <Button icon={<ArrowLeft20Regular />} onClick={() => setTab('filter')}>
                  {t('form.back')}
                </Button>
                <ToggleButton
                  icon={allExpanded ? <ChevronDoubleUp20Regular /> : <ChevronDoubleDown20Regular />}
                  checked={allExpanded}
                  disabled={!result.rows.length}
                  onClick={() =>
                    setExpanded(allExpanded ? new Set() : new Set(result.rows.map((row) => resultRowId(row))))
                  }
                >
                  {t('sapOrderFilter.expandAll')}
                </ToggleButton>
                <span className={styles.spacer} />
                <Text className={styles.checked} aria-live="polite">
                  {t('sapOrderFilter.checkedCount', { count: checked.length })}
                </Text>
                <Button
                  appearance="primary"
                  icon={<Save20Regular />}
                  disabled={!checked.length}
                  onClick={() => setConfirmOpen(true)}
                >
                  {t('common.save')}
                </Button>
              </div>
              <ResultGrid
                // A new result starts a new grid: nothing checked, nothing open.
                key={resultKey}
                rows={result.rows}
                expanded={expanded}
                onExpandedChange={setExpanded}
                onCheckedChange={setChecked}
                ariaLabel={t('sapOrderFilter.resultTab')}
              />
            </div>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={t('common.save')}
        detail={t('sapOrderFilter.confirmDetail', { count: checked.length })}
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirmOpen(false)}
      />
    </section>
  );
}
