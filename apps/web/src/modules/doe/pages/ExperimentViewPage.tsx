import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Dropdown, Result, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { DownloadOutlined, EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permissions, type ExperimentDetail, type StatusAction } from '@breedwise/contracts';
import { DictTag } from '../../../components/common';
import { downloadBlob } from '../../../lib/download';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { usePage } from '../../../shell/workspace/page-context';
import { doeKeys, experimentApi, groupApi, harvestApi } from '../api';
import { FieldMap } from '../components/FieldMap';
import { HarvestModal } from '../components/HarvestModal';
import { ExperimentStatusTag } from '../components/selects';

const P = Permissions.doe;
const ACTIONS: StatusAction[] = ['finish', 'reopen', 'harvest', 'reset', 'push'];

/** /doe/exp/design/viewExperiment/:id: the experiment, its field map with exports, its state actions and harvests. */
export default function ExperimentViewPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const id = Number(usePage().params.id);
  const canExport = usePermission(P.experimentExport);
  const canHarvest = usePermission(P.harvestGenerate);
  const canGroup = usePermission(P.entriesAdd);
  const [harvesting, setHarvesting] = useState(false);
  const { data: exp, isError } = useQuery({ queryKey: [...doeKeys.experiment, id], queryFn: () => experimentApi.detail(id) });
  const plots = useQuery({ queryKey: [...doeKeys.experiment, id, 'plots'], queryFn: () => experimentApi.plots(id), enabled: !!exp && exp.plotCount > 0 });
  const entries = useQuery({ queryKey: [...doeKeys.experiment, id, 'entries'], queryFn: () => experimentApi.entries(id), enabled: !!exp });
  const harvests = useQuery({ queryKey: [...doeKeys.harvest, 'exp', id], queryFn: () => harvestApi.page({ experimentId: id, pageSize: 50 }), enabled: !!exp });

  if (isError) return <Result status="404" title={t('doe.common.notFound')} />;
  if (!exp) return <Card><Skeleton active /></Card>;

  const act = (action: StatusAction) => {
    const run = async () => {
      await experimentApi.status(id, action);
      void message.success(t(`doe.experiment.done.${action}`));
      await queryClient.invalidateQueries({ queryKey: doeKeys.experiment });
    };
    if (action === 'push' || action === 'reset') {
      modal.confirm({ title: t(`doe.experiment.confirm.${action}`), content: t(`doe.experiment.confirm.${action}Detail`), okText: t('common.ok'), cancelText: t('common.cancel'), onOk: run, okButtonProps: { danger: action === 'reset' } });
    } else void run();
  };
  const download = async (url: string, params: Record<string, unknown>, name: string) => {
    try {
      await downloadBlob(url, params, name);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const makeGroup = async () => {
    const group = await groupApi.fromExperiment({ experimentId: id, name: `${exp.name} ${t('doe.group.selected')}` });
    void message.success(t('doe.group.created', { name: group.name }));
    navigate(`/doe/nursery/entries/viewExpGroup/${group.id}`);
  };

  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={<Space wrap>{exp.name}<Typography.Text type="secondary">{exp.code}</Typography.Text><ExperimentStatusTag status={exp.status} locked={exp.locked} /></Space>}
        extra={
          <Space wrap>
            {(exp.actions.includes('edit') || exp.actions.includes('design')) && <Button icon={<EditOutlined />} onClick={() => navigate(`/doe/exp/design/editExperiment/${id}`)} data-testid="experiment-open-edit">{t('doe.experiment.editPage')}</Button>}
            {ACTIONS.filter((a) => exp.actions.includes(a)).map((a) => (
              <Button key={a} danger={a === 'reset'} type={a === 'push' ? 'primary' : 'default'} onClick={() => act(a)} data-testid={`experiment-${a}`}>{t(`doe.experiment.actions.${a}`)}</Button>
            ))}
            {canHarvest && (exp.status === 'finished' || exp.status === 'harvested') && <Button onClick={() => setHarvesting(true)} data-testid="experiment-harvest-list">{t('doe.harvest.generate')}</Button>}
            {canGroup && exp.entryCount > 0 && <Button onClick={makeGroup}>{t('doe.group.fromExperiment')}</Button>}
          </Space>
        }
      >
        {exp.locked && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('doe.experiment.pushedAt', { at: exp.pushedAt?.slice(0, 16).replace('T', ' ') })} />}
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }} items={[
          { key: 'p', label: t('doe.experiment.project'), children: exp.projectName ?? '—' },
          { key: 'l', label: t('doe.experiment.location'), children: [exp.locationName, exp.fieldName].filter(Boolean).join(' / ') || '—' },
          { key: 'y', label: t('doe.experiment.yearSeason'), children: <Space size={4}>{exp.year}<DictTag dictType="doe_season" appKey="doe" value={exp.season} /></Space> },
          { key: 's', label: t('doe.experiment.stage'), children: <DictTag dictType="doe_exp_stage" appKey="doe" value={exp.stage} /> },
          { key: 'm', label: t('doe.experiment.designMethod'), children: <DictTag dictType="doe_design_method" appKey="doe" value={exp.designMethod} /> },
          { key: 'plan', label: t('doe.design.planName'), children: exp.planName ?? '—' },
          { key: 'r', label: t('doe.experiment.reps'), children: exp.reps },
          { key: 'seed', label: t('doe.design.seed'), children: exp.seed ?? '—' },
          { key: 'e', label: t('doe.experiment.entries'), children: `${exp.entryCount} (${t('doe.experiment.checksShort', { n: exp.checkCount })})` },
          { key: 'pl', label: t('doe.experiment.plots'), children: exp.plotCount },
          { key: 'sd', label: t('doe.experiment.sowingDate'), children: exp.sowingDate ?? '—' },
          { key: 'hd', label: t('doe.experiment.harvestDate'), children: exp.harvestDate ?? '—' },
          { key: 'eff', label: t('doe.design.efficiency'), children: exp.design?.statistics.aEfficiency?.toFixed(4) ?? '—' },
          { key: 'tr', label: t('doe.experiment.traits'), span: 3, children: exp.traits.length ? exp.traits.map((x) => <Tag key={x}>{x}</Tag>) : '—' },
        ]} />
        <Tabs style={{ marginTop: 12 }} items={[
          {
            key: 'map', label: t('doe.map.title'),
            children: (
              <>
                {canExport && exp.plotCount > 0 && (
                  <Space wrap style={{ marginBottom: 12 }}>
                    <Button icon={<DownloadOutlined />} onClick={() => download(`/doe/api/experiment/fieldbook/${id}`, { format: 'xlsx' }, `${exp.code}-fieldbook.xlsx`)} data-testid="fieldbook-xlsx">{t('doe.map.fieldBookXlsx')}</Button>
                    <Button icon={<DownloadOutlined />} onClick={() => download(`/doe/api/experiment/fieldbook/${id}`, { format: 'csv' }, `${exp.code}-fieldbook.csv`)} data-testid="fieldbook-csv">{t('doe.map.fieldBookCsv')}</Button>
                    <Dropdown menu={{ items: ['A3', 'A4'].map((paper) => ({ key: paper, label: paper, onClick: () => download(`/doe/api/experiment/map/${id}`, { paper }, `${exp.code}-map.pdf`) })) }}>
                      <Button icon={<FilePdfOutlined />} data-testid="map-pdf">{t('doe.map.pdf')}</Button>
                    </Dropdown>
                  </Space>
                )}
                {exp.plotCount === 0 ? <Alert type="info" showIcon title={t('doe.map.noLayout')} /> : <FieldMap plots={plots.data ?? []} rows={exp.rows} cols={exp.cols} exportName={`${exp.code}-map`} />}
              </>
            ),
          },
          {
            key: 'entries', label: t('doe.experiment.entriesTab', { n: exp.entryCount }),
            children: (
              <Table size="small" rowKey="entryNo" dataSource={entries.data ?? []} pagination={{ pageSize: 20 }} columns={[
                { title: t('doe.entries.entryNo'), dataIndex: 'entryNo', width: 90 },
                { title: t('doe.entries.name'), dataIndex: 'name' },
                { title: t('doe.entries.check'), dataIndex: 'type', width: 90, render: (v: string) => (v === 'check' ? <Tag color="orange">{t('doe.entries.checkYes')}</Tag> : null) },
                { title: t('doe.entries.generation'), dataIndex: 'generation', width: 100 },
                { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', ellipsis: true },
              ]} />
            ),
          },
          {
            key: 'harvest', label: t('doe.harvest.title'),
            children: (
              <Table size="small" rowKey="id" dataSource={harvests.data?.rows ?? []} pagination={false} columns={[
                { title: t('doe.harvest.name'), dataIndex: 'name' },
                { title: t('doe.harvest.type'), dataIndex: 'harvestType', render: (v: string) => t(`doe.harvest.types.${v}`) },
                { title: t('doe.harvest.date'), dataIndex: 'harvestDate' },
                { title: t('doe.harvest.lines'), dataIndex: 'entryCount' },
                { title: t('common.actions'), key: 'a', render: (_, r) => <Button type="link" size="small" onClick={() => download(`/doe/api/harvest/export/${r.id}`, {}, `${r.name}.xlsx`)}>{t('doe.harvest.export')}</Button> },
              ]} />
            ),
          },
        ]} />
      </Card>
      {harvesting && <HarvestModal experiment={exp as ExperimentDetail} open={harvesting} onClose={() => setHarvesting(false)} />}
    </div>
  );
}
