import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Input, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BuildRow, GwsProjectRow, PanelRow } from '@breedwise/contracts/gws';
import { DataTable } from '../../../../components/data-table/DataTable';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { platformApi } from '../../../../lib/platform-api';
import { queryClient } from '../../../../lib/query';
import { useGenomeBuilds, useNoBuildPrompt } from '../../../system';
import { gsPaths } from '../../paths';

const gws = platformApi.gws.build;
const buildsKey = ['gs', 'gws', 'builds'] as const;

/**
 * Genome builds (/gs/gws; spec 7 gws get-build-list, get-panel-list, get-project-list): the current crop's
 * builds with my current one, the genotype panels of the current build (they follow the header's selector),
 * and the crop's breeding projects with their analysed experiments.
 */
export default function GwsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('builds');
  return (
    <div className="bw-page">
      <Card variant="borderless" title={t('gs.gws.title')}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'builds', label: t('gs.gws.builds'), children: <BuildsTab /> },
            { key: 'panels', label: t('gs.gws.panels'), children: <PanelsTab /> },
            { key: 'projects', label: t('gs.gws.projects'), children: <ProjectsTab /> },
          ]}
        />
      </Card>
    </div>
  );
}

function NoBuild() {
  const { t } = useTranslation();
  const prompt = useNoBuildPrompt();
  return (
    <Empty description={t('system.build.noneTitle')} data-testid="gws-no-build">
      <Button type="primary" onClick={prompt} data-testid="gws-define-build">
        {t('system.build.goDefine')}
      </Button>
    </Empty>
  );
}

function BuildsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const current = useGenomeBuilds().data?.currentBuildId ?? null;
  const { data, isLoading } = useQuery({ queryKey: [...buildsKey, current], queryFn: () => gws.builds() });
  const columns = useMemo<ColumnsType<BuildRow>>(
    () => [
      {
        title: t('gs.gws.buildName'),
        dataIndex: 'name',
        key: 'name',
        render: (v: string, r) => (
          <>
            <Typography.Text strong>{v}</Typography.Text>
            {r.current && (
              <Tag color="green" style={{ marginInlineStart: 8 }} data-testid="gws-current-tag">
                {t('gs.gws.current')}
              </Tag>
            )}
          </>
        ),
      },
      { title: t('gs.gws.code'), dataIndex: 'code', key: 'code', width: 200 },
      { title: t('gs.gws.description'), dataIndex: 'description', key: 'description', ellipsis: true, render: (v: string | null) => v ?? '—' },
      { title: t('gs.gws.panelCount'), dataIndex: 'panelCount', key: 'panelCount', width: 130, align: 'right' },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 150,
        render: (_: unknown, r) =>
          r.current ? null : (
            <Button
              size="small"
              data-testid="gws-set-current"
              onClick={async () => {
                const next = await gws.setCurrent({ currentBuildId: r.buildId });
                queryClient.setQueryData(['gs', 'builds', next.cropId], next);
                await queryClient.invalidateQueries({ queryKey: ['gs'], predicate: (q) => q.queryKey[1] !== 'builds' });
                void message.success(t('system.build.switched', { build: r.name }));
              }}
            >
              {t('gs.gws.setCurrent')}
            </Button>
          ),
      },
    ],
    [t, message],
  );
  if (data && data.cropId !== null && !data.rows.length) return <NoBuild />;
  if (data && data.cropId === null) return <Empty description={t('system.build.noCrop')} />;
  return <Table<BuildRow> rowKey="buildId" loading={isLoading} columns={columns} dataSource={data?.rows ?? []} pagination={false} data-testid="gws-builds" />;
}

function PanelsTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const builds = useGenomeBuilds().data;
  const [keyword, setKeyword] = useState('');
  const current = builds?.builds.find((b) => b.buildId === builds.currentBuildId);
  const columns = useMemo<ColumnsType<PanelRow>>(
    () => [
      {
        title: t('gs.gws.panelDataset'),
        dataIndex: 'datasetName',
        key: 'datasetName',
        sorter: true,
        render: (v: string, r) => (
          <Typography.Link onClick={() => navigate(gsPaths.datasetDetail(r.datasetId))} data-testid="gws-panel-link">
            {v}
          </Typography.Link>
        ),
      },
      { title: t('gs.gws.panelFile'), dataIndex: 'fileName', key: 'fileName', ellipsis: true },
      { title: t('gs.gws.panelType'), dataIndex: 'type', key: 'type', width: 110, render: (v: PanelRow['type']) => t(`gs.dataset.types.${v}`) },
      { title: t('gs.gws.samples'), dataIndex: 'sampleCount', key: 'sampleCount', sorter: true, width: 110, align: 'right' },
      { title: 'SNP', dataIndex: 'snpCount', key: 'snpCount', sorter: true, width: 110, align: 'right', render: (v: number) => v.toLocaleString() },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110 },
      dateTimeColumn(t('common.createdAt'), 'createdAt'),
    ],
    [t, navigate],
  );
  if (builds && builds.cropId !== null && !builds.builds.length) return <NoBuild />;
  if (!builds?.currentBuildId) return null;
  return (
    <DataTable<PanelRow>
      endpoint={gws.panels}
      // The current build in the parameters: switching it in the header reloads the list.
      params={{ buildId: builds.currentBuildId, keyword: keyword || undefined }}
      columns={columns}
      rowKey="datasetId"
      tableName="gs.gws.panels"
      testId="gws-panels"
      toolbar={
        <>
          <Typography.Text type="secondary" data-testid="gws-panels-build">
            {t('gs.gws.panelsOf', { build: current ? current.name : '' })}
          </Typography.Text>
          <Input.Search allowClear placeholder={t('gs.gws.panelKeyword')} onSearch={setKeyword} style={{ width: 200 }} />
        </>
      }
    />
  );
}

function ProjectsTab() {
  const { t } = useTranslation();
  const crop = useGenomeBuilds().data?.cropId ?? null;
  const { data, isLoading } = useQuery({ queryKey: ['gs', 'gws', 'projects', crop], queryFn: () => gws.projects() });
  const columns: ColumnsType<GwsProjectRow> = [
    { title: t('gs.gws.projectCode'), dataIndex: 'code', key: 'code', width: 160 },
    { title: t('gs.gws.projectName'), dataIndex: 'name', key: 'name', ellipsis: true },
    { title: t('gs.gws.experiments'), dataIndex: 'experimentCount', key: 'experimentCount', width: 140, align: 'right' },
    { title: t('gs.gws.analysed'), dataIndex: 'analysedExperimentCount', key: 'analysedExperimentCount', width: 150, align: 'right' },
    {
      title: t('gs.gws.traits'),
      dataIndex: 'traits',
      key: 'traits',
      render: (v: string[]) => (v.length ? v.map((x) => <Tag key={x}>{x}</Tag>) : '—'),
    },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('gs.gws.projectsHelp')}</Typography.Paragraph>
      <Table<GwsProjectRow>
        rowKey="projectId"
        loading={isLoading}
        columns={columns}
        dataSource={data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="gws-projects"
      />
    </>
  );
}
