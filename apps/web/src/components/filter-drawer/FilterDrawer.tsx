import { useEffect, useState } from 'react';
import { App, Badge, Button, DatePicker, Drawer, Empty, Form, Input, InputNumber, List, Modal, Popconfirm, Select, Space, Tabs, Typography } from 'antd';
import { DeleteOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { filterOperatorLabels, type FilterItem, type FilterOperator, type Locale } from '@breedwise/contracts';
import {
  availableFields,
  decodeItems,
  defaultOperator,
  encodeRows,
  newRowId,
  operatorsOf,
  type FilterFieldConfig,
  type FilterRow,
  type RowValue,
} from './filter-model';
import { platformApi } from '../../lib/platform-api';

export interface FilterDrawerProps {
  /** Key of the drawer: saved filters are kept per name and user. */
  name: string;
  open: boolean;
  fields: FilterFieldConfig[];
  value: FilterItem[];
  /** Emits the filter (apply, clear, or a saved filter used). */
  onChange(filters: FilterItem[]): void;
  onClose(): void;
}

/**
 * The filter drawer (spec sections 2, 4, 5): filter items and commonly used filters. Apply emits the
 * filter, cancel restores it as it was at opening, clear empties it and emits.
 */
export function FilterDrawer({ name, open, fields, value, onChange, onClose }: FilterDrawerProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const locale = (i18n.language as Locale) || 'zh-CN';
  const [rows, setRows] = useState<FilterRow[]>([]);
  const [tab, setTab] = useState('items');
  const [saving, setSaving] = useState(false);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState(false);
  const savedFilters = platformApi.common.savedFilter;
  const savedKey = [...savedFilters.$key, name];
  const saved = useQuery({ queryKey: savedKey, queryFn: () => savedFilters.my({ filterName: name }), enabled: open });

  // Each opening starts from the filter in force, so cancel can simply drop the edits.
  useEffect(() => {
    if (open) {
      setRows(decodeItems(value, fields));
      setTab('items');
    }
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const update = (id: number, patch: Partial<FilterRow>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const addRow = () => {
    const free = availableFields(fields, rows);
    if (free.length === 0) {
      void message.warning(t('filter.noFilterItems'));
      return;
    }
    setRows((rs) => [...rs, { id: newRowId(), key: free[0].key, operator: defaultOperator(free[0].type) }]);
  };
  const apply = () => {
    onChange(encodeRows(rows, fields));
    onClose();
  };
  const clear = () => {
    setRows([]);
    onChange([]);
    onClose();
  };
  const saveCurrent = async () => {
    if (!title.trim()) {
      setTitleError(true);
      return;
    }
    await savedFilters.save({ filterName: name, title: title.trim(), filterObj: encodeRows(rows, fields) });
    void message.success(t('filter.saved'));
    setSaving(false);
    setTitle('');
    await queryClient.invalidateQueries({ queryKey: savedKey });
  };

  const valueInput = (row: FilterRow, field: FilterFieldConfig) => {
    const set = (v: RowValue) => update(row.id, { value: v });
    const common = { 'aria-label': `${field.label} ${t('filter.value')}`, style: { width: '100%' } };
    switch (field.type) {
      case 'select':
        return (
          <Select
            {...common}
            mode="multiple"
            allowClear
            options={field.options}
            value={(row.value as string[] | undefined) ?? []}
            onChange={set}
            maxTagCount="responsive"
          />
        );
      case 'number':
        return <InputNumber {...common} value={row.value as number | undefined} onChange={(v) => set(v ?? undefined)} />;
      case 'date':
        return (
          <DatePicker.RangePicker
            {...common}
            value={row.value as [Dayjs, Dayjs] | undefined}
            onChange={(v) => set(v && v[0] && v[1] ? [v[0], v[1]] : undefined)}
            placeholder={[t('filter.from'), t('filter.to')]}
          />
        );
      default:
        return <Input {...common} allowClear value={(row.value as string | undefined) ?? ''} onChange={(e) => set(e.target.value)} />;
    }
  };

  const itemsTab = (
    <div className="bw-filter-items" data-testid="filter-items">
      {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('filter.empty')} />}
      {rows.map((row) => {
        const field = fields.find((f) => f.key === row.key)!;
        const choices = availableFields(fields, rows, row.id);
        return (
          <div className="bw-filter-row" key={row.id} data-testid="filter-row">
            <Select
              aria-label={t('filter.field')}
              className="bw-filter-field"
              value={row.key}
              options={choices.map((f) => ({ value: f.key, label: f.label }))}
              onChange={(key) => {
                const f = fields.find((x) => x.key === key)!;
                update(row.id, { key, operator: defaultOperator(f.type), value: undefined });
              }}
            />
            {field.type !== 'date' ? (
              <Select
                aria-label={t('filter.operator')}
                className="bw-filter-operator"
                value={row.operator ?? defaultOperator(field.type)}
                options={operatorsOf(field.type).map((op) => ({ value: op, label: filterOperatorLabels[op][locale] }))}
                onChange={(op: FilterOperator) => update(row.id, { operator: op })}
              />
            ) : (
              <span className="bw-filter-operator bw-filter-between">{filterOperatorLabels.between[locale]}</span>
            )}
            <div className="bw-filter-value">{valueInput(row, field)}</div>
            <Button type="text" icon={<DeleteOutlined />} aria-label={t('filter.remove')} onClick={() => setRows((rs) => rs.filter((r) => r.id !== row.id))} />
          </div>
        );
      })}
      <Button type="dashed" block icon={<PlusOutlined />} onClick={addRow} data-testid="filter-add">
        {t('filter.addItem')}
      </Button>
    </div>
  );

  const savedTab = (
    <List
      data-testid="filter-saved"
      loading={saved.isFetching}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('filter.noSaved')} /> }}
      dataSource={saved.data ?? []}
      renderItem={(item) => (
        <List.Item
          actions={[
            <Button
              key="use"
              type="link"
              onClick={() => {
                onChange(item.filterObj);
                onClose();
              }}
            >
              {t('filter.use')}
            </Button>,
            <Popconfirm
              key="del"
              title={t('filter.deleteConfirm', { title: item.title })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                await savedFilters.remove({ id: item.id });
                void message.success(t('filter.deleted'));
                await queryClient.invalidateQueries({ queryKey: savedKey });
              }}
            >
              <Button type="link" danger>
                {t('common.delete')}
              </Button>
            </Popconfirm>,
          ]}
        >
          <List.Item.Meta
            title={item.title}
            description={
              <Typography.Text type="secondary" ellipsis>
                {decodeItems(item.filterObj, fields)
                  .map((r) => fields.find((f) => f.key === r.key)?.label)
                  .join(' · ')}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );

  return (
    <Drawer
      title={t('filter.title')}
      open={open}
      size={650}
      onClose={onClose}
      destroyOnHidden={false}
      data-testid="filter-drawer"
      footer={
        <div className="bw-filter-footer">
          <Button
            onClick={() => {
              if (rows.length === 0 || encodeRows(rows, fields).length === 0) void message.warning(t('filter.nothingToSave'));
              else setSaving(true);
            }}
          >
            {t('filter.save')}
          </Button>
          <span className="bw-toolbar-spacer" />
          <Space>
            <Button onClick={clear}>{t('filter.clear')}</Button>
            <Button onClick={onClose}>{t('filter.cancel')}</Button>
            <Button type="primary" onClick={apply} data-testid="filter-apply">
              {t('filter.apply')}
            </Button>
          </Space>
        </div>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'items', label: t('filter.tabItems'), children: itemsTab },
          { key: 'saved', label: t('filter.tabSaved'), children: savedTab },
        ]}
      />
      <Modal
        open={saving}
        title={t('filter.saveTitle')}
        onOk={saveCurrent}
        onCancel={() => setSaving(false)}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={t('filter.saveName')}
            required
            validateStatus={titleError ? 'error' : undefined}
            help={titleError ? t('filter.saveNameRequired') : undefined}
          >
            <Input
              value={title}
              maxLength={50}
              onChange={(e) => {
                setTitle(e.target.value);
                setTitleError(false);
              }}
              aria-label={t('filter.saveName')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}

/** A toolbar button showing how many filters are in force; opens the drawer. */
export function FilterButton(props: Omit<FilterDrawerProps, 'open' | 'onClose'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={props.value.length} size="small" offset={[-4, 4]}>
        <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="filter-button">
          {t('filter.button')}
        </Button>
      </Badge>
      <FilterDrawer {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
