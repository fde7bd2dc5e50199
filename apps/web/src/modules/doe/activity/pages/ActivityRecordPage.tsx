import { useMemo, useState } from 'react';
import { Input, InputNumber, Row, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { doePermissions as P, ActivityRecordCreate, ActivityRecordUpdate, type ActivityRecordRow } from '@breedwise/contracts/doe';
import { RemoteSelect } from '../../../../components/common';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { DateInput } from '../../../../components/form/DateInput';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';
import { ExperimentSelect } from '../../experiment/components/ExperimentSelect';
import { AttachmentsField } from '../components/AttachmentsField';

const record = api.doe.activityRecord;

/** Field activities as they happen: category, date, experiment or field, operator, cost, photos. */
export default function ActivityRecordPage() {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const categories = useQuery({
    queryKey: [...api.doe.activityCategory.$key, 'enabled'],
    queryFn: () => api.doe.activityCategory.page({ pageSize: 200, status: 'enabled' }),
  });
  const categoryOptions = (categories.data?.rows ?? []).map((c) => ({ value: c.id, label: c.label }));
  const columns = useMemo<ColumnsType<ActivityRecordRow>>(
    () => [
      { title: t('doe.activity.date'), dataIndex: 'activityDate', key: 'activityDate', sorter: true, width: 110 },
      {
        title: t('doe.activity.category'),
        dataIndex: 'categoryName',
        key: 'categoryName',
        sorter: true,
        width: 110,
        render: (v: string, r) => <Tag color={r.categoryColor ?? undefined}>{v}</Tag>,
      },
      { title: t('doe.activity.titleLabel'), dataIndex: 'title', key: 'title', sorter: true, width: 180 },
      { title: t('doe.harvest.experiment'), dataIndex: 'experimentName', key: 'experimentName', width: 180, ellipsis: true },
      { title: t('doe.experiment.field'), dataIndex: 'fieldName', key: 'fieldName', width: 130 },
      { title: t('doe.activity.operator'), dataIndex: 'operator', key: 'operator', width: 100 },
      { title: t('doe.activity.cost'), dataIndex: 'cost', key: 'cost', sorter: true, width: 90 },
      {
        title: t('doe.activity.files'),
        key: 'files',
        width: 150,
        render: (_, r) =>
          r.files.map((f) => (
            <a key={f.fileId} href={f.fileUrl} target="_blank" rel="noreferrer" style={{ marginRight: 6 }}>
              {f.fileName}
            </a>
          )),
      },
      { title: t('doe.activity.content'), dataIndex: 'content', key: 'content', ellipsis: true },
    ],
    [t],
  );
  return (
    <CrudPage
      resource={record}
      columns={columns}
      params={{ categoryId }}
      filters={{
        labels: { categoryId: t('doe.activity.category') },
        options: { categoryId: categoryOptions.map((o) => ({ value: String(o.value), label: o.label })) },
      }}
      permissions={{ add: P.activityAdd, edit: P.activityEdit, remove: P.activityRemove }}
      nameOf={(r) => r.title}
      toolbar={
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('doe.activity.category')}
          value={categoryId}
          onChange={setCategoryId}
          options={categoryOptions}
        />
      }
      form={{
        create: ActivityRecordCreate,
        update: ActivityRecordUpdate,
        width: 720,
        defaults: () => ({ activityDate: dayjs().format('YYYY-MM-DD'), fileIds: [] }),
        values: (r) => ({ ...r, fileIds: r.files.map((f) => f.fileId) }),
        fields: (_form, editing) => (
          <Row gutter={12}>
            <Field name="categoryId" label={t('doe.activity.category')} span={8}>
              <Select options={categoryOptions} />
            </Field>
            <Field name="activityDate" label={t('doe.activity.date')} span={8}>
              <DateInput />
            </Field>
            <Field name="operator" label={t('doe.activity.operator')} span={8}>
              <Input maxLength={50} />
            </Field>
            <Field name="title" label={t('doe.activity.titleLabel')} span={24}>
              <Input maxLength={100} />
            </Field>
            <Field name="experimentId" label={t('doe.harvest.experiment')} span={12}>
              <ExperimentSelect seed={editing?.experimentId ? [{ value: editing.experimentId, label: editing.experimentName }] : undefined} />
            </Field>
            <Field name="fieldId" label={t('doe.experiment.field')} span={12}>
              <RemoteSelect
                allowClear
                seed={editing?.fieldId ? [{ value: editing.fieldId, label: editing.fieldName }] : undefined}
                fetch={async (keyword) =>
                  (await api.doe.field.page({ keyword, pageSize: 50 })).rows.map((f) => ({ value: f.id, label: `${f.name} · ${f.locationName}` }))
                }
              />
            </Field>
            <Field name="cost" label={t('doe.activity.cost')} span={8}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Field>
            <Field name="content" label={t('doe.activity.content')} span={24}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Field>
            <Field name="fileIds" label={t('doe.activity.files')} span={24}>
              <AttachmentsField known={editing?.files} />
            </Field>
          </Row>
        ),
      }}
    />
  );
}
