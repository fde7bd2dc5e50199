import { useMemo, useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Segmented, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Permissions, type GermDesignRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { DictTag } from '../../../components/common';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { doeKeys, germDesignApi } from '../api';

const P = Permissions.doe;

/** Germplasm nursery designs and nursery designs: plans of one or more designs, each a list on a field. */
export default function GermDesignListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<'germplasm' | 'nursery' | 'all'>('all');
  const canAdd = usePermission(P.germDesignAdd);
  const canEdit = usePermission(P.germDesignEdit);
  const canRemove = usePermission(P.germDesignRemove);
  const columns = useMemo<ColumnsType<GermDesignRow>>(() => [
    { title: t('doe.germDesign.planName'), dataIndex: 'planName', key: 'planName', sorter: true, width: 220, render: (v: string, r) => <a onClick={() => navigate(`/doe/germplasm/design/viewDesign/${r.id}`)}>{v}</a> },
    { title: t('doe.germDesign.kind'), dataIndex: 'kind', key: 'kind', width: 120, render: (v: string) => <Tag>{t(`doe.germDesign.kinds.${v}`)}</Tag> },
    { title: t('common.status'), dataIndex: 'status', key: 'status', sorter: true, width: 100, render: (v: string) => <Tag color={v === 'designed' ? 'processing' : 'default'}>{t(`doe.experiment.status.${v}`)}</Tag> },
    { title: t('doe.experiment.yearSeason'), key: 'year', sorter: true, width: 130, render: (_, r) => <Space size={4}>{r.year}<DictTag dictType="doe_season" appKey="doe" value={r.season} /></Space> },
    { title: t('doe.experiment.project'), dataIndex: 'projectName', key: 'projectName', width: 160 },
    { title: t('doe.germDesign.designs'), dataIndex: 'designCount', key: 'designCount', width: 80 },
    { title: t('doe.experiment.plots'), dataIndex: 'plotCount', key: 'plotCount', width: 80 },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common.actions'), key: 'a', fixed: 'right', width: 200, render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/doe/germplasm/design/viewDesign/${r.id}`)}>{t('common.view')}</Button>
          {canEdit && r.status === 'temporary' && <Button type="link" size="small" onClick={() => navigate(`/doe/germplasm/design/editDesign/${r.id}`)}>{t('common.edit')}</Button>}
          {canRemove && (
            <Popconfirm title={t('common.deleteConfirm', { name: r.planName })} okText={t('common.ok')} cancelText={t('common.cancel')}
              onConfirm={async () => { await germDesignApi.remove(r.id); void message.success(t('doe.common.deleted')); void queryClient.invalidateQueries({ queryKey: doeKeys.germDesign }); }}>
              <Button type="link" size="small" danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, canEdit, canRemove]);
  const params = useMemo(() => ({ keyword: keyword || undefined, kind: kind === 'all' ? undefined : kind }), [keyword, kind]);
  return (
    <div className="bw-page">
      <Card title={t('doe.germDesign.title')} variant="borderless">
        <DataTable<GermDesignRow> testId="germdesign-table" queryKey={doeKeys.germDesign} tableName="doe.germDesign" params={params} fetch={germDesignApi.page} columns={columns} rowKey="id"
          toolbar={<>
            <Segmented value={kind} onChange={(v) => setKind(v as typeof kind)} options={(['all', 'germplasm', 'nursery'] as const).map((v) => ({ value: v, label: v === 'all' ? t('common.all') : t(`doe.germDesign.kinds.${v}`) }))} />
            <Input.Search allowClear placeholder={t('doe.germDesign.keyword')} style={{ width: 200 }} onSearch={(v) => setKeyword(v.trim())} />
            {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/doe/germplasm/design/editDesign/0')}>{t('doe.germDesign.add')}</Button>}
          </>} />
      </Card>
    </div>
  );
}
