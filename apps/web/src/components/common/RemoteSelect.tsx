import { useEffect, useRef, useState } from 'react';
import { Select, Spin, Table, type SelectProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

export interface RemoteOption {
  value: string | number;
  label: string;
  [extra: string]: unknown;
}

/** Spec section 2: remote lists drop down 245 px high and 400 px wide. */
const DROPDOWN = { height: 245, width: 400 };

function useRemote(fetch: (keyword: string) => Promise<RemoteOption[]>) {
  const [options, setOptions] = useState<RemoteOption[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const result = await fetch(keyword.trim());
        // Answers to older keystrokes arriving late must not win.
        if (mine === seq.current) setOptions(result);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 300);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return { options, loading, search };
}

/** An option known before any search; a null label (a row without the name) is left out. */
export interface SeedOption {
  value: string | number;
  label: string | null;
}

/**
 * A select whose options come from the server by keyword (option lists: pageNum, pageSize, keyword).
 * `seed` holds options known before any search, typically the current value with its name, so an edit
 * form shows the name and not the id.
 */
export function RemoteSelect({
  fetch,
  seed,
  ...rest
}: Omit<SelectProps, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> & { fetch(keyword: string): Promise<RemoteOption[]>; seed?: SeedOption[] }) {
  const { t } = useTranslation();
  const { options, loading, search } = useRemote(fetch);
  const seeded = (seed ?? []).filter((o): o is RemoteOption => o.label !== null && !options.some((x) => x.value === o.value));
  return (
    <Select
      {...rest}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      options={[...seeded, ...options]}
      listHeight={DROPDOWN.height}
      popupMatchSelectWidth={DROPDOWN.width}
      placeholder={rest.placeholder ?? t('select.placeholder')}
      notFoundContent={loading ? <Spin size="small" /> : t('select.noMatch')}
    />
  );
}

/** A select whose dropdown is a small table of matches (e.g. germplasm with name, pedigree, generation). */
export function TableSelect<T extends RemoteOption>({
  fetch,
  columns,
  value,
  onChange,
  placeholder,
  disabled,
}: {
  fetch(keyword: string): Promise<T[]>;
  columns: ColumnsType<T>;
  value?: T['value'];
  onChange?(value: T['value'] | undefined, row?: T): void;
  placeholder?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { options, loading, search } = useRemote(fetch as (k: string) => Promise<RemoteOption[]>);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<T | undefined>();
  return (
    <Select
      value={value}
      open={open}
      disabled={disabled}
      placeholder={placeholder ?? t('select.placeholder')}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(o) => {
        setOpen(o);
        if (o && options.length === 0) search('');
      }}
      allowClear
      onClear={() => onChange?.(undefined)}
      options={chosen ? [{ value: chosen.value, label: chosen.label }] : options.map((o) => ({ value: o.value, label: o.label }))}
      popupMatchSelectWidth={DROPDOWN.width}
      popupRender={() => (
        <Table<T>
          size="small"
          rowKey="value"
          loading={loading}
          columns={columns}
          dataSource={options as T[]}
          pagination={false}
          scroll={{ y: DROPDOWN.height - 40 }}
          locale={{ emptyText: t('select.noMatch') }}
          onRow={(row) => ({
            onClick: () => {
              setChosen(row);
              onChange?.(row.value, row);
              setOpen(false);
            },
            className: 'bw-row-clickable',
          })}
        />
      )}
    />
  );
}
