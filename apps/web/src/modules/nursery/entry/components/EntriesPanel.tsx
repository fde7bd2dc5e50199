import { useMemo, useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FilterItem } from '@breedwise/contracts';
import { entryList, EntryUpdate, nurseryPermissions as P, type ActivityRow, type EntryRow } from '@breedwise/contracts/nursery';
import { DataTable } from '../../../../components/data-table/DataTable';
import { FilterButton, fieldsFromSpec } from '../../../../components/filter-drawer';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { Field } from '../../../../components/form/Field';
import { usePermission } from '../../../../lib/permissions';
import { api as doeApi } from '../../../doe';
import { api } from '../../api';
import { useSurveyValues } from '../../pollination/components/useEntryOptions';
import { EntryMoreActions } from './EntryMoreActions';

const entry = api.nursery.entry;

/** A nursery's entries: material number, entry, generation, pedigree, parents, plot and field numbers, pollinations and harvests. */
export function EntriesPanel({ activity }: { activity: ActivityRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const open = activity.status !== 'finished';
  const canAdd = usePermission(P.entryAdd) && open;
  const canEdit = usePermission(P.entryEdit) && open;
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [adding, setAdding] = useState(false);
  const [listId, setListId] = useState<number | null>(null);
  const [editing, setEditing] = useState<EntryRow | null>(null);
  const lists = useQuery({
    queryKey: [...doeApi.doe.germList.page.key, 'nursery-options'],
    queryFn: () => doeApi.doe.germList.page({ pageSize: 200 }),
    enabled: adding,
  });
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: entry.$key }), queryClient.invalidateQueries({ queryKey: api.nursery.activity.$key })]);
  const labels = {
    name: t('nursery.entry.name'),
    entryNo: t('nursery.entry.entryNo'),
    generation: t('nursery.entry.generation'),
    pedigree: t('nursery.entry.pedigree'),
    plotNo: t('nursery.entry.plotNo'),
    fieldNo: t('nursery.entry.fieldNo'),
  };
  // The field survey's values show on each entry, a column per survey trait.
  const survey = useSurveyValues(activity.id, true);
  const columns = useMemo<ColumnsType<EntryRow>>(
    () => [
      { title: t('nursery.entry.entryNo'), dataIndex: 'entryNo', key: 'entryNo', sorter: true, width: 70, fixed: 'left' },
      { title: t('nursery.entry.materialNo'), dataIndex: 'materialNo', key: 'materialNo', width: 130 },
      { title: t('nursery.entry.name'), dataIndex: 'name', key: 'name', sorter: true, width: 150, ellipsis: true },
      { title: t('nursery.entry.generation'), dataIndex: 'generation', key: 'generation', sorter: true, width: 90 },
      { title: t('nursery.entry.pedigree'), dataIndex: 'pedigree', key: 'pedigree', width: 180, ellipsis: true, render: (v: string | null) => v ?? '—' },
      { title: t('nursery.entry.femaleParent'), dataIndex: 'femaleParent', key: 'femaleParent', width: 120, render: (v: string | null) => v ?? '—' },
      { title: t('nursery.entry.maleParent'), dataIndex: 'maleParent', key: 'maleParent', width: 120, render: (v: string | null) => v ?? '—' },
      {
        title: t('nursery.entry.pollinationTypes'),
        dataIndex: 'pollinationTypes',
        key: 'pollinationTypes',
        width: 130,
        render: (v: string[]) => (v.length ? v.map((p) => <Tag key={p}>{t(`nursery.pollination.types.${p}`)}</Tag>) : '—'),
      },
      {
        title: t('nursery.entry.harvestNumbers'),
        dataIndex: 'harvestNumbers',
        key: 'harvestNumbers',
        width: 150,
        render: (v: string[]) => v.join(', ') || '—',
      },
      { title: t('nursery.entry.plotNo'), dataIndex: 'plotNo', key: 'plotNo', sorter: true, width: 70 },
      { title: t('nursery.entry.fieldNo'), dataIndex: 'fieldNo', key: 'fieldNo', width: 100, render: (v: string | null) => v ?? '—' },
      ...survey.traits.map((v) => ({
        title: <span title={v.name}>{v.unit ? `${v.code} (${v.unit})` : v.code}</span>,
        key: `survey-${v.code}`,
        width: 100,
        render: (_: unknown, r: EntryRow) => <span data-testid={`entry-survey-${r.entryNo}-${v.code}`}>{survey.value(r.id, v.id) ?? '—'}</span>,
      })),
      ...(canEdit
        ? [
            {
              title: t('common.actions'),
              key: 'actions',
              width: 80,
              render: (_: unknown, r: EntryRow) => (
                <a onClick={() => setEditing(r)} data-testid={`entry-edit-${r.entryNo}`}>
                  {t('common.edit')}
                </a>
              ),
            },
          ]
        : []),
    ],
    [t, canEdit, survey],
  );
  const addFromList = async () => {
    if (!listId) return;
    const { updated } = await entry.fromList({ activityId: activity.id, germListId: listId }, { errorMode: 'modal' });
    void message.success(t('nursery.entry.added', { count: updated }));
    setAdding(false);
    setListId(null);
    await refresh();
  };
  return (
    <>
      <DataTable<EntryRow>
        testId="nursery-entry-table"
        tableName="nursery.entry"
        endpoint={entry.page}
        params={{ activityId: activity.id, keyword: keyword || undefined, filters: filters.length ? JSON.stringify(filters) : undefined }}
        columns={columns}
        rowKey="id"
        toolbar={
          <Space wrap>
            <Input.Search allowClear placeholder={t('nursery.entry.keyword')} style={{ width: 200 }} onSearch={(v) => setKeyword(v.trim())} />
            <FilterButton name="nursery.entry" fields={fieldsFromSpec(entryList, labels)} value={filters} onChange={setFilters} />
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="entry-from-list">
                {t('nursery.entry.fromList')}
              </Button>
            )}
            <EntryMoreActions
              activity={activity}
              canAdd={canAdd}
              params={{ keyword: keyword || undefined, filters: filters.length ? JSON.stringify(filters) : undefined }}
              onAdded={refresh}
            />
          </Space>
        }
      />
      <Modal
        open={adding}
        title={t('nursery.entry.fromList')}
        onCancel={() => setAdding(false)}
        onOk={addFromList}
        okButtonProps={{ disabled: !listId, 'data-testid': 'entry-from-list-ok' }}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('nursery.entry.germList')} required>
            <Select
              showSearch
              optionFilterProp="label"
              value={listId ?? undefined}
              onChange={setListId}
              loading={lists.isLoading}
              data-testid="entry-germ-list"
              options={(lists.data?.rows ?? []).map((l) => ({ value: l.id, label: l.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <ContractFormModal
        open={!!editing}
        title={t('nursery.entry.editTitle')}
        schema={EntryUpdate}
        initialValues={editing ? { id: editing.id, generation: editing.generation, fieldNo: editing.fieldNo, remark: editing.remark } : null}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          await entry.update(v, { errorMode: 'silent' });
          await refresh();
        }}
      >
        {() => (
          <>
            <Field name="generation" label={t('nursery.entry.generation')} extra={t('nursery.entry.generationHelp')}>
              <Input maxLength={20} />
            </Field>
            <Field name="fieldNo" label={t('nursery.entry.fieldNo')}>
              <Input maxLength={50} />
            </Field>
            <Field name="remark" label={t('nursery.activity.remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Field>
          </>
        )}
      </ContractFormModal>
    </>
  );
}
