// The lines of the assign panels (spec/2 §2.5, §5.3): which lines of the loaded SAP orders the order takes and
// how much of each. The include box keeps at least one line in; the quantity is capped at what is outstanding
// minus the other split lines of the same document and item, and is fixed for collective shipments and LN; the
// incoterm rule is chosen only where the line requires one; the conversion type (needed to price the freight in
// KG) is chosen per line. Delivery-order and sales-order types also show the factory SO columns, whose number is
// typed here and synced with SAP.
//
// The Edit order panel (pages/orders/EditOrderPanel) shows the same lines with more of the order's figures: it
// passes its own column order with extra columns, its own cap per line (what the order holds plus what SAP has
// outstanding plus tolerance) and which lines may be changed at all. Without those props the table is the assign
// panels' own.
import {
  Checkbox,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignDetail } from '../../../../../db/resources/order-assign';
import { RefSelect } from '../../../components/form/RefSelect';
import { formatQty } from '../../../components/grid/format';
import { clampQty, qtyCap, str, toggleInclude } from './model';

/** The table's own columns; the factory SO columns follow them where `showFactory` says so. */
export type LineColumnId =
  | 'include'
  | 'document'
  | 'item'
  | 'material'
  | 'qty'
  | 'osQty'
  | 'realQty'
  | 'uom'
  | 'incotermRule'
  | 'conversionType';

/** The assign panels' columns, in their order. */
export const ASSIGN_LINE_COLUMNS: readonly LineColumnId[] = [
  'include',
  'document',
  'item',
  'material',
  'qty',
  'osQty',
  'realQty',
  'uom',
  'incotermRule',
  'conversionType',
];

/** The table's own columns of figures (right-aligned). */
const NUMERIC_COLUMNS: ReadonlySet<string> = new Set(['osQty', 'realQty']);

/** A column another screen adds, read only: its header and what a line shows in it. */
export interface ExtraLineColumn<L> {
  id: string;
  header: string;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  render: (line: L) => ReactNode;
}

export type LineChange = 'qty' | 'include' | 'conversion' | 'factory' | 'rule';

export interface LinesTableProps<L extends AssignDetail = AssignDetail> {
  lines: L[];
  qtyEditable: boolean;
  showFactory: boolean;
  /** Where the conversion types are looked up (company and factory of the document). */
  conversionParams: Record<string, string>;
  lnType: string | null;
  disabled?: boolean;
  /** The columns in their order: the table's own by id and the extra ones by theirs. Default: the assign panels'. */
  columns?: readonly string[];
  extraColumns?: readonly ExtraLineColumn<L>[];
  /** The most a line may take; default §5.3 (os_qty minus the other split lines of the same document and item). */
  capOf?: (lines: readonly L[], index: number) => number;
  /** Whether a line's include box and quantity may be changed; default every line. */
  lineEditable?: (line: L) => boolean;
  /** `kind` says what changed: a quantity, an include box, a conversion type, a factory number, a rule. */
  onChange: (lines: L[], kind: LineChange) => void;
}

const useStyles = makeStyles({
  scroll: {
    overflowX: 'auto',
  },
  table: {
    tableLayout: 'auto',
    minWidth: '720px',
  },
  cell: {
    verticalAlign: 'top',
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
  },
  number: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  qty: {
    width: '120px',
    '& input': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  },
  select: {
    minWidth: '180px',
  },
  hint: {
    display: 'block',
    color: tokens.colorNeutralForeground3,
  },
});

export function LinesTable<L extends AssignDetail = AssignDetail>(props: LinesTableProps<L>) {
  const { lines, qtyEditable, showFactory, conversionParams, lnType, disabled, onChange } = props;
  const columns = props.columns ?? ASSIGN_LINE_COLUMNS;
  const capOf = props.capOf ?? qtyCap;
  const { t } = useTranslation();
  const styles = useStyles();
  // A quantity as typed, until the input is left (then it is clamped and stored).
  const [typing, setTyping] = useState<{ index: number; text: string } | null>(null);

  const set = (index: number, patch: Partial<AssignDetail>, kind: LineChange) =>
    onChange(
      lines.map((line, i) => (i === index ? { ...line, ...patch } : line)),
      kind,
    );

  function settleQty(index: number, text: string) {
    setTyping(null);
    const cap = capOf(lines, index);
    const qty = clampQty(text, cap);
    if (qty === null || qty === lines[index]?.Qty) return;
    set(index, { Qty: qty }, 'qty');
  }

  const headers: Record<LineColumnId, string> = {
    include: t('assign.include'),
    document: t('assign.columns.document'),
    item: t('assign.columns.item'),
    material: t('assign.columns.material'),
    qty: t('assign.columns.qty'),
    osQty: t('assign.columns.osQty'),
    realQty: t('assign.columns.realQty'),
    uom: t('assign.columns.uom'),
    incotermRule: t('assign.columns.incotermRule'),
    conversionType: t('assign.columns.conversionType'),
  };
  const extra = new Map((props.extraColumns ?? []).map((column) => [column.id, column]));
  const headerOf = (id: string) =>
    id in headers ? headers[id as LineColumnId] : (extra.get(id)?.header ?? '');

  return (
    <div className={styles.scroll}>
      <Table size="small" className={styles.table} aria-label={t('assign.lines')}>
        <TableHeader>
          <TableRow>
            {columns.map((id) => (
              <TableHeaderCell key={id}>{headerOf(id)}</TableHeaderCell>
            ))}
            {showFactory ? (
              <>
                <TableHeaderCell>{t('assign.columns.soFactoryNo')}</TableHeaderCell>
                <TableHeaderCell>{t('assign.columns.soFactoryItemNo')}</TableHeaderCell>
                <TableHeaderCell>{t('assign.columns.result')}</TableHeaderCell>
                <TableHeaderCell>{t('assign.columns.remarks')}</TableHeaderCell>
                <TableHeaderCell>{t('assign.columns.poSoFactory')}</TableHeaderCell>
              </>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line, index) => {
            const names = { item: str(line.Item_No), document: str(line.Document_No) };
            const cap = capOf(lines, index);
            const includedLine = line.include_merge !== false;
            const changeable = !disabled && (props.lineEditable?.(line) ?? true);
            const cells: Record<LineColumnId, ReactNode> = {
              include: (
                <Checkbox
                  aria-label={t('assign.includeLine', names)}
                  checked={includedLine}
                  disabled={!changeable}
                  onChange={(_, data) => {
                    const next = toggleInclude(lines, index, data.checked === true);
                    // The last included line cannot be left out: nothing changes then.
                    if (next.some((l, i) => l.include_merge !== lines[i]?.include_merge))
                      onChange(next, 'include');
                  }}
                />
              ),
              document: str(line.Document_No),
              item: str(line.Item_No),
              material: str(line.material_name ?? line.Material_Code),
              qty:
                qtyEditable && changeable ? (
                  <>
                    <Input
                      className={styles.qty}
                      inputMode="decimal"
                      aria-label={t('assign.qtyOf', { ...names, max: formatQty(cap) })}
                      value={typing?.index === index ? typing.text : String(line.Qty)}
                      disabled={!includedLine}
                      onChange={(_, data) => setTyping({ index, text: data.value.replace(/[^\d.,]/g, '') })}
                      onBlur={(event) => settleQty(index, event.currentTarget.value)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') settleQty(index, event.currentTarget.value);
                      }}
                    />
                    <Text size={200} className={styles.hint}>
                      {t('assign.max', { max: formatQty(cap) })}
                    </Text>
                  </>
                ) : (
                  <span className={styles.number}>{formatQty(line.Qty)}</span>
                ),
              osQty: formatQty(line.os_qty),
              realQty: formatQty(line.real_qty),
              uom: str(line.UOM),
              incotermRule:
                line.require_ln_inco_rule === true && !disabled ? (
                  <div className={styles.select}>
                    <RefSelect
                      url="list/incoterm_rule"
                      params={{ ln_type: str(line.ln_type ?? lnType) }}
                      minChars={0}
                      aria-label={`${t('assign.columns.incotermRule')} ${names.document}/${names.item}`}
                      value={line.incoterm_rule ?? null}
                      onChange={(value) => set(index, { incoterm_rule: value }, 'rule')}
                    />
                  </div>
                ) : (
                  str(line.incoterm_rule)
                ),
              conversionType: disabled ? (
                str(line.conversion_type)
              ) : (
                <div className={styles.select}>
                  <RefSelect
                    url="list/conversion_type"
                    params={conversionParams}
                    minChars={0}
                    aria-label={`${t('assign.columns.conversionType')} ${names.document}/${names.item}`}
                    value={line.conversion_type ?? null}
                    onChange={(value) => set(index, { conversion_type: value }, 'conversion')}
                  />
                </div>
              ),
            };
            return (
              <TableRow key={`${line.Id}-${index}`}>
                {columns.map((id) => {
                  const column = extra.get(id);
                  const numeric = column ? column.numeric === true : NUMERIC_COLUMNS.has(id);
                  return (
                    <TableCell
                      key={id}
                      className={numeric ? mergeClasses(styles.cell, styles.number) : styles.cell}
                    >
                      {column ? column.render(line) : (cells[id as LineColumnId] ?? null)}
                    </TableCell>
                  );
                })}
                {showFactory ? (
                  <>
                    <TableCell className={styles.cell}>
                      <Input
                        aria-label={`${t('assign.columns.soFactoryNo')} ${names.document}/${names.item}`}
                        value={str(line.SO_Factory_No)}
                        maxLength={50}
                        disabled={disabled}
                        onChange={(_, data) => set(index, { SO_Factory_No: data.value || null }, 'factory')}
                      />
                    </TableCell>
                    <TableCell className={styles.cell}>
                      <Input
                        aria-label={`${t('assign.columns.soFactoryItemNo')} ${names.document}/${names.item}`}
                        value={str(line.SO_Factory_Item_No)}
                        maxLength={10}
                        disabled={disabled}
                        onChange={(_, data) =>
                          set(index, { SO_Factory_Item_No: data.value || null }, 'factory')
                        }
                      />
                    </TableCell>
                    <TableCell className={styles.cell}>{str(line.SO_Factory_Result)}</TableCell>
                    <TableCell className={styles.cell}>{str(line.SO_Factory_Result_Reason)}</TableCell>
                    <TableCell className={styles.cell}>{str(line.PO_SO_Factory)}</TableCell>
                  </>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
