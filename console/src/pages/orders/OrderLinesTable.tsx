// An order's lines as a small table (spec/1 §2 "Expanded item columns"): item no, ERP no, material, quantity,
// outstanding, real quantity, unit; with the order's Show_Conversion_Type Y also the conversion type, its factor
// and the line's conversion total (quantity times factor), the totals summed in the footer. Used by the list's
// expanded rows and by the panels.
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../components/grid/cellFormat';
import { formatNumber } from '../../components/grid/cellFormat';
import { lineFields, orderLabel, QTY_FIELDS } from './columns';
import { conversionTotal, formatQty, sumConversion } from './format';
import type { Row } from './types';

/** Heights in px, so the list can size the full-width row that holds the table. */
export const LINE_HEADER_HEIGHT = 32;
export const LINE_HEIGHT = 30;

const useStyles = makeStyles({
  wrap: {
    overflowX: 'auto',
    minWidth: 0,
  },
  table: {
    borderCollapse: 'collapse',
    minWidth: '480px',
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase200,
  },
  head: {
    height: `${LINE_HEADER_HEIGHT}px`,
    padding: `0 ${tokens.spacingHorizontalM}`,
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cell: {
    height: `${LINE_HEIGHT - 1}px`,
    padding: `0 ${tokens.spacingHorizontalM}`,
    whiteSpace: 'nowrap',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  foot: {
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  numeric: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
  },
  empty: {
    color: tokens.colorNeutralForeground3,
  },
});

interface Column {
  key: string;
  header: string;
  numeric: boolean;
  format: (line: Row) => string;
}

function columnsOf(t: TFunction, fields: string[], showConversion: boolean): Column[] {
  const columns: Column[] = fields.map((field) => ({
    key: field,
    header: orderLabel(t, field),
    numeric: QTY_FIELDS.includes(field) || field === 'Conversion',
    format: (line: Row) =>
      QTY_FIELDS.includes(field)
        ? formatQty(line[field])
        : field === 'Conversion'
          ? formatNumber(line[field], 6)
          : textOf(line[field]),
  }));
  if (showConversion) {
    columns.push({
      key: '__total',
      header: t('orderList.conversionTotal'),
      numeric: true,
      format: (line) => formatQty(conversionTotal(line)),
    });
  }
  return columns;
}

/** How many table rows the lines take (header aside): at least one, plus the footer with conversions. */
export function lineRowCount(lines: number, showConversion: boolean): number {
  return Math.max(1, lines) + (showConversion ? 1 : 0);
}

export interface OrderLinesTableProps {
  caption: string;
  lines: Row[];
  showConversion: boolean;
  /** Fields instead of the list's (the edit-assign panel's own set). */
  fields?: string[];
  className?: string;
}

export function OrderLinesTable({ caption, lines, showConversion, fields, className }: OrderLinesTableProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const columns = columnsOf(t, fields ?? lineFields(showConversion), showConversion);
  return (
    <div className={mergeClasses(styles.wrap, className)}>
      <table className={styles.table} aria-label={caption}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={mergeClasses(styles.head, c.numeric && styles.numeric)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td className={mergeClasses(styles.cell, styles.empty)} colSpan={columns.length}>
                {t('orderList.noLines')}
              </td>
            </tr>
          ) : (
            lines.map((line, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.key} className={mergeClasses(styles.cell, c.numeric && styles.numeric)}>
                    {c.format(line)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {showConversion && lines.length > 0 ? (
          <tfoot>
            <tr>
              <th
                scope="row"
                colSpan={columns.length - 1}
                className={mergeClasses(styles.cell, styles.foot, styles.numeric)}
              >
                {t('orderList.total')}
              </th>
              <td className={mergeClasses(styles.cell, styles.foot, styles.numeric)}>
                {formatQty(sumConversion(lines))}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
