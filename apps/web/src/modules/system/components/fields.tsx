import { Alert, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../components/crud/CrudPage';
import { MENU_ICON_NAMES, menuIcon } from '../../../components/common/menu-icons';
import { useLoginInfo } from '../../../lib/login-info';
import { usePermission } from '../../../lib/permissions';

/** The enabled/disabled choice of a form; `initialValue` for a form that starts from nothing. */
export function StatusField({ rules, initialValue, width = 140 }: { rules?: Rule[]; initialValue?: 'enabled' | 'disabled'; width?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" label={t('common.status')} rules={rules} initialValue={initialValue}>
      <Select
        style={{ width }}
        options={[
          { value: 'enabled', label: t('common.enabled') },
          { value: 'disabled', label: t('common.disabled') },
        ]}
      />
    </Form.Item>
  );
}

/** The display order of a form (0 to 9999); `initialValue` for a form that starts from nothing. */
export function SortField({ label, rules, initialValue }: { label: string; rules?: Rule[]; initialValue?: number }) {
  return (
    <Form.Item name="sort" label={label} rules={rules} initialValue={initialValue}>
      <InputNumber min={0} max={9999} />
    </Form.Item>
  );
}

/** Order and status side by side; `fresh` starts a new record at 0 and enabled. */
export function SortStatusFields({ sortLabel, rules, fresh }: { sortLabel: string; rules: { sort?: Rule[]; status?: Rule[] }; fresh?: boolean }) {
  return (
    <Space size="large">
      <SortField label={sortLabel} rules={rules.sort} initialValue={fresh ? 0 : undefined} />
      <StatusField rules={rules.status} initialValue={fresh ? 'enabled' : undefined} />
    </Space>
  );
}

/** The Chinese and English names of a record, side by side. */
export function NameFields({ labels, rules }: { labels: { zh: string; en: string }; rules: { nameZh?: Rule[]; nameEn?: Rule[] } }) {
  return (
    <div className="bw-form-pair">
      <Form.Item name="nameZh" label={labels.zh} required rules={rules.nameZh}>
        <Input />
      </Form.Item>
      <Form.Item name="nameEn" label={labels.en} required rules={rules.nameEn}>
        <Input />
      </Form.Item>
    </div>
  );
}

/** An icon chosen among the menu icons, shown with its name. */
export function MenuIconSelect(props: { value?: string; onChange?(value: string): void; placeholder?: string }) {
  return (
    <Select
      allowClear
      showSearch
      {...props}
      options={MENU_ICON_NAMES.map((name) => ({
        value: name,
        label: (
          <span className="bw-menu-icon-option">
            {menuIcon(name)} {name}
          </span>
        ),
      }))}
    />
  );
}

/** The status column of a list: an enabled/disabled tag. */
export function statusColumn<T>(t: TFunction, width = 90): ColumnType<T> {
  return { title: t('common.status'), dataIndex: 'status', key: 'status', width, render: (v: string) => <StatusTag value={v} /> };
}

/** True when the user holds the permission and is a platform administrator (what all organisations share). */
export function usePlatformEdit(permission: string): boolean {
  const { data: me } = useLoginInfo();
  return usePermission(permission) && !!me?.userInfo.platformAdmin;
}

/** The screen a user sees in place of a platform administrators' screen. */
export function PlatformOnly({ title, text }: { title: string; text: string }) {
  return (
    <div className="bw-page">
      <Card title={title} variant="borderless">
        <Alert type="info" showIcon title={text} />
      </Card>
    </div>
  );
}
