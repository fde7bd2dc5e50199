import { useMemo, useState } from 'react';
import { Drawer, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, HARVEST_TYPES, type HarvestListRow } from '@breedwise/contracts/doe';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { doePaths } from '../../paths';
import { HarvestLinesPanel } from '../components/HarvestLinesPanel';

const harvest = api.doe.harvest;

/** Harvest lists of the crop's experiments: lines per plot, weights and seed counts entered as harvested. */
export default function HarvestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<HarvestListRow | null>(null);
  const canEdit = usePermission(P.harvestEdit);
  const columns = useMemo<ColumnsType<HarvestListRow>>(
    () => [
      {
        title: t('doe.harvest.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 220,
        render: (v: string, r) => <a onClick={() => setOpen(r)}>{v}</a>,
      },
      {
        title: t('doe.harvest.experiment'),
        key: 'exp',
        width: 240,
        render: (_, r) => <a onClick={() => navigate(doePaths.experimentView(r.experimentId))}>{`${r.experimentName} (${r.experimentCode})`}</a>,
      },
      {
        title: t('doe.harvest.type'),
        dataIndex: 'harvestType',
        key: 'harvestType',
        width: 110,
        render: (v: string) => <Tag>{t(`doe.harvest.types.${v}`)}</Tag>,
      },
      { title: t('doe.harvest.date'), dataIndex: 'harvestDate', key: 'harvestDate', sorter: true, width: 120 },
      { title: t('doe.harvest.lines'), dataIndex: 'entryCount', key: 'entryCount', width: 90 },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110 },
      dateTimeColumn(t('common.createdAt'), 'createdAt'),
    ],
    [t, navigate],
  );
  return (
    <>
      <CrudPage
        resource={harvest}
        columns={columns}
        filters={{
          labels: { experimentName: t('doe.harvest.experiment'), experimentCode: t('doe.experiment.code'), remark: t('doe.common.remark') },
          options: { harvestType: HARVEST_TYPES.map((v) => ({ value: v, label: t(`doe.harvest.types.${v}`) })) },
        }}
        permissions={{ remove: P.harvestRemove }}
        actions={[
          { key: 'lines', label: t('doe.harvest.lines'), onClick: (row) => setOpen(row) },
          { key: 'export', label: t('doe.harvest.export'), onClick: (row) => harvest.export({ id: row.id }) },
        ]}
      />
      <Drawer open={!!open} onClose={() => setOpen(null)} size={1000} title={open?.name} destroyOnHidden>
        {open && <HarvestLinesPanel list={open} editable={canEdit} />}
      </Drawer>
    </>
  );
}
