import { useMemo, useState, type Key, type ReactNode } from 'react';
import { App, Button, Card, Input, Tag, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FilterItem, ListSpec, PageResult } from '@breedwise/contracts';
import { usePermission, usePermissionChecker } from '../../lib/permissions';
import { DataTable, type DataTableProps, type PageEndpoint, type PageRequest } from '../data-table/DataTable';
import { RowActions, actionsWidth, deleteAction, type RowActionItem } from '../data-table/RowActions';
import { FilterButton, fieldsFromSpec } from '../filter-drawer';
import { ContractFormModal } from '../form/ContractFormModal';
import { ExportButton, ImportButton } from '../import-export';

/** What a row action may ask of the kit: the create dialog (with starting values), the edit dialog, a refresh. */
export interface CrudKit<T> {
  create(initial?: Record<string, unknown>): void;
  edit(row: T): void;
  refresh(): Promise<unknown>;
}

/** A row action: shown when `visible` (default true) and the user holds `permission`. */
export interface RowAction<T> {
  key: string;
  label: ReactNode;
  onClick(row: T, kit: CrudKit<T>): unknown;
  permission?: string;
  visible?(row: T): boolean;
  danger?: boolean;
  /** Asks before acting (e.g. an irreversible transition). */
  confirm?(row: T): ReactNode;
  /** The button's test id for a row (default `row-<key>`). */
  testId?(row: T): string;
}

/** The parts of a resource's typed client (`api.doe.team`) the kit uses; the ones a resource lacks are left out. */
export interface CrudResource<T> {
  /** The server-paged list (or, for a small whole list, the page's `rows`). */
  page?: PageEndpoint<T> & { endpoint: { list?: ListSpec } };
  create?(body: never, opts?: { errorMode: 'silent' }): Promise<unknown>;
  update?(body: never, opts?: { errorMode: 'silent' }): Promise<unknown>;
  remove?(input: { id: number }): Promise<unknown>;
  template?: { url(): string };
  import?: { url(): string };
  export?: { url(input?: Record<string, unknown>): string };
  readonly $key: readonly string[];
}

export interface CrudPageProps<T extends { id: number }, C extends z.ZodType, U extends z.ZodType> {
  /**
   * Where the resource's texts are, by convention (default: the resource's key, `doe.team`): `<i18n>.title`
   * (the page), `.add` (the Add button and the create dialog), `.editTitle` (the edit dialog), `.keyword`
   * (the search box, when the key exists). It also names the table settings (`tableName`) and,
   * kebab-cased, the test ids (`team-table`, `team-add`, `team-form`). Each may be given explicitly instead.
   */
  i18n?: string;
  title?: ReactNode;
  resource: CrudResource<T>;
  /** Per-user column and table settings are saved under this name. */
  tableName?: string;
  testId?: string;
  /** The data columns (every one with a `key`); the kit adds the actions column. */
  columns: ColumnsType<T>;
  /** Placeholder of the keyword search; without it (and without `<i18n>.keyword`) there is no search box. */
  keywordPlaceholder?: string;
  /**
   * The filter drawer, over the keys the list endpoint declares: a key is labelled by the column with
   * that key, else by `labels`, else by the platform's common text; `options` are a select's choices
   * (the enable/disable choices come with `status`). `false`: no drawer.
   */
  filters?: false | { labels?: Record<string, string>; options?: Record<string, { value: string; label: string }[]> };
  /** Extra list parameters (e.g. a status selector of the page). */
  params?: Record<string, unknown>;
  /**
   * A small list the server answers whole (or a tree), served page by page here instead of the
   * resource's `page`: its loader and cache key, and how the keyword matches a row.
   */
  rows?: { key: readonly unknown[]; load(): Promise<T[]>; match?(row: T, keyword: string): boolean };
  /** Tree rows: which are expanded. */
  expandable?: DataTableProps<T>['expandable'];
  permissions: { add?: string; edit?: string; remove?: string; import?: string; export?: string };
  /**
   * The create and edit dialog: the contracts the server validates with, and the form's fields. Without
   * `update` the dialog only creates (rows are edited elsewhere, e.g. on their own page).
   */
  form?: {
    create: C;
    update?: U;
    /** Dialog titles (default from `i18n`); `add` labels the Add button (default: the create title). */
    titles?: { create?: ReactNode; edit?: ReactNode; add?: ReactNode };
    fields(form: FormInstance, editing: T | null): ReactNode;
    /** The form's starting values for a row (default: the row itself). */
    values?(row: T): Record<string, unknown>;
    /** The form's starting values for a new row. */
    defaults?(): Record<string, unknown>;
    /** After a save (e.g. open the created row's page). */
    onSaved?(row: T, created: boolean): void;
    width?: number;
  };
  /** An enable/disable toggle on a `status` field of `enabled`/`disabled` rows. */
  status?: { permission?: string; set(ids: number[], status: 'enabled' | 'disabled'): Promise<unknown> };
  /** What delete confirmation names (default `name`). */
  nameOf?(row: T): string;
  /** Whether a row may be deleted (default: every row, for holders of the remove permission). */
  removable?(row: T): boolean;
  /** Said under the delete confirmation. */
  removeHelp?: ReactNode;
  /** Other queries a change refreshes besides the resource's own (lists of other screens that show it). */
  invalidates?: readonly (readonly unknown[])[];
  /** More actions per row (members, open, transitions ...): the first two show as links, the rest in a menu. */
  actions?: RowAction<T>[];
  /** Buttons left of Add (batch actions and the like). */
  toolbar?: ReactNode;
  /** Shown above the table (a note on who may edit, and the like). */
  header?: ReactNode;
  /** The import and export files are named after this. */
  ioTitle?: string;
  selectable?: boolean;
  onSelectionChange?(keys: Key[], rows: T[]): void;
  onRowClick?(row: T): void;
}

/** `doe.activityCategory` -> `activity-category`. */
const kebab = (key: string) => (key.split('.').pop() ?? key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A "table of X with a form" screen, declared: the server-paged table with the keyword search and the
 * filter drawer of the list's declared keys, Add, the contract-checked create/edit dialog, row actions
 * (edit, enable/disable, delete with confirmation, the resource's own), import and export, each shown
 * only to holders of its permission. The server checks every one of them again.
 */
export function CrudPage<T extends { id: number }, C extends z.ZodType, U extends z.ZodType>(props: CrudPageProps<T, C, U>) {
  const { t, i18n } = useTranslation();
  const prefix = props.i18n ?? props.resource.$key.join('.');
  const text = (suffix: string) => (i18n.exists(`${prefix}.${suffix}`) ? t(`${prefix}.${suffix}`) : undefined);
  const title = props.title ?? text('title');
  const tableName = props.tableName ?? prefix;
  const ids = kebab(prefix);
  const keywordPlaceholder = props.keywordPlaceholder ?? text('keyword');
  const titles = { create: props.form?.titles?.create ?? text('add'), edit: props.form?.titles?.edit ?? text('editTitle') };
  const addLabel = props.form?.titles?.add ?? titles.create;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [initial, setInitial] = useState<Record<string, unknown> | null>(null);
  const { permissions: p, resource: r } = props;
  if (!props.rows && !r.page) throw new Error('CrudPage: the resource has no page endpoint; give the page its `rows`');
  const canAdd = usePermission(p.add ?? '') && !!p.add && !!props.form && !!r.create;
  const canEdit = usePermission(p.edit ?? '') && !!p.edit;
  const canRemove = usePermission(p.remove ?? '') && !!p.remove && !!r.remove;
  const canImport = usePermission(p.import ?? '') && !!p.import && !!r.import;
  const canExport = usePermission(p.export ?? '') && !!p.export && !!r.export;
  const canStatus = usePermission(props.status?.permission ?? p.edit ?? '') && !!props.status;
  const check = usePermissionChecker();
  const granted = useMemo(() => (props.actions ?? []).filter((a) => !a.permission || check(a.permission)), [props.actions, check]);
  const refresh = () => Promise.all([r.$key, ...(props.invalidates ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
  const kit: CrudKit<T> = {
    create: (values) => {
      setInitial(values ?? null);
      setEditing(null);
    },
    edit: (row) => setEditing(row),
    refresh,
  };
  const nameOf = props.nameOf ?? ((row: T) => String((row as Record<string, unknown>).name ?? row.id));
  const deletable = (row: T) => canRemove && (props.removable?.(row) ?? true);

  const spec = r.page?.endpoint.list;
  const filterFields = useMemo(() => {
    const given = props.filters;
    if (!spec || given === false) return [];
    const fromColumns = Object.fromEntries(
      props.columns.flatMap((c) => (typeof c.title === 'string' && c.key !== undefined ? [[String(c.key), c.title]] : [])),
    ) as Record<string, string>;
    const labels = Object.fromEntries(
      Object.keys(spec.filters).map((key) => [key, given?.labels?.[key] ?? fromColumns[key] ?? (i18n.exists(`common.${key}`) ? t(`common.${key}`) : key)]),
    );
    const status = props.status
      ? {
          status: [
            { value: 'enabled', label: t('common.enabled') },
            { value: 'disabled', label: t('common.disabled') },
          ],
        }
      : {};
    return fieldsFromSpec(spec, labels, { ...status, ...given?.options });
  }, [spec, props.filters, props.columns, props.status, t, i18n]);
  const params = useMemo(
    () => ({ ...props.params, keyword: keyword || undefined, filters: filters.length ? filters : undefined }),
    [props.params, keyword, filters],
  );

  const localRows = useMemo(() => (props.rows ? localPage(props.rows.load, props.rows.match) : undefined), [props.rows]);

  const remove = async (row: T) => {
    await r.remove!({ id: row.id });
    void message.success(t('crud.deleted', { name: nameOf(row) }));
    await refresh();
  };
  const toggle = async (row: T & { status?: string }) => {
    await props.status!.set([row.id], row.status === 'enabled' ? 'disabled' : 'enabled');
    void message.success(t('crud.saved'));
    await refresh();
  };

  const columns = useMemo<ColumnsType<T>>(() => {
    const rowActions = (row: T): RowAction<T>[] => [
      ...(canEdit && props.form?.update && r.update ? [{ key: 'edit', label: t('common.edit'), onClick: (x: T) => kit.edit(x) }] : []),
      ...(canStatus && 'status' in row
        ? [
            {
              key: 'status',
              label: (row as { status?: string }).status === 'enabled' ? t('common.disable') : t('common.enable'),
              onClick: (x: T) => toggle(x),
            },
          ]
        : []),
      ...granted.filter((a) => a.visible?.(row) ?? true),
    ];
    const item = (a: RowAction<T>, row: T): RowActionItem => ({
      key: a.key,
      label: a.label,
      danger: a.danger,
      confirm: a.confirm?.(row),
      onClick: () => a.onClick(row, kit),
      testId: a.testId?.(row) ?? `row-${a.key}`,
    });
    const hasActions = (canEdit && !!props.form?.update) || canStatus || canRemove || granted.length > 0;
    if (!hasActions) return props.columns;
    // The column is as wide as the longest set of actions a row can show (the longer of enable/disable).
    const widest: RowActionItem[] = [
      ...(canEdit && props.form?.update && r.update ? [{ key: 'edit', label: t('common.edit'), onClick: () => undefined }] : []),
      ...(canStatus
        ? [{ key: 'status', label: [t('common.disable'), t('common.enable')].sort((a, b) => b.length - a.length)[0], onClick: () => undefined }]
        : []),
      ...granted.map((a) => ({ key: a.key, label: a.label, onClick: () => undefined })),
      ...(canRemove ? [deleteAction(t('common.delete'), null, () => undefined)] : []),
    ];
    return [
      ...props.columns,
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: actionsWidth(widest),
        render: (_: unknown, row: T) => (
          <RowActions
            items={[
              ...rowActions(row).map((a) => item(a, row)),
              ...(deletable(row)
                ? [
                    {
                      ...deleteAction(t('common.delete'), t('common.deleteConfirm', { name: nameOf(row) }), () => remove(row)),
                      confirm: (
                        <>
                          {t('common.deleteConfirm', { name: nameOf(row) })}
                          {props.removeHelp && <div className="bw-confirm-help">{props.removeHelp}</div>}
                        </>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.columns, canEdit, canStatus, canRemove, granted, t, props.removable]);

  const form = props.form;
  // The dialog's starting values, computed once per opening (the page passes `form` anew at each render).
  const initialValues = useMemo(
    () =>
      editing === undefined || !form
        ? null
        : editing
          ? (form.values?.(editing) ?? (editing as Record<string, unknown>))
          : (initial ?? form.defaults?.() ?? null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editing],
  );
  return (
    <div className="bw-page">
      <Card title={title} variant="borderless">
        {props.header}
        <DataTable<T>
          testId={props.testId ?? `${ids}-table`}
          {...(props.rows ? { queryKey: props.rows.key, fetch: localRows } : { endpoint: r.page })}
          expandable={props.expandable}
          tableName={tableName}
          params={params}
          columns={columns}
          rowKey="id"
          selectable={props.selectable}
          onSelectionChange={props.onSelectionChange}
          onRowClick={props.onRowClick}
          toolbar={
            <>
              {keywordPlaceholder && (
                <Input.Search
                  allowClear
                  placeholder={keywordPlaceholder}
                  style={{ width: 220 }}
                  onSearch={(v) => setKeyword(v.trim())}
                  data-testid="crud-search"
                />
              )}
              {filterFields.length > 0 && <FilterButton name={tableName} fields={filterFields} value={filters} onChange={setFilters} />}
              {props.toolbar}
              {canImport && (
                <ImportButton
                  resource={{ template: r.template!, import: r.import! }}
                  title={props.ioTitle ?? String(title)}
                  onImported={() => void refresh()}
                />
              )}
              {canExport && <ExportButton url={r.export!} params={params} fileName={`${props.ioTitle ?? String(title)}.xlsx`} />}
              {canAdd && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => kit.create()} data-testid={`${ids}-add`}>
                  {addLabel}
                </Button>
              )}
            </>
          }
        />
      </Card>
      {form && (
        <ContractFormModal
          open={editing !== undefined}
          title={editing ? (titles.edit ?? titles.create) : titles.create}
          schema={(editing ? form.update! : form.create) as z.ZodType}
          initialValues={initialValues}
          width={form.width}
          successMessage={t('crud.saved')}
          testId={`${ids}-form`}
          onClose={() => setEditing(undefined)}
          onSubmit={async (values) => {
            const body = editing ? { ...(values as object), id: editing.id } : values;
            const saved = await (editing ? r.update! : r.create!)(body as never, { errorMode: 'silent' });
            await refresh();
            form.onSaved?.(saved as T, !editing);
          }}
        >
          {(f) => form.fields(f, editing ?? null)}
        </ContractFormModal>
      )}
    </div>
  );
}

/** A status tag for enabled/disabled rows. */
export function StatusTag({ value }: { value: string }) {
  const { t } = useTranslation();
  return <Tag color={value === 'enabled' ? 'success' : 'default'}>{t(`common.${value}`)}</Tag>;
}

/**
 * A whole list (the server answers it at once) served page by page to a DataTable, with the table's
 * sort applied here; `match` keeps the rows of a keyword.
 */
export function localPage<T>(load: () => Promise<T[]>, match?: (row: T, keyword: string) => boolean) {
  return async (q: PageRequest & Record<string, unknown>): Promise<PageResult<T>> => {
    let rows = await load();
    const keyword = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : '';
    if (keyword && match) rows = rows.filter((r) => match(r, keyword));
    const column = typeof q.orderByColumn === 'string' ? q.orderByColumn : undefined;
    if (column) {
      const dir = q.isAsc === 'desc' ? -1 : 1;
      rows = [...rows].sort((a, b) => {
        const x = (a as Record<string, unknown>)[column];
        const y = (b as Record<string, unknown>)[column];
        return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''))) * dir;
      });
    }
    const pageNum = Number(q.pageNum ?? 1);
    const pageSize = Number(q.pageSize ?? 20);
    return { rows: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length };
  };
}
