import { useMemo } from 'react';
import { ColorPicker, Input, InputNumber, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, ActivityCategoryCreate, ActivityCategoryUpdate, type ActivityCategoryRow } from '@breedwise/contracts/doe';
import { PALETTE } from '../../../../components/common';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { statusColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';

/** Kinds of field activity (sowing, fertilising, irrigation ...) with a colour and an order. */
export default function ActivityCategoryPage() {
  const { t } = useTranslation();
  const columns = useMemo<ColumnsType<ActivityCategoryRow>>(
    () => [
      {
        title: t('doe.activity.categoryNameZh'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        render: (v: string, r) => <Tag color={r.color ?? undefined}>{v}</Tag>,
      },
      { title: t('doe.activity.categoryNameEn'), dataIndex: 'nameEn', key: 'nameEn', width: 180, render: (v: string | null) => v ?? '—' },
      { title: t('doe.activity.sort'), dataIndex: 'sort', key: 'sort', sorter: true, width: 90 },
      { title: t('doe.activity.records'), dataIndex: 'recordCount', key: 'recordCount', width: 100 },
      statusColumn(t),
      { title: t('doe.common.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    ],
    [t],
  );
  const category = api.doe.activityCategory;
  return (
    <CrudPage
      resource={category}
      columns={columns}
      permissions={{ add: P.activityCategory, edit: P.activityCategory, remove: P.activityCategory }}
      status={{ set: (ids, status) => category.status({ ids, status }) }}
      form={{
        create: ActivityCategoryCreate,
        update: ActivityCategoryUpdate,
        defaults: () => ({ sort: 0 }),
        fields: () => (
          <>
            <Field name="name" label={t('doe.activity.categoryNameZh')}>
              <Input maxLength={50} />
            </Field>
            <Field name="nameEn" label={t('doe.activity.categoryNameEn')}>
              <Input maxLength={50} />
            </Field>
            <Space>
              <Field name="color" label={t('doe.activity.color')} getValueFromEvent={(_color: unknown, hex: string) => hex}>
                <ColorPicker presets={[{ label: t('doe.activity.palette'), colors: [...PALETTE] }]} disabledAlpha />
              </Field>
              <Field name="sort" label={t('doe.activity.sort')}>
                <InputNumber min={0} />
              </Field>
            </Space>
            <Field name="remark" label={t('doe.common.remark')}>
              <Input maxLength={200} />
            </Field>
          </>
        ),
      }}
    />
  );
}
