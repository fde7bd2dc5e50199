import { useMemo } from 'react';
import { Input, InputNumber, Row, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DhEntryCreate, nurseryPermissions as P, type DhEntryRow } from '@breedwise/contracts/nursery';
import { RemoteSelect } from '../../../../components/common';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';
import { seasonOptions } from '../../components/options';
import { nurseryPaths } from '../../paths';

const dhEntry = api.nursery.dhEntry;

/** /nursery/dh/entry: DH batches of D0 material, each carried through the DH steps to a D1 seed lot. */
export default function DhEntryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo<ColumnsType<DhEntryRow>>(
    () => [
      { title: t('nursery.dhEntry.batchNo'), dataIndex: 'batchNo', key: 'batchNo', sorter: true, width: 130, fixed: 'left' },
      { title: t('nursery.dhEntry.listName'), dataIndex: 'listName', key: 'listName', sorter: true, width: 160, ellipsis: true },
      { title: t('nursery.dhEntry.name'), dataIndex: 'name', key: 'name', width: 150, ellipsis: true },
      { title: t('nursery.dhEntry.pedigree'), dataIndex: 'pedigree', key: 'pedigree', width: 140, ellipsis: true, render: (v: string | null) => v ?? '—' },
      { title: t('nursery.dhEntry.generation'), dataIndex: 'generation', key: 'generation', width: 80 },
      { title: t('nursery.dhEntry.fieldNo'), dataIndex: 'fieldNo', key: 'fieldNo', width: 90 },
      { title: t('nursery.dhEntry.germCount'), dataIndex: 'germCount', key: 'germCount', width: 90, align: 'right' },
      { title: t('nursery.dhEntry.taskName'), dataIndex: 'taskName', key: 'taskName', width: 140, ellipsis: true },
      { title: t('nursery.dhEntry.flow'), dataIndex: 'flowName', key: 'flowName', width: 130, ellipsis: true },
      {
        title: t('nursery.dhEntry.state'),
        key: 'nextStep',
        width: 170,
        render: (_: unknown, r) =>
          r.nextStep ? <Tag color="processing">{t(`nursery.dhEvent.steps.${r.nextStep}`)}</Tag> : <Tag color="success">{r.lotNo}</Tag>,
      },
      dateTimeColumn(t('common.createdAt'), 'createdAt'),
    ],
    [t],
  );
  return (
    <CrudPage
      resource={dhEntry}
      columns={columns}
      nameOf={(r) => r.batchNo}
      permissions={{ add: P.dhEntryAdd, remove: P.dhEntryRemove }}
      onRowClick={(r) => navigate(nurseryPaths.dhEntry(r.id))}
      actions={[
        { key: 'open', label: t('nursery.dhEntry.open'), onClick: (r) => navigate(nurseryPaths.dhEntry(r.id)) },
        {
          key: 'record',
          label: t('nursery.dhEvent.recordNext'),
          permission: P.dhEventAdd,
          visible: (r) => !!r.nextStep,
          onClick: (r) => navigate(nurseryPaths.dhEventAdd(r.id)),
        },
      ]}
      form={{
        create: DhEntryCreate,
        width: 760,
        defaults: () => ({ year: new Date().getFullYear(), season: 'spring' }),
        onSaved: (row) => navigate(nurseryPaths.dhEntry(row.id)),
        fields: () => (
          <>
            <Field name="germplasmId" label={t('nursery.dhEntry.source')} extra={t('nursery.dhEntry.sourceHelp')}>
              <RemoteSelect
                data-testid="dh-source"
                fetch={async (k) =>
                  (await dhEntry.sources({ keyword: k || undefined }, { errorMode: 'silent' })).map((o) => ({ value: o.germplasmId, label: o.label }))
                }
              />
            </Field>
            <Row gutter={12}>
              <Field name="listName" label={t('nursery.dhEntry.listName')} span={12}>
                <Input maxLength={100} data-testid="dh-list-name" />
              </Field>
              <Field name="project" label={t('nursery.dhEntry.project')} span={12}>
                <Input maxLength={100} />
              </Field>
              <Field name="year" label={t('nursery.activity.year')} span={6}>
                <InputNumber min={1900} max={2200} style={{ width: '100%' }} />
              </Field>
              <Field name="season" label={t('nursery.activity.season')} span={6}>
                <Select options={seasonOptions(t)} />
              </Field>
              <Field name="fieldNo" label={t('nursery.dhEntry.fieldNo')} span={6} extra={t('nursery.dhEntry.fieldNoHelp')}>
                <Input maxLength={20} data-testid="dh-field-no" />
              </Field>
              <Field name="germCount" label={t('nursery.dhEntry.germCount')} span={6}>
                <InputNumber min={1} max={1000000} style={{ width: '100%' }} data-testid="dh-germ-count" />
              </Field>
              <Field name="batchNo" label={t('nursery.dhEntry.batchNo')} span={8}>
                <Input maxLength={50} data-testid="dh-batch-no" />
              </Field>
              <Field name="taskName" label={t('nursery.dhEntry.taskName')} span={8}>
                <Input maxLength={100} data-testid="dh-task-name" />
              </Field>
              <Field name="flowId" label={t('nursery.dhEntry.flow')} span={8}>
                <RemoteSelect
                  data-testid="dh-flow"
                  fetch={async (k) =>
                    (await api.nursery.dhFlow.page({ keyword: k || undefined, pageNum: 1, pageSize: 50 }, { errorMode: 'silent' })).rows.map((f) => ({
                      value: f.id,
                      label: `${f.code} ${f.name}`,
                    }))
                  }
                />
              </Field>
              <Field name="handbookFile" label={t('nursery.dhEntry.handbookFile')} span={12}>
                <Input maxLength={300} />
              </Field>
              <Field name="remark" label={t('nursery.activity.remark')} span={12}>
                <Input maxLength={500} />
              </Field>
            </Row>
          </>
        ),
      }}
    />
  );
}
