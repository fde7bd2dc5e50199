import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Dropdown, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd';
import { DownOutlined, DownloadOutlined, EditOutlined, FilePdfOutlined, TagsOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, type StatusAction } from '@breedwise/contracts/doe';
import { DictTag } from '../../../../components/common';
import { usePermission } from '../../../../lib/permissions';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { FieldMap } from '../../components/FieldMap';
import { HarvestModal } from '../../harvest/components/HarvestModal';
import { doePaths } from '../../paths';
import { ExperimentStatusTag } from '../components/ExperimentStatusTag';
import { PlotLabelModal } from '../components/PlotLabelModal';

const experiment = api.doe.experiment;
const ACTIONS: StatusAction[] = ['finish', 'reopen', 'harvest', 'reset', 'push'];

/** /doe/exp/design/viewExperiment/:id: the experiment, its field map with exports, its state actions and harvests. */
export default function ExperimentViewPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(usePage().params.id);
  const canExport = usePermission(P.experimentExport);
  const canHarvest = usePermission(P.harvestGenerate);
  const canGroup = usePermission(P.entriesAdd);
  const [harvesting, setHarvesting] = useState(false);
  const [labelling, setLabelling] = useState(false);
  const [siteSeq, setSiteSeq] = useState(1);
  const { data: exp, isError } = useQuery({ queryKey: [...experiment.detail.key, id], queryFn: () => experiment.detail({ id }) });
  useRecordTitle('doe.experiment.viewTitle', exp?.code);
  const plots = useQuery({ queryKey: [...experiment.plots.key, id], queryFn: () => experiment.plots({ id }), enabled: !!exp && exp.plotCount > 0 });
  const entries = useQuery({ queryKey: [...experiment.entries.key, id], queryFn: () => experiment.entries({ id }), enabled: !!exp });
  const harvests = useQuery({
    queryKey: [...api.doe.harvest.page.key, { experimentId: id }],
    queryFn: () => api.doe.harvest.page({ experimentId: id, pageSize: 50 }),
    enabled: !!exp,
  });

  if (!exp) return <DetailState failed={isError} />;
  const site = exp.sites.find((x) => x.seq === siteSeq) ?? exp.sites[0];

  const act = (action: StatusAction) => {
    const run = async () => {
      await experiment.status({ id, action }, { errorMode: 'modal' });
      void message.success(t(`doe.experiment.done.${action}`));
      await queryClient.invalidateQueries({ queryKey: experiment.$key });
    };
    if (action === 'push' || action === 'reset') {
      modal.confirm({
        title: t(`doe.experiment.confirm.${action}`),
        content: t(`doe.experiment.confirm.${action}Detail`),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: run,
        okButtonProps: { danger: action === 'reset' },
      });
    } else void run();
  };
  const download = async (file: Promise<unknown>) => {
    try {
      await file;
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const makeGroup = async () => {
    const group = await api.doe.entryGroup.fromExperiment({ experimentId: id, name: `${exp.name} ${t('doe.entryGroup.selected')}` });
    void message.success(t('doe.entryGroup.created', { name: group.name }));
    navigate(doePaths.entryGroupView(group));
  };

  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={
          <Space wrap>
            {exp.name}
            <Typography.Text type="secondary">{exp.code}</Typography.Text>
            <ExperimentStatusTag status={exp.status} locked={exp.locked} />
          </Space>
        }
        extra={
          <Space wrap>
            {(exp.actions.includes('edit') || exp.actions.includes('design')) && (
              <Button icon={<EditOutlined />} onClick={() => navigate(doePaths.experimentEdit(id))} data-testid="experiment-open-edit">
                {t('doe.experiment.editPage')}
              </Button>
            )}
            {ACTIONS.filter((a) => exp.actions.includes(a)).map((a) => (
              <Button key={a} danger={a === 'reset'} type={a === 'push' ? 'primary' : 'default'} onClick={() => act(a)} data-testid={`experiment-${a}`}>
                {t(`doe.experiment.actions.${a}`)}
              </Button>
            ))}
            {canHarvest && (exp.status === 'finished' || exp.status === 'harvested') && (
              <Button onClick={() => setHarvesting(true)} data-testid="experiment-harvest-list">
                {t('doe.harvest.generate')}
              </Button>
            )}
            {canGroup && exp.entryCount > 0 && <Button onClick={makeGroup}>{t('doe.entryGroup.fromExperiment')}</Button>}
          </Space>
        }
      >
        {exp.locked && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('doe.experiment.pushedAt', { at: exp.pushedAt?.slice(0, 16).replace('T', ' ') })} />
        )}
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'p', label: t('doe.experiment.project'), children: exp.projectName ?? '—' },
            {
              key: 'l',
              label: t('doe.experiment.location'),
              children: exp.sites.length ? exp.sites.map((x) => `${x.locationName} / ${x.fieldName}`).join('; ') : '—',
            },
            {
              key: 'y',
              label: t('doe.experiment.yearSeason'),
              children: (
                <Space size={4}>
                  {exp.year}
                  <DictTag dictType="doe_season" appKey="doe" value={exp.season} />
                </Space>
              ),
            },
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
          ]}
        />
        <Tabs
          style={{ marginTop: 12 }}
          items={[
            {
              key: 'map',
              label: t('doe.map.title'),
              children: (
                <>
                  {canExport && exp.plotCount > 0 && (
                    <Space wrap style={{ marginBottom: 12 }}>
                      <Button icon={<DownloadOutlined />} onClick={() => download(experiment.fieldbook({ id, format: 'xlsx' }))} data-testid="fieldbook-xlsx">
                        {t('doe.map.fieldBookXlsx')}
                      </Button>
                      <Button icon={<DownloadOutlined />} onClick={() => download(experiment.fieldbook({ id, format: 'csv' }))} data-testid="fieldbook-csv">
                        {t('doe.map.fieldBookCsv')}
                      </Button>
                      <Dropdown
                        trigger={['click']}
                        menu={{
                          items: (['A3', 'A4'] as const).map((paper) => ({
                            key: paper,
                            label: paper,
                            onClick: () => download(experiment.map({ id, paper, siteId: site?.id })),
                          })),
                        }}
                      >
                        <Button icon={<FilePdfOutlined />} data-testid="map-pdf">
                          {t('doe.map.pdf')} <DownOutlined />
                        </Button>
                      </Dropdown>
                      <Button icon={<TagsOutlined />} onClick={() => setLabelling(true)} data-testid="plot-labels">
                        {t('doe.plotLabel.open')}
                      </Button>
                    </Space>
                  )}
                  {exp.sites.length > 1 && (
                    <div style={{ marginBottom: 12 }}>
                      <Segmented
                        data-testid="map-sites"
                        value={site?.seq}
                        onChange={(v) => setSiteSeq(v as number)}
                        options={exp.sites.map((s) => ({ value: s.seq, label: `${s.locationName} · ${s.fieldName}` }))}
                      />
                    </div>
                  )}
                  {!site?.plotCount ? (
                    <Alert type="info" showIcon title={t('doe.map.noLayout')} />
                  ) : (
                    <FieldMap
                      plots={(plots.data ?? []).filter((p) => p.site === site.seq)}
                      rows={site.design?.summary.rows ?? exp.rows}
                      cols={site.design?.summary.cols ?? exp.cols}
                      exportName={`${exp.code}${site.seq > 1 ? `-L${site.seq}` : ''}-map`}
                    />
                  )}
                </>
              ),
            },
            {
              key: 'entries',
              label: t('doe.experiment.entriesTab', { n: exp.entryCount }),
              children: (
                <Table
                  size="small"
                  rowKey="entryNo"
                  dataSource={entries.data ?? []}
                  pagination={{ pageSize: 20 }}
                  columns={[
                    { title: t('doe.entries.entryNo'), dataIndex: 'entryNo', width: 90 },
                    { title: t('doe.entries.name'), dataIndex: 'name' },
                    {
                      title: t('doe.entries.check'),
                      dataIndex: 'type',
                      width: 90,
                      render: (v: string) => (v === 'check' ? <Tag color="orange">{t('doe.entries.checkYes')}</Tag> : null),
                    },
                    { title: t('doe.entries.generation'), dataIndex: 'generation', width: 100 },
                    { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', ellipsis: true },
                  ]}
                />
              ),
            },
            {
              key: 'harvest',
              label: t('doe.harvest.title'),
              children: (
                <Table
                  size="small"
                  rowKey="id"
                  dataSource={harvests.data?.rows ?? []}
                  pagination={false}
                  columns={[
                    { title: t('doe.harvest.name'), dataIndex: 'name' },
                    { title: t('doe.harvest.type'), dataIndex: 'harvestType', render: (v: string) => t(`doe.harvest.types.${v}`) },
                    { title: t('doe.harvest.date'), dataIndex: 'harvestDate' },
                    { title: t('doe.harvest.lines'), dataIndex: 'entryCount' },
                    {
                      title: t('common.actions'),
                      key: 'a',
                      render: (_, r) => (
                        <Button type="link" size="small" onClick={() => download(api.doe.harvest.export({ id: r.id }))}>
                          {t('doe.harvest.export')}
                        </Button>
                      ),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      {harvesting && <HarvestModal experiment={exp} open={harvesting} onClose={() => setHarvesting(false)} />}
      {canExport && exp.plotCount > 0 && <PlotLabelModal open={labelling} experiment={exp} onClose={() => setLabelling(false)} />}
    </div>
  );
}
