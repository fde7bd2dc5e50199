import { useMemo, useState } from 'react';
import { Drawer, Input, InputNumber, Row, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, GERM_LIST_TYPES, GermListCreate, GermListUpdate, type GermListRow, type GermListType } from '@breedwise/contracts/doe';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { DictSelect, useDictOptions } from '../../components/DictSelect';
import { yearSeasonColumn } from '../../components/columns';
import { ProjectSelect } from '../../project/components/ProjectSelect';
import { ListEntriesPanel } from '../components/ListEntriesPanel';

const germList = api.doe.germList;

/** Planting lists (spec section 3): lists with material counts and usage, their entries, xlsx import with a row report and export. */
export default function GermListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState<GermListType | undefined>();
  const [open, setOpen] = useState<GermListRow | null>(null);
  const canEdit = usePermission(P.germListEdit);
  const seasons = useDictOptions('doe_season');
  const typeOptions = GERM_LIST_TYPES.map((v) => ({ value: v, label: t(`doe.germList.types.${v}`) }));
  const columns = useMemo<ColumnsType<GermListRow>>(
    () => [
      {
        title: t('doe.germList.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 220,
        render: (v: string, r) => <a onClick={() => setOpen(r)}>{v}</a>,
      },
      {
        title: t('doe.germList.type'),
        dataIndex: 'type',
        key: 'type',
        sorter: true,
        width: 100,
        render: (v: string) => <Tag>{t(`doe.germList.types.${v}`)}</Tag>,
      },
      {
        title: t('doe.germList.materialCount'),
        dataIndex: 'materialCount',
        key: 'materialCount',
        width: 140,
        render: (v: number, r) => `${v} (${t('doe.experiment.checksShort', { n: r.checkCount })})`,
      },
      yearSeasonColumn(t),
      { title: t('doe.germList.usage'), dataIndex: 'usage', key: 'usage', width: 180, ellipsis: true },
      { title: t('doe.experiment.project'), dataIndex: 'projectName', key: 'projectName', width: 160, ellipsis: true },
      { title: t('doe.germList.usedBy'), dataIndex: 'usedBy', key: 'usedBy', width: 90 },
      { title: t('doe.common.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true, width: 160 },
      dateTimeColumn(t('doe.germList.updatedAt'), 'updatedAt'),
    ],
    [t],
  );
  return (
    <>
      <CrudPage
        resource={germList}
        columns={columns}
        params={{ type }}
        filters={{ labels: { year: t('doe.common.year'), season: t('doe.common.season') }, options: { type: typeOptions, season: seasons } }}
        permissions={{ add: P.germListAdd, edit: P.germListEdit, remove: P.germListRemove, import: P.germListImport, export: P.germListExport }}
        actions={[{ key: 'entries', label: t('doe.germList.entries'), onClick: (row) => setOpen(row) }]}
        toolbar={<Select allowClear style={{ width: 130 }} placeholder={t('doe.germList.type')} value={type} onChange={setType} options={typeOptions} />}
        form={{
          create: GermListCreate,
          update: GermListUpdate,
          defaults: () => ({ type: 'experiment' }),
          fields: (_form, editing) => (
            <Row gutter={12}>
              <Field name="name" label={t('doe.germList.name')} span={14}>
                <Input maxLength={100} />
              </Field>
              <Field name="type" label={t('doe.germList.type')} span={10}>
                <Select options={typeOptions} />
              </Field>
              <Field name="year" label={t('doe.common.year')} span={8}>
                <InputNumber style={{ width: '100%' }} />
              </Field>
              <Field name="season" label={t('doe.common.season')} span={8}>
                <DictSelect dictType="doe_season" />
              </Field>
              <Field name="projectId" label={t('doe.experiment.project')} span={8}>
                <ProjectSelect seed={editing?.projectId ? [{ value: editing.projectId, label: editing.projectName }] : undefined} />
              </Field>
              <Field name="usage" label={t('doe.germList.usage')} span={24}>
                <Input maxLength={200} />
              </Field>
              <Field name="remark" label={t('doe.common.remark')} span={24}>
                <Input.TextArea rows={2} maxLength={500} />
              </Field>
            </Row>
          ),
        }}
      />
      <Drawer open={!!open} onClose={() => setOpen(null)} size={1100} title={open ? t('doe.germList.entriesOf', { name: open.name }) : ''} destroyOnHidden>
        {open && <ListEntriesPanel list={open} editable={canEdit} onChanged={() => void queryClient.invalidateQueries({ queryKey: germList.$key })} />}
      </Drawer>
    </>
  );
}
