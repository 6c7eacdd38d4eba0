// "Menu permissions" on the Group editor: View/Create/Edit/Delete per screen, grouped under the side menu's
// sections, saved as a whole with its own "Are you sure?" (PUT /api/group/:id/permissions replaces the matrix).
// Any right on a screen includes seeing it, as the server stores it, so ticking Create, Edit or Delete ticks View
// and taking View away takes the others. Section rows carry no rights of their own worth showing (a granted screen
// brings its sections into the side menu); whatever the server holds for them is sent back unchanged.
import {
  Button,
  Checkbox,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
  type CheckboxProps,
} from '@fluentui/react-components';
import { Save20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ConfirmDialog } from '../../../components/form/ConfirmDialog';
import { textOf } from '../../../components/grid/cellFormat';
import { useScreenStyles } from '../../../components/screenStyles';
import { useNotify } from '../../../shell/notify';
import type { AdminCardProps } from './cardProps';
import { useAdminStyles } from './styles';
import { useCardList } from './useCardList';

export const RIGHTS = ['View', 'Create', 'Edit', 'Delete'] as const;
export type Right = (typeof RIGHTS)[number];
export type Rights = Record<Right, boolean>;

export interface PermissionRow extends Rights {
  Menu_Code: string;
  Parent_Code: string | null;
  Title_En: string;
  Title_Id: string;
  Controller: string | null;
  Action: string | null;
}

/** One right set or cleared on a screen, keeping "any right includes View" true. */
export function withRight(rights: Rights, right: Right, value: boolean): Rights {
  if (right === 'View') {
    return value ? { ...rights, View: true } : { View: false, Create: false, Edit: false, Delete: false };
  }
  return { ...rights, [right]: value, View: value || rights.View };
}

type Line =
  | { kind: 'section'; row: PermissionRow; depth: number; members: string[] }
  | { kind: 'menu'; row: PermissionRow; depth: number };

/**
 * The table's rows in menu order: a menu that others name as parent is a section heading (with the screens
 * below it as its members); every other menu, and a section that is a screen itself, is a row of checkboxes.
 */
function layout(rows: PermissionRow[]): Line[] {
  const byCode = new Map(rows.map((r) => [r.Menu_Code, r]));
  const parents = new Set(rows.map((r) => r.Parent_Code).filter((p): p is string => !!p));
  const ancestors = (row: PermissionRow): string[] => {
    const out: string[] = [];
    let parent = row.Parent_Code;
    while (parent && byCode.has(parent) && !out.includes(parent)) {
      out.push(parent);
      parent = byCode.get(parent)?.Parent_Code ?? null;
    }
    return out;
  };
  const screens = rows.filter((r) => !parents.has(r.Menu_Code) || r.Controller);
  const lines: Line[] = [];
  for (const row of rows) {
    const depth = ancestors(row).length;
    if (parents.has(row.Menu_Code)) {
      const members = screens
        .filter((s) => s !== row && ancestors(s).includes(row.Menu_Code))
        .map((s) => s.Menu_Code);
      lines.push({ kind: 'section', row, depth, members });
      if (row.Controller) lines.push({ kind: 'menu', row, depth: depth + 1 });
    } else {
      lines.push({ kind: 'menu', row, depth });
    }
  }
  return lines;
}

function toRow(data: Record<string, unknown>): PermissionRow {
  return {
    Menu_Code: textOf(data.Menu_Code),
    Parent_Code: data.Parent_Code ? textOf(data.Parent_Code) : null,
    Title_En: textOf(data.Title_En),
    Title_Id: textOf(data.Title_Id),
    Controller: data.Controller ? textOf(data.Controller) : null,
    Action: data.Action ? textOf(data.Action) : null,
    View: data.View === true,
    Create: data.Create === true,
    Edit: data.Edit === true,
    Delete: data.Delete === true,
  };
}

/** A checkbox over several values: ticked when all are, mixed when some are. */
function combined(values: boolean[]): CheckboxProps['checked'] {
  if (values.length && values.every(Boolean)) return true;
  return values.some(Boolean) ? 'mixed' : false;
}

const rightsKey = (rows: PermissionRow[]) =>
  rows.map((r) => `${r.Menu_Code}:${RIGHTS.map((right) => (r[right] ? 1 : 0)).join('')}`).join('|');

const useStyles = makeStyles({
  // The matrix scrolls inside the card (both ways on a narrow screen) under its column headers, so the column
  // toggles and the card's Save stay in sight while going through some ninety screens.
  scroll: {
    overflow: 'auto',
    maxHeight: 'min(70vh, 760px)',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: {
    minWidth: '560px',
  },
  head: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `0 ${tokens.strokeWidthThin} 0 ${tokens.colorNeutralStroke2}`,
  },
  menuColumn: {
    minWidth: '180px',
  },
  rightColumn: {
    width: '88px',
  },
  section: {
    backgroundColor: tokens.colorNeutralBackground3,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
  },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  depth1: { paddingLeft: tokens.spacingHorizontalXL },
  depth2: { paddingLeft: tokens.spacingHorizontalXXXL },
  actions: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
});

export default function GroupPermissions({ id, readOnly, record, onDirtyChange }: AdminCardProps) {
  const { t, i18n } = useTranslation();
  const page = useScreenStyles();
  const admin = useAdminStyles();
  const styles = useStyles();
  const notify = useNotify();
  const { loaded, version, loadError, reload } = useCardList(`group/${id}/permissions`, toRow);
  // The rights as ticked, against the matrix they were ticked on; a matrix read back after a save replaces them.
  const [edits, setEdits] = useState<{ version: number; rows: PermissionRow[] } | null>(null);
  const rows = edits?.version === version ? edits.rows : loaded;
  const savedKey = useMemo(() => (loaded ? rightsKey(loaded) : ''), [loaded]);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const saving = useMutation({
    mutationFn: (permissions: (Rights & { Menu_Code: string })[]) =>
      api.put(`group/${id}/permissions`, { permissions }),
  });
  const title = t('admin.permissions.title');
  // The group as loaded, for the confirmation; unsaved edits of the form above are not the group yet.
  const [groupName] = useState(() =>
    [textOf(record.values.Group_Code), textOf(record.values.Group_Name)].filter(Boolean).join(' - '),
  );

  const lines = useMemo(() => (rows ? layout(rows) : []), [rows]);
  const screenCodes = useMemo(
    () => lines.flatMap((l) => (l.kind === 'menu' ? [l.row.Menu_Code] : [])),
    [lines],
  );
  const byCode = useMemo(() => new Map((rows ?? []).map((r) => [r.Menu_Code, r])), [rows]);
  const dirty = rows !== null && rightsKey(rows) !== savedKey;
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);
  const titleOf = (row: PermissionRow) =>
    i18n.language === 'id' ? row.Title_Id || row.Title_En : row.Title_En || row.Title_Id;
  const rightLabel = (right: Right) => t(`admin.rights.${right}`);

  function change(codes: string[], update: (rights: Rights) => Rights) {
    if (!rows) return;
    const targets = new Set(codes);
    setEdits({
      version,
      rows: rows.map((row) => (targets.has(row.Menu_Code) ? { ...row, ...update(row) } : row)),
    });
  }
  const valuesOf = (codes: string[], right: Right) => codes.map((c) => byCode.get(c)?.[right] === true);

  function save() {
    if (!rows) return;
    const permissions = rows.map(({ Menu_Code, View, Create, Edit, Delete }) => ({
      Menu_Code,
      View,
      Create,
      Edit,
      Delete,
    }));
    saving.mutate(permissions, {
      onSuccess: (res) => {
        setConfirmOpen(false);
        if (res.success) {
          notify.success(res.message, t('common.dataSaved'));
          // Read back what the server stored, so the table shows exactly what takes effect.
          reload();
          return;
        }
        notify.error(res.message || t('common.requestFailed'), t('form.saveError'));
      },
      onError: (error) => {
        setConfirmOpen(false);
        notify.failure(error, t('common.requestFailed'));
      },
    });
  }

  const indent = (depth: number) => (depth >= 2 ? styles.depth2 : depth === 1 ? styles.depth1 : undefined);

  return (
    <div className={page.card} role="region" aria-labelledby="admin-permissions-title">
      <div className={admin.header}>
        <div className={admin.titles}>
          <Subtitle2 as="h2" id="admin-permissions-title">
            {title}
          </Subtitle2>
          <Text size={200} className={admin.intro}>
            {t('admin.permissions.intro')}
          </Text>
        </div>
        {readOnly || !rows ? null : (
          <div className={styles.actions}>
            <Button
              appearance="primary"
              icon={<Save20Regular />}
              disabled={!dirty || saving.isPending}
              onClick={() => setConfirmOpen(true)}
            >
              {t('admin.permissions.save')}
            </Button>
          </div>
        )}
      </div>
      {loadError ? (
        <MessageBar intent="error">
          <MessageBarBody>{loadError}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!rows && !loadError ? (
        <div className={admin.loading}>
          <Spinner size="small" label={t('common.loading')} />
        </div>
      ) : null}
      {rows ? (
        <div className={styles.scroll}>
          <Table size="small" aria-label={title} className={styles.table}>
            <TableHeader className={styles.head}>
              <TableRow>
                <TableHeaderCell className={styles.menuColumn}>{t('admin.permissions.menu')}</TableHeaderCell>
                {RIGHTS.map((right) => (
                  <TableHeaderCell key={right} className={styles.rightColumn}>
                    <Checkbox
                      label={rightLabel(right)}
                      aria-label={t('admin.permissions.column', { right: rightLabel(right) })}
                      checked={combined(valuesOf(screenCodes, right))}
                      disabled={readOnly}
                      onChange={(_, d) => change(screenCodes, (r) => withRight(r, right, d.checked === true))}
                    />
                  </TableHeaderCell>
                ))}
                <TableHeaderCell className={styles.rightColumn}>{t('admin.rights.all')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.map((line) => {
                const menu = titleOf(line.row);
                if (line.kind === 'section') {
                  return (
                    <TableRow key={`section-${line.row.Menu_Code}`} className={styles.section}>
                      <TableCell className={indent(line.depth)}>
                        <h3 className={styles.heading}>{menu}</h3>
                      </TableCell>
                      {RIGHTS.map((right) => (
                        <TableCell key={right}>
                          <Checkbox
                            aria-label={t('admin.permissions.section', { right: rightLabel(right), menu })}
                            checked={combined(valuesOf(line.members, right))}
                            disabled={readOnly || !line.members.length}
                            onChange={(_, d) =>
                              change(line.members, (r) => withRight(r, right, d.checked === true))
                            }
                          />
                        </TableCell>
                      ))}
                      <TableCell />
                    </TableRow>
                  );
                }
                const row = line.row;
                const all = combined(RIGHTS.map((right) => row[right]));
                return (
                  <TableRow key={row.Menu_Code}>
                    <TableCell className={indent(line.depth)}>{menu}</TableCell>
                    {RIGHTS.map((right) => (
                      <TableCell key={right}>
                        <Checkbox
                          aria-label={t('admin.permissions.cell', { right: rightLabel(right), menu })}
                          checked={row[right]}
                          disabled={readOnly}
                          onChange={(_, d) =>
                            change([row.Menu_Code], (r) => withRight(r, right, d.checked === true))
                          }
                        />
                      </TableCell>
                    ))}
                    <TableCell>
                      <Checkbox
                        aria-label={t('admin.permissions.row', { menu })}
                        checked={all}
                        disabled={readOnly}
                        onChange={(_, d) => {
                          const value = d.checked === true;
                          change([row.Menu_Code], () => ({
                            View: value,
                            Create: value,
                            Edit: value,
                            Delete: value,
                          }));
                        }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmOpen}
        title={t('admin.permissions.save')}
        detail={groupName}
        busy={saving.isPending}
        onConfirm={save}
        onCancel={() => setConfirmOpen(false)}
      />
    </div>
  );
}
