// The list screen of every master-data resource (`/<Resource>/Index`, `/Transporter/Index/<type>`), made from its
// definition: columns are the fields with `list !== false`, filters and sorting as the definition declares them,
// the buttons as the user's rights on the screen allow. Rows open in the Editor; delete (or deactivate, for
// resources that keep history) asks first. Read-only resources (fed from outside) only list, view and export.
import { Button, Spinner, Title2 } from '@fluentui/react-components';
import {
  Add20Regular,
  ArrowUpload20Regular,
  Delete20Regular,
  Edit20Regular,
  Eye20Regular,
  Prohibited20Regular,
} from '@fluentui/react-icons';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { defaultFilter, listedFields, type ResourceDef } from '../../../../db/resources/engine';
import { api } from '../../api/client';
import { cellKindOf, type GridColumn } from '../../components/grid/columns';
import { DataGrid, type DataGridHandle, type Row } from '../../components/grid/DataGrid';
import { tableStateKey } from '../../components/grid/gridState';
import { ImportDialog } from '../../components/grid/ImportDialog';
import { ListToolbar } from '../../components/grid/ListToolbar';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { useScreenStyles } from '../../components/screenStyles';
import { NotAvailablePage } from '../NotAvailablePage';
import { useRouteTitle } from '../../routes/title';
import { useSession } from '../../session/SessionContext';
import { useNotify } from '../../shell/notify';
import { recordCaption, useResourceText, type ResourceText } from './labels';
import { useResourcePermission } from './permission';
import { useRouteResource } from './registry';

export function resourceColumns(def: ResourceDef, text: ResourceText): GridColumn[] {
  return listedFields(def)
    .filter((f) => f.list !== false && !f.secret)
    .map((f) => ({
      field: f.name,
      header: text.field(f.name),
      kind: cellKindOf(f),
      scale: f.scale,
      sortable: f.sortable !== false,
      filter: defaultFilter(f),
      options:
        f.type === 'enum'
          ? (f.options ?? []).map((o) => ({ value: o, text: text.option(f.name, o) }))
          : undefined,
    }));
}

/** A column of an import report: a field, or a cell of a sub-table (`Approvers.0.Username` → "Approvers 1: Approver"). */
function importColumnLabel(text: ResourceText, key: string): string {
  const [child, index, field] = key.split('.');
  if (child && index !== undefined && field)
    return `${text.field(child)} ${Number(index) + 1}: ${text.field(field)}`;
  return text.field(key);
}

export default function ResourceIndexPage() {
  const { def, route } = useRouteResource();
  const title = useRouteTitle(route);
  if (!def) return <NotAvailablePage title={title} />;
  // A new grid for another resource: its columns, state and datasource are all its own.
  return <ResourceIndex key={def.name} def={def} />;
}

function ResourceIndex({ def }: { def: ResourceDef }) {
  const { t } = useTranslation();
  const styles = useScreenStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { session } = useSession();
  const text = useResourceText(def);
  const permission = useResourcePermission(def, 'Index');
  const grid = useRef<DataGridHandle>(null);
  const [selected, setSelected] = useState<Row | null>(null);
  const [filterCount, setFilterCount] = useState(0);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const columns = useMemo(() => resourceColumns(def, text), [def, text]);
  const username = session?.user_data.Username;
  const stateKey = username ? tableStateKey(username, def.name) : undefined;
  const deactivate = def.deleteMode === 'deactivate';
  const writable = !def.readOnly;

  function openEditor(mode: 'create' | 'edit' | 'view', row?: Row | null) {
    const id = mode === 'create' ? 0 : Number(row?.Id);
    void navigate(`/${def.name}/Editor?mode=${mode}&id=${id}`, { state: { from: location.pathname } });
  }

  async function remove() {
    if (!selected) return;
    setDeleting(true);
    try {
      const res = await api.delete(`${def.path}/${String(selected.Id)}`);
      if (res.success) {
        notify.success(res.message, t('common.success'));
        setSelected(null);
        grid.current?.refresh();
      } else {
        notify.error(res.message);
      }
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setDeleting(false);
      setConfirmOpen(false);
    }
  }

  const canView = permission?.View === true;
  const canCreate = writable && permission?.Create === true;
  const canEdit = writable && permission?.Edit === true;
  const canDelete = writable && permission?.Delete === true;
  const rowChosen = selected !== null;
  const deleteLabel = deactivate ? t('resources.deactivate') : t('resources.delete');

  return (
    <section className={styles.page} aria-labelledby="resource-index-title">
      <div className={styles.header}>
        <Title2 as="h1" id="resource-index-title">
          {text.title}
        </Title2>
      </div>
      {permission === null ? (
        <div className={styles.loading}>
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <>
          <ListToolbar
            list={grid}
            filterCount={filterCount}
            exportTo={canView ? { path: def.path, fileName: def.name } : undefined}
            after={
              canCreate ? (
                <Button icon={<ArrowUpload20Regular />} onClick={() => setImportOpen(true)}>
                  {t('resources.import')}
                </Button>
              ) : null
            }
          >
            {canCreate ? (
              <Button appearance="primary" icon={<Add20Regular />} onClick={() => openEditor('create')}>
                {t('resources.create')}
              </Button>
            ) : null}
            {canView ? (
              <Button
                icon={<Eye20Regular />}
                disabled={!rowChosen}
                onClick={() => openEditor('view', selected)}
              >
                {t('resources.view')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                icon={<Edit20Regular />}
                disabled={!rowChosen}
                onClick={() => openEditor('edit', selected)}
              >
                {t('resources.edit')}
              </Button>
            ) : null}
            {canDelete ? (
              <Button
                icon={deactivate ? <Prohibited20Regular /> : <Delete20Regular />}
                disabled={!rowChosen}
                onClick={() => setConfirmOpen(true)}
              >
                {deleteLabel}
              </Button>
            ) : null}
          </ListToolbar>
          <DataGrid
            ref={grid}
            path={def.path}
            columns={columns}
            stateKey={stateKey}
            ariaLabel={text.title}
            onSelectionChange={setSelected}
            onRowDoubleClick={(row) => openEditor(canEdit ? 'edit' : 'view', row)}
            onFilterCountChange={setFilterCount}
            onError={(error) => notify.failure(error, t('common.requestFailed'))}
          />
        </>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={deleteLabel}
        detail={selected ? recordCaption(def, selected) : undefined}
        confirmLabel={deleteLabel}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmOpen(false)}
      />
      {canCreate ? (
        <ImportDialog
          open={importOpen}
          path={def.path}
          title={text.title}
          fileBaseName={def.name}
          fieldLabel={(key) => importColumnLabel(text, key)}
          onClose={(saved) => {
            setImportOpen(false);
            if (saved > 0) grid.current?.refresh();
          }}
        />
      ) : null}
    </section>
  );
}
