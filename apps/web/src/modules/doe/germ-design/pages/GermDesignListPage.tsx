import { useMemo, useState } from 'react';
import { Button, Segmented, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, GERM_DESIGN_KINDS, type GermDesignKind, type GermDesignRow } from '@breedwise/contracts/doe';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { useDictOptions } from '../../components/DictSelect';
import { yearSeasonColumn } from '../../components/columns';
import { doePaths } from '../../paths';

/** Germplasm nursery designs and nursery designs: plans of one or more designs, each a list on a field. */
export default function GermDesignListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<GermDesignKind | 'all'>('all');
  const canAdd = usePermission(P.germDesignAdd);
  const seasons = useDictOptions('doe_season');
  const columns = useMemo<ColumnsType<GermDesignRow>>(
    () => [
      {
        title: t('doe.germDesign.planName'),
        dataIndex: 'planName',
        key: 'planName',
        sorter: true,
        width: 220,
        render: (v: string, r) => <a onClick={() => navigate(doePaths.germDesignView(r.id))}>{v}</a>,
      },
      { title: t('doe.germDesign.kind'), dataIndex: 'kind', key: 'kind', width: 120, render: (v: string) => <Tag>{t(`doe.germDesign.kinds.${v}`)}</Tag> },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        width: 100,
        render: (v: string) => <Tag color={v === 'designed' ? 'processing' : 'default'}>{t(`doe.experiment.status.${v}`)}</Tag>,
      },
      yearSeasonColumn(t),
      { title: t('doe.experiment.project'), dataIndex: 'projectName', key: 'projectName', width: 160 },
      { title: t('doe.germDesign.designs'), dataIndex: 'designCount', key: 'designCount', width: 80 },
      { title: t('doe.experiment.plots'), dataIndex: 'plotCount', key: 'plotCount', width: 80 },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t, navigate],
  );
  return (
    <CrudPage
      resource={api.doe.germDesign}
      columns={columns}
      params={{ kind: kind === 'all' ? undefined : kind }}
      filters={{
        labels: { season: t('doe.common.season'), year: t('doe.common.year'), remark: t('doe.common.remark') },
        options: {
          kind: GERM_DESIGN_KINDS.map((v) => ({ value: v, label: t(`doe.germDesign.kinds.${v}`) })),
          status: (['temporary', 'designed'] as const).map((v) => ({ value: v, label: t(`doe.experiment.status.${v}`) })),
          season: seasons,
        },
      }}
      permissions={{ remove: P.germDesignRemove }}
      nameOf={(r) => r.planName}
      actions={[
        { key: 'view', label: t('common.view'), onClick: (row) => navigate(doePaths.germDesignView(row.id)) },
        {
          key: 'edit',
          label: t('common.edit'),
          permission: P.germDesignEdit,
          visible: (row) => row.status === 'temporary',
          onClick: (row) => navigate(doePaths.germDesignEdit(row.id)),
        },
      ]}
      toolbar={
        <>
          <Segmented
            value={kind}
            onChange={(v) => setKind(v as typeof kind)}
            options={(['all', ...GERM_DESIGN_KINDS] as const).map((v) => ({ value: v, label: v === 'all' ? t('common.all') : t(`doe.germDesign.kinds.${v}`) }))}
          />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(doePaths.germDesignEdit(0))}>
              {t('doe.germDesign.add')}
            </Button>
          )}
        </>
      }
    />
  );
}
