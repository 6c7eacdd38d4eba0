// A sub-table of a record (a definition's `children`, e.g. approvers of an approval matrix): one row per child
// with an input per field, a button to add a row (starting from the fields' defaults) and one to remove each.
// Errors of a cell arrive as `<Child>.<index>.<Field>` and show under that cell; errors of the whole table
// (too few rows) above it.
import {
  Button,
  Caption1,
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
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ChildDef } from '../../../../db/resources/engine';
import { FieldControl } from '../../components/form/FieldControl';
import { useMessageText } from '../../util/message';
import { childDefaults, newRowKey, type ChildRow, type FieldErrors } from './record';
import { lookupSource } from './lookups';

export interface ChildTableProps {
  child: ChildDef;
  rows: ChildRow[];
  errors: FieldErrors;
  readOnly: boolean;
  label: (field: string) => string;
  /** The text of a code of an enum field (`ResourceText.option`); without it the codes show. */
  optionLabel?: (field: string, code: string) => string;
  /** `changedCell` (`<Child>.<index>.<Field>`) when one value changed; absent when rows were added or removed. */
  onChange: (rows: ChildRow[], changedCell?: string) => void;
}

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  scroll: {
    overflowX: 'auto',
  },
  table: {
    minWidth: '480px',
  },
  cell: {
    verticalAlign: 'top',
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    minWidth: '140px',
  },
  actionCell: {
    width: '48px',
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
});

export function ChildTable({ child, rows, errors, readOnly, label, optionLabel, onChange }: ChildTableProps) {
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const title = label(child.name);
  const tableErrors = errors[child.name] ?? [];

  function setValue(index: number, field: string, value: ChildRow['values'][string]) {
    onChange(
      rows.map((row, i) => (i === index ? { ...row, values: { ...row.values, [field]: value } } : row)),
      `${child.name}.${index}.${field}`,
    );
  }

  return (
    <div>
      <div className={styles.header}>
        <Subtitle2 as="h2">{title}</Subtitle2>
        {readOnly ? null : (
          <Button
            icon={<Add20Regular />}
            onClick={() => onChange([...rows, { key: newRowKey(), values: childDefaults(child) }])}
          >
            {t('form.addRow')}
          </Button>
        )}
      </div>
      {tableErrors.length ? (
        <MessageBar intent="error">
          <MessageBarBody>{say.join(tableErrors)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.scroll}>
        <Table size="small" aria-label={title} className={styles.table}>
          <TableHeader>
            <TableRow>
              {child.fields.map((f) => (
                <TableHeaderCell key={f.name}>
                  {label(f.name)}
                  {f.required && !readOnly ? (
                    <>
                      {' '}
                      <span className={styles.required} aria-hidden="true">
                        *
                      </span>
                    </>
                  ) : null}
                </TableHeaderCell>
              ))}
              {readOnly ? null : (
                <TableHeaderCell className={styles.actionCell} aria-label={t('form.rowActions')} />
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={child.fields.length + 1}>
                  <Text className={styles.empty}>{t('form.noRows')}</Text>
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((row, index) => (
              <TableRow key={row.key}>
                {child.fields.map((f) => {
                  const cellErrors = errors[`${child.name}.${index}.${f.name}`] ?? [];
                  return (
                    <TableCell key={f.name} className={styles.cell}>
                      <FieldControl
                        field={f}
                        value={row.values[f.name] ?? null}
                        readOnly={readOnly || f.readOnly}
                        lookup={lookupSource(f)}
                        optionLabel={optionLabel ? (code) => optionLabel(f.name, code) : undefined}
                        aria-label={t('form.cellLabel', { field: label(f.name), row: index + 1 })}
                        aria-invalid={cellErrors.length > 0 || undefined}
                        onChange={(value) => setValue(index, f.name, value)}
                      />
                      {cellErrors.map((message, i) => (
                        <Caption1 key={i} className={styles.error} role="alert">
                          {say(message)}
                        </Caption1>
                      ))}
                    </TableCell>
                  );
                })}
                {readOnly ? null : (
                  <TableCell className={styles.actionCell}>
                    <Tooltip content={t('form.removeRow', { row: index + 1 })} relationship="label">
                      <Button
                        appearance="subtle"
                        icon={<Delete20Regular />}
                        onClick={() => onChange(rows.filter((_, i) => i !== index))}
                      />
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
