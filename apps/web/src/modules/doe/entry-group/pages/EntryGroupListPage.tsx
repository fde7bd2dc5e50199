import { useMemo, useState } from 'react';
import { Input, InputNumber, Segmented, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, ENTRY_GROUP_TYPES, EntryGroupCreate, type EntryGroupRow, type EntryGroupType } from '@breedwise/contracts/doe';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';
import { DictSelect, useDictOptions } from '../../components/DictSelect';
import { doePaths } from '../../paths';

/** Entry groups: nursery groups and groups of entries chosen from experiments. */
export default function EntryGroupListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<EntryGroupType | 'all'>('all');
  const seasons = useDictOptions('doe_season');
  const columns = useMemo<ColumnsType<EntryGroupRow>>(
    () => [
      {
        title: t('doe.entryGroup.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 220,
        render: (v: string, r) => <a onClick={() => navigate(doePaths.entryGroupView(r))}>{v}</a>,
      },
      {
        title: t('doe.entryGroup.type'),
        dataIndex: 'type',
        key: 'type',
        sorter: true,
        width: 120,
        render: (v: string) => <Tag>{t(`doe.entryGroup.types.${v}`)}</Tag>,
      },
      { title: t('doe.harvest.experiment'), dataIndex: 'experimentName', key: 'experimentName', width: 200 },
      { title: t('doe.common.year'), dataIndex: 'year', key: 'year', sorter: true, width: 80 },
      { title: t('doe.entryGroup.members'), dataIndex: 'memberCount', key: 'memberCount', width: 90 },
      { title: t('doe.common.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t, navigate],
  );
  return (
    <CrudPage
      resource={api.doe.entryGroup}
      columns={columns}
      params={{ type: type === 'all' ? undefined : type }}
      filters={{
        labels: { season: t('doe.common.season') },
        options: {
          type: ENTRY_GROUP_TYPES.map((v) => ({ value: v, label: t(`doe.entryGroup.types.${v}`) })),
          season: seasons,
        },
      }}
      permissions={{ add: P.entriesAdd, remove: P.entriesRemove }}
      actions={[{ key: 'view', label: t('common.view'), onClick: (row) => navigate(doePaths.entryGroupView(row)) }]}
      toolbar={
        <Segmented
          value={type}
          onChange={(v) => setType(v as typeof type)}
          options={(['all', ...ENTRY_GROUP_TYPES] as const).map((v) => ({ value: v, label: v === 'all' ? t('common.all') : t(`doe.entryGroup.types.${v}`) }))}
        />
      }
      form={{
        create: EntryGroupCreate,
        onSaved: (group) => navigate(doePaths.entryGroupView(group)),
        fields: () => (
          <>
            <Field name="name" label={t('doe.entryGroup.name')}>
              <Input maxLength={100} />
            </Field>
            <Space>
              <Field name="year" label={t('doe.common.year')}>
                <InputNumber />
              </Field>
              <Field name="season" label={t('doe.common.season')}>
                <DictSelect dictType="doe_season" style={{ width: 160 }} />
              </Field>
            </Space>
            <Field name="remark" label={t('doe.common.remark')}>
              <Input maxLength={500} />
            </Field>
          </>
        ),
      }}
    />
  );
}
