// The detail lines of the SAP order editor (spec/3 §2.1): a column with the add-row button in its header and a
// remove-row button per line, then the columns the rules show for the order type and mode. Cells use the shared
// FieldControl; the material is a type-ahead on material_code_v2. Read-only lines show the material with its
// name as the server (or SAP) answered it instead of looking each one up again. Errors arrive keyed as the
// server keys them (`Details.0.Qty`) and show under their cell; errors of the whole table above it. Each line is
// a memoised row, so typing in one renders that line again and not the whole table.
// Choosing a material fills the line's unit with the material's base unit (its lookup item's Base_Uom) while the
// unit is empty or still the previous material's: a unit the user chose stays.
import {
  Button,
  Caption1,
  Input,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../db/resources/engine';
import { api } from '../../../api/client';
import type { FieldErrors } from '../../../components/editor/useEditor';
import { FieldControl, type LookupSource } from '../../../components/form/FieldControl';
import { DEFAULT_MIN_CHARS } from '../../../components/form/RefSelect';
import type { FormValue } from '../../../components/form/values';
import { textOf } from '../../../components/grid/cellFormat';
import { useMessageText, type Message } from '../../../util/message';
import { LINE_FIELDS, newLine, str, type HeaderValues, type LineRow, type Rules } from './model';

const useStyles = makeStyles({
  scroll: {
    overflowX: 'auto',
  },
  table: {
    minWidth: '640px',
    // Columns as wide as their inputs need (Fluent's fixed layout would share the width out evenly and let the
    // material's type-ahead spill into its neighbour); the table scrolls sideways when the screen is narrow.
    tableLayout: 'auto',
  },
  cell: {
    verticalAlign: 'top',
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    minWidth: '120px',
    // A text input is as wide as its 20 characters by default, which would set the column's width; it takes
    // the column's width instead.
    '& .fui-Input__input': { width: '0px' },
  },
  material: {
    minWidth: '260px',
  },
  short: {
    minWidth: '90px',
  },
  actionCell: {
    width: '44px',
    verticalAlign: 'top',
    paddingTop: tokens.spacingVerticalXS,
  },
  error: {
    display: 'block',
    color: tokens.colorPaletteRedForeground1,
    marginTop: tokens.spacingVerticalXXS,
  },
  required: {
    color: tokens.colorPaletteRedForeground3,
  },
  empty: {
    color: tokens.colorNeutralForeground3,
  },
  full: {
    width: '100%',
    minWidth: 0,
  },
});

const SHORT = new Set([
  'Item_No',
  'Qty',
  'UOM',
  'Tolerance',
  'SO_DO_Item_No',
  'LN_SO_Item_No',
  'LN_STO_Item_No',
]);

export interface DetailTableProps {
  lines: LineRow[];
  header: HeaderValues;
  rules: Rules;
  errors: FieldErrors;
  label: (field: string) => string;
  /** Applies a change to the lines; `changedCell` (`Details.<i>.<Field>`) when one value changed. */
  onChange: (change: (lines: LineRow[]) => LineRow[], changedCell?: string) => void;
}

interface LineProps {
  row: LineRow;
  index: number;
  columns: FieldDef[];
  editable: boolean;
  /** Messages of this line's cells, by field. */
  messages: Record<string, Message[]> | undefined;
  material: LookupSource;
  label: (field: string) => string;
  onCell: (index: number, field: string, value: FormValue) => void;
  /** A material chosen on the line whose material was `previous`. */
  onMaterial: (index: number, key: string, previous: string, value: FormValue) => void;
  onRemove: (index: number) => void;
}

const LineView = memo(function LineView(props: LineProps) {
  const { row, index, columns, editable, messages, material, label } = props;
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  return (
    <TableRow>
      {editable ? (
        <TableCell className={styles.actionCell}>
          <Tooltip content={t('form.removeRow', { row: index + 1 })} relationship="label">
            <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => props.onRemove(index)} />
          </Tooltip>
        </TableCell>
      ) : null}
      {columns.map((f) => {
        const cellLabel = t('form.cellLabel', { field: label(f.name), row: index + 1 });
        const cellMessages = messages?.[f.name] ?? [];
        const locked = !editable || f.readOnly === true;
        const code = str(row.values.Material_Code);
        return (
          <TableCell
            key={f.name}
            className={mergeClasses(
              styles.cell,
              f.name === 'Material_Code' && styles.material,
              SHORT.has(f.name) && styles.short,
            )}
          >
            {f.name === 'Material_Code' && locked ? (
              <Input
                className={styles.full}
                appearance="filled-darker"
                readOnly
                value={row.materialName && code ? `${code} - ${row.materialName}` : code}
                aria-label={cellLabel}
              />
            ) : (
              <FieldControl
                field={f}
                value={row.values[f.name] ?? null}
                readOnly={locked}
                lookup={f.name === 'Material_Code' ? material : undefined}
                aria-label={cellLabel}
                aria-invalid={cellMessages.length > 0 || undefined}
                onChange={(value) =>
                  f.name === 'Material_Code'
                    ? props.onMaterial(index, row.key, code, value)
                    : props.onCell(index, f.name, value)
                }
              />
            )}
            {cellMessages.map((message, i) => (
              <Caption1 key={i} className={styles.error} role="alert">
                {say(message)}
              </Caption1>
            ))}
          </TableCell>
        );
      })}
    </TableRow>
  );
});

export function DetailTable({ lines, header, rules, errors, label, onChange }: DetailTableProps) {
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const editable = rules.linesEditable;
  const columnKey = LINE_FIELDS.filter((f) => rules.columns[f.name])
    .map((f) => f.name)
    .join(',');
  const columns = useMemo(
    () => LINE_FIELDS.filter((f) => columnKey.split(',').includes(f.name)),
    [columnKey],
  );
  const title = label('Details');
  const tableErrors = errors.Details ?? [];
  // The spec's material lookup is asked with the order's company and plant.
  const company = str(header.Company_Code);
  const plant = str(header.Plant);
  const material = useMemo<LookupSource>(
    () => ({ url: 'list/material_code_v2', params: { company, plant }, minChars: DEFAULT_MIN_CHARS }),
    [company, plant],
  );
  // Cell messages per line, so a line's memo holds while another line's messages change.
  const messagesByLine = useMemo(() => {
    const byLine = new Map<number, Record<string, Message[]>>();
    for (const [key, messages] of Object.entries(errors)) {
      const match = /^Details\.(\d+)\.(.+)$/.exec(key);
      if (!match) continue;
      const line = Number(match[1]);
      byLine.set(line, { ...byLine.get(line), [match[2]!]: messages });
    }
    return byLine;
  }, [errors]);

  const onCell = useCallback(
    (index: number, field: string, value: FormValue) =>
      onChange(
        (current) =>
          current.map((row, i) =>
            i === index ? { ...row, values: { ...row.values, [field]: value } } : row,
          ),
        `Details.${index}.${field}`,
      ),
    [onChange],
  );
  // Base units by material code, each asked once (the init lookup, as a select shows a chosen value).
  const baseUoms = useRef(new Map<string, Promise<string>>());
  const baseUomOf = useCallback(
    (code: string): Promise<string> => {
      const known = baseUoms.current.get(code);
      if (known) return known;
      const query = new URLSearchParams({ ...material.params, q: code, page: '0', init: 'true' });
      const asked = api
        .get<{ items?: Record<string, unknown>[] }>(`${material.url}?${query.toString()}`)
        .then((res) => {
          const found = res.success ? res.data?.items?.find((i) => textOf(i.id) === code) : undefined;
          if (!found) baseUoms.current.delete(code);
          return textOf(found?.Base_Uom).trim();
        })
        .catch(() => {
          baseUoms.current.delete(code);
          return '';
        });
      baseUoms.current.set(code, asked);
      return asked;
    },
    [material],
  );
  // The last material each line had (by row key): typing into the type-ahead clears the value before the next
  // one is chosen, and the unit to replace is still that material's.
  const lastMaterial = useRef(new Map<string, string>());
  const onMaterial = useCallback(
    (index: number, key: string, previous: string, value: FormValue) => {
      onCell(index, 'Material_Code', value);
      const code = str(value);
      const before = previous || lastMaterial.current.get(key) || '';
      lastMaterial.current.set(key, code || before);
      if (!code || code === before) return;
      void Promise.all([baseUomOf(code), before ? baseUomOf(before) : '']).then(([uom, previousUom]) => {
        if (!uom) return;
        // Applied to the line as it is by then: the same material still chosen, the unit still unset by the user.
        const fill = (row: LineRow) => {
          if (row.key !== key || str(row.values.Material_Code) !== code) return false;
          const unit = str(row.values.UOM).toUpperCase();
          return unit !== uom.toUpperCase() && (unit === '' || unit === previousUom.toUpperCase());
        };
        onChange(
          (current) =>
            current.map((row) => (fill(row) ? { ...row, values: { ...row.values, UOM: uom } } : row)),
          `Details.${index}.UOM`,
        );
      });
    },
    [onCell, onChange, baseUomOf],
  );
  const onRemove = useCallback(
    (index: number) => onChange((current) => current.filter((_, i) => i !== index)),
    [onChange],
  );

  return (
    <div>
      <Subtitle2 as="h2">{title}</Subtitle2>
      {tableErrors.length ? (
        <MessageBar intent="error">
          <MessageBarBody>{say.join(tableErrors)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.scroll}>
        <Table size="small" aria-label={title} className={styles.table}>
          <TableHeader>
            <TableRow>
              {editable ? (
                <TableHeaderCell className={styles.actionCell}>
                  <Tooltip content={t('form.addRow')} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={<Add20Regular />}
                      onClick={() => onChange((current) => [...current, newLine()])}
                    />
                  </Tooltip>
                </TableHeaderCell>
              ) : null}
              {columns.map((f) => (
                <TableHeaderCell key={f.name}>
                  {label(f.name)}
                  {f.required && editable ? (
                    <>
                      {' '}
                      <span className={styles.required} aria-hidden="true">
                        *
                      </span>
                    </>
                  ) : null}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <Text className={styles.empty}>{t('form.noRows')}</Text>
                </TableCell>
              </TableRow>
            ) : null}
            {lines.map((row, index) => (
              <LineView
                key={row.key}
                row={row}
                index={index}
                columns={columns}
                editable={editable}
                messages={messagesByLine.get(index)}
                material={material}
                label={label}
                onCell={onCell}
                onMaterial={onMaterial}
                onRemove={onRemove}
              />
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
