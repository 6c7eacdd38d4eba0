// The lines of the assign panels (spec/2 §2.5, §5.3): which lines of the loaded SAP orders the order takes and
// how much of each. The include box keeps at least one line in; the quantity is capped at what is outstanding
// minus the other split lines of the same document and item, and is fixed for collective shipments and LN; the
// incoterm rule is chosen only where the line requires one; the conversion type (needed to price the freight in
// KG) is chosen per line. Delivery-order and sales-order types also show the factory SO columns, whose number is
// typed here and synced with SAP.
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignDetail } from '../../../../../db/resources/order-assign';
import { RefSelect } from '../../../components/form/RefSelect';
import { formatQty } from '../shared/format';
import { clampQty, qtyCap, str, toggleInclude } from './model';

export interface LinesTableProps {
  lines: AssignDetail[];
  qtyEditable: boolean;
  showFactory: boolean;
  /** Where the conversion types are looked up (company and factory of the document). */
  conversionParams: Record<string, string>;
  lnType: string | null;
  disabled?: boolean;
  /** `kind` says what changed: a quantity, an include box, a conversion type, a factory number, a rule. */
  onChange: (lines: AssignDetail[], kind: 'qty' | 'include' | 'conversion' | 'factory' | 'rule') => void;
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

export function LinesTable(props: LinesTableProps) {
  const { lines, qtyEditable, showFactory, conversionParams, lnType, disabled, onChange } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  // A quantity as typed, until the input is left (then it is clamped and stored).
  const [typing, setTyping] = useState<{ index: number; text: string } | null>(null);

  const set = (index: number, patch: Partial<AssignDetail>, kind: Parameters<typeof onChange>[1]) =>
    onChange(
      lines.map((line, i) => (i === index ? { ...line, ...patch } : line)),
      kind,
    );

  function settleQty(index: number, text: string) {
    setTyping(null);
    const cap = qtyCap(lines, index);
    const qty = clampQty(text, cap);
    if (qty === null || qty === lines[index]?.Qty) return;
    set(index, { Qty: qty }, 'qty');
  }

  return (
    <div className={styles.scroll}>
      <Table size="small" className={styles.table} aria-label={t('assign.lines')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('assign.include')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.document')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.item')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.material')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.qty')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.osQty')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.realQty')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.uom')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.incotermRule')}</TableHeaderCell>
            <TableHeaderCell>{t('assign.columns.conversionType')}</TableHeaderCell>
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
            const cap = qtyCap(lines, index);
            const includedLine = line.include_merge !== false;
            return (
              <TableRow key={`${line.Id}-${index}`}>
                <TableCell className={styles.cell}>
                  <Checkbox
                    aria-label={t('assign.includeLine', names)}
                    checked={includedLine}
                    disabled={disabled}
                    onChange={(_, data) => {
                      const next = toggleInclude(lines, index, data.checked === true);
                      // The last included line cannot be left out: nothing changes then.
                      if (next.some((l, i) => l.include_merge !== lines[i]?.include_merge))
                        onChange(next, 'include');
                    }}
                  />
                </TableCell>
                <TableCell className={styles.cell}>{str(line.Document_No)}</TableCell>
                <TableCell className={styles.cell}>{str(line.Item_No)}</TableCell>
                <TableCell className={styles.cell}>{str(line.material_name ?? line.Material_Code)}</TableCell>
                <TableCell className={styles.cell}>
                  {qtyEditable && !disabled ? (
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
                  )}
                </TableCell>
                <TableCell className={mergeClasses(styles.cell, styles.number)}>
                  {formatQty(line.os_qty)}
                </TableCell>
                <TableCell className={mergeClasses(styles.cell, styles.number)}>
                  {formatQty(line.real_qty)}
                </TableCell>
                <TableCell className={styles.cell}>{str(line.UOM)}</TableCell>
                <TableCell className={styles.cell}>
                  {line.require_ln_inco_rule === true && !disabled ? (
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
                  )}
                </TableCell>
                <TableCell className={styles.cell}>
                  {disabled ? (
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
                  )}
                </TableCell>
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
