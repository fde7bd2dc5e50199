import { useMemo, useState } from 'react';
import { Button, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { etlPermissions as P, type PipelineRow } from '@breedwise/contracts/etl';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { etlPaths } from '../../paths';
import { BusinessTab } from '../../business/components/BusinessTab';
import { RUN_COLOURS, useTypeLabel } from '../components/labels';

const pipeline = api.etl.pipeline;

/** Data pipelines and the business data tables they load. */
export default function PipelineListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAdd = usePermission(P.pipelineAdd);
  const typeLabel = useTypeLabel();
  const [tab, setTab] = useState('pipelines');
  const columns = useMemo<ColumnsType<PipelineRow>>(
    () => [
      { title: t('etl.pipeline.name'), dataIndex: 'name', key: 'name', sorter: true, width: 220, fixed: 'left' },
      { title: t('etl.pipeline.businessType'), dataIndex: 'businessType', key: 'businessType', sorter: true, width: 180, render: (v: string) => typeLabel(v) },
      { title: t('etl.pipeline.sourceKind'), key: 'source', width: 150, render: (_: unknown, r) => t(`etl.source.${r.source.kind}`) },
      {
        title: t('etl.pipeline.schedule'),
        key: 'schedule',
        width: 150,
        render: (_: unknown, r) => (r.schedule.kind === 'interval' ? t('etl.schedule.every', { minutes: r.schedule.minutes }) : t('etl.schedule.none')),
      },
      {
        title: t('etl.pipeline.lastRun'),
        key: 'lastRunStatus',
        width: 130,
        render: (_: unknown, r) => (r.lastRunStatus ? <Tag color={RUN_COLOURS[r.lastRunStatus]}>{t(`etl.run.status.${r.lastRunStatus}`)}</Tag> : '-'),
      },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t, typeLabel],
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: 'pipelines',
          label: t('etl.pipeline.title'),
          children: (
            <CrudPage
              i18n="etl.pipeline"
              resource={{ page: pipeline.page, remove: (i) => pipeline.delete(i), $key: pipeline.$key }}
              columns={columns}
              permissions={{ remove: P.pipelineRemove }}
              filters={false}
              toolbar={
                canAdd ? (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(etlPaths.create)} data-testid="pipeline-add">
                    {t('etl.pipeline.add')}
                  </Button>
                ) : null
              }
              actions={[{ key: 'open', label: t('etl.pipeline.open'), onClick: (r) => navigate(etlPaths.edit(r.id)), testId: () => 'pipeline-open' }]}
              onRowClick={(r) => navigate(etlPaths.edit(r.id))}
            />
          ),
        },
        { key: 'business', label: t('etl.business.title'), children: <BusinessTab /> },
      ]}
    />
  );
}
