import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Button, Table, Tooltip, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@breedwise/contracts';
import type { TableSettings } from '@breedwise/contracts/common';
import type { PageResult } from '@breedwise/contracts';
import type { CallOptions } from '../../lib/api-client';
import { platformApi } from '../../lib/platform-api';
import { applySettings, defaultSettings, rangeSelect, reconcile, DEFAULT_LOOK, type ColumnLike } from './column-settings';
import { ColumnSettingsPopover, TableLookPopover } from './TableSettingsPopovers';

export interface PageRequest {
  pageNum: number;
  pageSize: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
}

/** A page endpoint of a module's typed client (`api.doe.location.page`): its call and its query key. */
export type PageEndpoint<T> = ((input: any, opts?: CallOptions) => Promise<PageResult<T>>) & { readonly key: readonly string[] };

export interface DataTableProps<T> {
  /** The list endpoint (`api.doe.location.page`): the table calls it and caches under its key. */
  endpoint?: PageEndpoint<T>;
  /** Cache key of the list when no endpoint is given; mutations invalidate it to refresh the table. */
  queryKey?: readonly unknown[];
  /** Filters of the list (keyword, filter drawer, ...); a change goes back to page 1. */
  params?: Record<string, unknown>;
  /** The fetch when no endpoint is given. */
  fetch?(request: PageRequest & Record<string, unknown>): Promise<PageResult<T>>;
  /** Every column needs a `key` (the sort column and the settings refer to it). */
  columns: ColumnsType<T>;
  rowKey: string | ((row: T) => Key);
  /** Saves column and table settings per user under this name (enables the two settings popovers). */
  tableName?: string;
  /** Buttons and filters left of the settings buttons. */
  toolbar?: ReactNode;
  selectable?: boolean;
  selectedKeys?: Key[];
  onSelectionChange?(keys: Key[], rows: T[]): void;
  onRowClick?(row: T): void;
  scrollX?: number | string;
  /** Tree rows (rows with `children`): which are expanded. */
  expandable?: TableProps<T>['expandable'];
  testId?: string;
}

/** Pages above this many rows render only the rows in view. */
const VIRTUAL_ABOVE = 100;

/** Fixed columns may take at most this share of the table's width; beyond it they scroll like the others. */
const MAX_FIXED_SHARE = 0.6;

/** The nearest ancestor that scrolls vertically (a workspace tab), where the header and the scroll bar stick. */
function scrollParent(el: HTMLElement | null): HTMLElement | undefined {
  for (let p = el?.parentElement; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return p;
  }
  return undefined;
}

const widthOf = (c: { width?: number | string }) => (typeof c.width === 'number' ? c.width : 120);

/**
 * Keeps fixed columns from covering a narrow table: when they would take more than MAX_FIXED_SHARE of
 * its width, the right ones (actions) scroll first, then the left ones from the last, keeping the first
 * key column fixed as long as it fits.
 */
export function limitFixed<C extends { fixed?: unknown; width?: number | string }>(columns: C[], tableWidth: number, reserved = 0): C[] {
  if (!tableWidth) return columns;
  const budget = tableWidth * MAX_FIXED_SHARE - reserved;
  const isLeft = (c: C) => c.fixed === 'left' || c.fixed === true || c.fixed === 'start';
  const isRight = (c: C) => c.fixed === 'right' || c.fixed === 'end';
  const fixedWidth = (cols: C[]) => cols.filter((c) => isLeft(c) || isRight(c)).reduce((w, c) => w + widthOf(c), 0);
  let out = columns;
  if (fixedWidth(out) <= budget) return out;
  out = out.map((c) => (isRight(c) ? { ...c, fixed: undefined } : c));
  const lefts = out.map((c, i) => (isLeft(c) ? i : -1)).filter((i) => i >= 0);
  for (let k = lefts.length - 1; k >= 0 && fixedWidth(out) > budget; k--) {
    const i = lefts[k];
    out = out.map((c, j) => (j === i ? { ...c, fixed: undefined } : c));
  }
  return out;
}

/**
 * A server-paged table (spec sections 2, 4, 8, 9): paging with sizes 10-200, server-side sorting as
 * orderByColumn/isAsc, refresh that clears the selection, the summary row the server sends, per-user
 * column and table settings, shift-click range selection, virtual rows for large pages, and the
 * loading, empty and error texts of spec section 8.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<{ orderByColumn?: string; isAsc?: 'asc' | 'desc' }>({});
  const [lastParams, setLastParams] = useState(props.params);
  const lastClicked = useRef<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  if (lastParams !== props.params && JSON.stringify(lastParams) !== JSON.stringify(props.params)) {
    setLastParams(props.params);
    setPageNum(1);
  }

  const request = { pageNum, pageSize, ...sort, ...props.params };
  const queryKey = props.endpoint?.key ?? props.queryKey ?? [];
  const fetchPage = props.endpoint ? (r: typeof request) => props.endpoint!(r, { errorMode: 'silent' }) : props.fetch!;
  const query = useQuery({ queryKey: [...queryKey, request], queryFn: () => fetchPage(request), placeholderData: keepPreviousData });

  // Settings: the saved ones (server), edited in a draft until saved.
  const settings = platformApi.common.tableSetting;
  const settingsKey = [...settings.$key, props.tableName];
  const saved = useQuery({
    queryKey: settingsKey,
    queryFn: () => settings.get({ tableName: props.tableName! }, { errorMode: 'silent' }),
    enabled: !!props.tableName,
    staleTime: Infinity,
  });
  const declared = props.columns as ColumnLike[];
  const [draft, setDraft] = useState<TableSettings>(() => defaultSettings(declared));
  useEffect(() => {
    if (saved.data !== undefined) setDraft(saved.data ? reconcile(saved.data, declared) : defaultSettings(declared));
    // The declared columns change identity with the language; their keys do not.
  }, [saved.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const look = props.tableName ? draft.look : DEFAULT_LOOK;
  const columns = useMemo(
    () => limitFixed((props.tableName ? applySettings(declared, draft) : declared) as ColumnLike[], boxWidth, props.selectable ? 32 : 0) as ColumnsType<T>,
    [props.tableName, draft, declared, boxWidth, props.selectable],
  );

  const persist = async (next: TableSettings) => {
    await settings.save({ tableName: props.tableName!, ...next }, { errorMode: 'silent' });
    queryClient.setQueryData(settingsKey, next);
  };

  const rows = Array.isArray(query.data?.rows) ? query.data.rows : [];
  const formatError = query.data && !Array.isArray(query.data.rows);
  const emptyText = query.isError ? query.error.message : formatError ? t('table.formatError') : t('common.noData');
  const keyOf = (row: T): Key => (typeof props.rowKey === 'function' ? props.rowKey(row) : ((row as Record<string, unknown>)[props.rowKey] as Key));

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const column = s?.order ? String(s.columnKey ?? s.field) : undefined;
    setSort(column ? { orderByColumn: column, isAsc: s!.order === 'ascend' ? 'asc' : 'desc' } : {});
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setPageNum(1);
    } else if (pagination.current) setPageNum(pagination.current);
  };

  const summary = query.data?.summary;
  // The summed figures, labelled by their columns, also beside the pager: a summed column may be scrolled out of view.
  const figures = summary
    ? columns.flatMap((c) => {
        const value = summary[String(c.key ?? '')];
        return value === undefined || value === null ? [] : [`${typeof c.title === 'string' ? c.title : String(c.key)} ${String(value)}`];
      })
    : [];
  const virtual = rows.length > VIRTUAL_ABOVE;
  return (
    <div className="bw-data-table" data-testid={props.testId} ref={box}>
      <div className="bw-toolbar bw-data-table-toolbar">
        {props.toolbar}
        <span className="bw-toolbar-spacer" />
        <Tooltip title={t('common.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            data-testid="table-refresh"
            onClick={() => {
              props.onSelectionChange?.([], []);
              lastClicked.current = null;
              void query.refetch();
            }}
          />
        </Tooltip>
        {props.tableName && (
          <>
            <TableLookPopover
              look={look}
              onChange={(next) => {
                const s = { ...draft, look: next };
                setDraft(s);
                void persist(s).catch(() => undefined);
              }}
            />
            <ColumnSettingsPopover
              columns={declared}
              draft={draft}
              onDraft={setDraft}
              onSave={() => persist(draft)}
              onReset={async () => {
                await settings.reset({ tableName: props.tableName! }, { errorMode: 'silent' });
                queryClient.setQueryData(settingsKey, null);
                setDraft(defaultSettings(declared));
              }}
            />
          </>
        )}
      </div>
      <Table<T>
        rowKey={props.rowKey}
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        size={look.size}
        bordered={look.bordered}
        rowClassName={(_row, index) => (look.striped && index % 2 === 1 ? 'bw-row-striped' : '')}
        virtual={virtual}
        // Header and horizontal scroll bar stay in view while the page scrolls (a tall table's bar is otherwise below the fold).
        sticky={virtual ? undefined : { getContainer: () => scrollParent(box.current) ?? window }}
        scroll={virtual ? { x: typeof props.scrollX === 'number' ? props.scrollX : 1600, y: 640 } : { x: props.scrollX ?? 'max-content' }}
        locale={{ emptyText }}
        onChange={onChange}
        onRow={props.onRowClick ? (row) => ({ onClick: () => props.onRowClick!(row), className: 'bw-row-clickable' }) : undefined}
        expandable={props.expandable}
        summary={
          summary
            ? () => (
                <Table.Summary fixed>
                  <Table.Summary.Row data-testid="table-summary">
                    {props.selectable && <Table.Summary.Cell index={0} />}
                    {columns.map((c, i) => {
                      const key = String(c.key ?? '');
                      const value = summary[key];
                      return (
                        <Table.Summary.Cell key={key || i} index={i + (props.selectable ? 1 : 0)}>
                          {i === 0 && value === undefined ? <strong>{t('table.summary')}</strong> : value === undefined ? null : String(value)}
                        </Table.Summary.Cell>
                      );
                    })}
                  </Table.Summary.Row>
                </Table.Summary>
              )
            : undefined
        }
        rowSelection={
          props.selectable
            ? {
                selectedRowKeys: props.selectedKeys,
                preserveSelectedRowKeys: false,
                onChange: (keys, selected) => props.onSelectionChange?.(keys, selected),
                onSelect: (record, checked, _rows, event) => {
                  const pageKeys = rows.map(keyOf);
                  const index = pageKeys.indexOf(keyOf(record));
                  if ((event as unknown as MouseEvent | undefined)?.shiftKey && lastClicked.current !== null) {
                    const keys = rangeSelect(
                      pageKeys,
                      (props.selectedKeys ?? []).filter((k) => k !== keyOf(record) || checked),
                      lastClicked.current,
                      index,
                      checked,
                    );
                    props.onSelectionChange?.(
                      keys,
                      rows.filter((r) => keys.includes(keyOf(r))),
                    );
                  }
                  lastClicked.current = index;
                },
              }
            : undefined
        }
        pagination={{
          current: pageNum,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => (
            <span data-testid="table-total">
              {query.data?.totalCapped ? t('common.totalCapped', { total }) : t('common.total', { total })}
              {figures.length > 0 && (
                <span className="bw-table-figures" data-testid="table-summary-figures">
                  {' · '}
                  {t('table.summary')}: {figures.join(', ')}
                </span>
              )}
            </span>
          ),
        }}
      />
    </div>
  );
}
