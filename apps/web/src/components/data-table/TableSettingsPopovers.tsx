import { App, Button, Checkbox, InputNumber, Popover, Radio, Select, Space, Switch, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TableLook, TableSettings } from '@breedwise/contracts/common';
import { moveColumn, type ColumnLike } from './column-settings';

const label = (c: ColumnLike | undefined, prop: string) => (c && typeof c.title === 'string' ? c.title : prop);

/** Column settings (width 500): show or hide, order, width and fixing; saved per table and user. */
export function ColumnSettingsPopover({
  columns,
  draft,
  onDraft,
  onSave,
  onReset,
}: {
  columns: ColumnLike[];
  draft: TableSettings;
  onDraft(next: TableSettings): void;
  onSave(): Promise<void>;
  onReset(): Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const run = async (action: () => Promise<void>) => {
    try {
      await action();
      void message.success(t('table.success'));
    } catch {
      void message.error(t('table.fail'));
    }
  };
  const set = (prop: string, patch: Partial<TableSettings['columns'][number]>) =>
    onDraft({ ...draft, columns: draft.columns.map((c) => (c.prop === prop ? { ...c, ...patch } : c)) });

  const content = (
    <div className="bw-colset" data-testid="column-settings">
      <div className="bw-colset-head">
        <span>{t('table.show')}</span>
        <span>{t('table.column')}</span>
        <span>{t('table.width')}</span>
        <span>{t('table.fixed')}</span>
        <span />
      </div>
      <div className="bw-colset-list">
        {draft.columns.map((c, i) => (
          <div className="bw-colset-row" key={c.prop} data-testid={`colset-${c.prop}`}>
            <Checkbox
              checked={!c.hide}
              onChange={(e) => set(c.prop, { hide: !e.target.checked })}
              aria-label={`${t('table.show')} ${label(
                columns.find((x) => String(x.key) === c.prop),
                c.prop,
              )}`}
            />
            <span className="bw-colset-name">
              {label(
                columns.find((x) => String(x.key) === c.prop),
                c.prop,
              )}
            </span>
            <InputNumber
              size="small"
              min={40}
              max={2000}
              value={c.width ?? undefined}
              placeholder={t('table.autoWidth')}
              onChange={(v) => set(c.prop, { width: v ?? null })}
            />
            <Select
              size="small"
              value={c.fixed ?? 'none'}
              onChange={(v: 'none' | 'left' | 'right') => set(c.prop, { fixed: v === 'none' ? null : v })}
              options={[
                { value: 'none', label: t('table.fixedNone') },
                { value: 'left', label: t('table.fixedLeft') },
                { value: 'right', label: t('table.fixedRight') },
              ]}
            />
            <Space size={0}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={t('table.moveUp')}
                onClick={() => onDraft(moveColumn(draft, c.prop, -1))}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={i === draft.columns.length - 1}
                aria-label={t('table.moveDown')}
                onClick={() => onDraft(moveColumn(draft, c.prop, 1))}
              />
            </Space>
          </div>
        ))}
      </div>
      <div className="bw-colset-actions">
        <Button onClick={() => run(onReset)} data-testid="colset-reset">
          {t('table.reset')}
        </Button>
        <Button type="primary" onClick={() => run(onSave)} data-testid="colset-save">
          {t('table.save')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" styles={{ root: { width: 500 } }} title={t('table.columnSettings')}>
      <Tooltip title={t('table.columnSettings')}>
        <Button icon={<SettingOutlined />} aria-label={t('table.columnSettings')} data-testid="column-settings-button" />
      </Tooltip>
    </Popover>
  );
}

/** Table settings (width 400): size, vertical borders and zebra stripes; saved with the columns. */
export function TableLookPopover({ look, onChange }: { look: TableLook; onChange(look: TableLook): void }) {
  const { t } = useTranslation();
  const content = (
    <div className="bw-lookset" data-testid="table-settings">
      <div className="bw-lookset-row">
        <span>{t('table.size')}</span>
        <Radio.Group
          size="small"
          optionType="button"
          value={look.size}
          onChange={(e) => onChange({ ...look, size: e.target.value })}
          options={[
            { value: 'large', label: t('table.sizeLarge') },
            { value: 'middle', label: t('table.sizeDefault') },
            { value: 'small', label: t('table.sizeSmall') },
          ]}
        />
      </div>
      <div className="bw-lookset-row">
        <span>{t('table.bordered')}</span>
        <Switch size="small" checked={look.bordered} onChange={(v) => onChange({ ...look, bordered: v })} aria-label={t('table.bordered')} />
      </div>
      <div className="bw-lookset-row">
        <span>{t('table.striped')}</span>
        <Switch size="small" checked={look.striped} onChange={(v) => onChange({ ...look, striped: v })} aria-label={t('table.striped')} />
      </div>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" styles={{ root: { width: 400 } }} title={t('table.tableSettings')}>
      <Tooltip title={t('table.tableSettings')}>
        <Button icon={<ColumnHeightOutlined />} aria-label={t('table.tableSettings')} data-testid="table-settings-button" />
      </Tooltip>
    </Popover>
  );
}
