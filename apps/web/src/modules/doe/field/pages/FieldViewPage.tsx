import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Space, Table } from 'antd';
import { AppstoreAddOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, BlockFields, BlockGenerate, seasonLabels, type BlockRow, type FieldExperimentRow } from '@breedwise/contracts/doe';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { fieldRules } from '../../../../components/form/zod-form';
import { usePermission } from '../../../../lib/permissions';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { doePaths } from '../../paths';
import { ExperimentStatusTag } from '../../experiment/components/ExperimentStatusTag';
import { BlockGrid } from '../components/BlockGrid';
import { FieldDescriptions } from '../components/FieldsPanel';

const rules = fieldRules(BlockFields);
const Tiling = BlockGenerate.omit({ fieldId: true });
const tileRules = fieldRules(Tiling);
const block = api.doe.block;

/** /doe/exp/location/viewField?id=: a field, drawn with its blocks; blocks added, tiled and edited within tiers. */
export default function FieldViewPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(usePage().search.get('id'));
  const canEdit = usePermission(P.fieldEdit);
  const canSeeExperiments = usePermission(P.experimentList);
  // The experiments of every crop laid out on this field (any of their locations): the field is shared by
  // the crops, and a new design must not over-book it. Those of the current crop open from here.
  const experiments = useQuery({
    queryKey: [...api.doe.experiment.onField.key, id, i18n.language],
    queryFn: () => api.doe.experiment.onField({ id }),
    enabled: canSeeExperiments,
  });
  const field = useQuery({ queryKey: [...api.doe.field.detail.key, id], queryFn: () => api.doe.field.detail({ id }) });
  useRecordTitle('doe.field.viewTitle', field.data?.name);
  const blocks = useQuery({ queryKey: [...block.page.key, { fieldId: id }], queryFn: () => block.page({ fieldId: id, pageSize: 200 }) });
  const [editing, setEditing] = useState<BlockRow | null | undefined>(undefined);
  const [tiling, setTiling] = useState(false);
  const initialBlock = useMemo(() => (editing === undefined ? null : (editing ?? { startRow: 1, startCol: 1, rows: 1, cols: 1 })), [editing]);
  const cols = field.data?.cols ?? 1;
  const initialTiling = useMemo(() => ({ rowsPerBlock: 2, colsPerBlock: Math.min(10, cols), prefix: 'B' }), [cols]);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: block.$key }), queryClient.invalidateQueries({ queryKey: api.doe.field.$key })]);

  if (!field.data) return <DetailState failed={field.isError} />;
  const f = field.data;
  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={`${f.name} (${f.code})`}
        extra={
          canEdit && (
            <Button icon={<EditOutlined />} onClick={() => navigate(doePaths.fieldEdit(id))}>
              {t('common.edit')}
            </Button>
          )
        }
      >
        <FieldDescriptions field={f} />
      </Card>
      {canSeeExperiments && (
        <Card variant="borderless" title={t('doe.field.experimentsOn')} style={{ marginTop: 12 }}>
          <Table<FieldExperimentRow>
            size="small"
            rowKey="id"
            data-testid="field-experiments"
            dataSource={experiments.data ?? []}
            loading={experiments.isLoading}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: t('doe.field.noExperiments') }}
            columns={[
              {
                title: t('doe.experiment.code'),
                dataIndex: 'code',
                width: 160,
                render: (v: string, e) =>
                  e.currentCrop ? (
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(doePaths.experimentView(e.id))}>
                      {v}
                    </Button>
                  ) : (
                    v
                  ),
              },
              { title: t('doe.experiment.name'), dataIndex: 'name', ellipsis: true },
              { title: t('doe.field.crop'), dataIndex: 'cropName', width: 100 },
              {
                title: t('doe.experiment.yearSeason'),
                key: 'ys',
                width: 140,
                render: (_, e) => `${e.year} ${seasonLabels[e.season][i18n.language === 'en' ? 'en' : 'zh-CN']}`,
              },
              { title: t('common.status'), key: 'st', width: 120, render: (_, e) => <ExperimentStatusTag status={e.status} locked={e.locked} /> },
              { title: t('doe.experiment.plots'), dataIndex: 'plotCount', width: 90 },
            ]}
          />
        </Card>
      )}
      <Card
        variant="borderless"
        title={t('doe.block.title')}
        style={{ marginTop: 12 }}
        extra={
          canEdit && (
            <Space>
              <Button icon={<AppstoreAddOutlined />} onClick={() => setTiling(true)}>
                {t('doe.block.tile')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                {t('doe.block.add')}
              </Button>
            </Space>
          )
        }
      >
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <div style={{ overflow: 'auto', marginBottom: 12 }}>
              <BlockGrid field={f} blocks={blocks.data?.rows ?? []} width={560} />
            </div>
          </Col>
          <Col xs={24} xl={12}>
            <Table<BlockRow>
              size="small"
              rowKey="id"
              dataSource={blocks.data?.rows ?? []}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: t('doe.block.name'), dataIndex: 'name' },
                { title: t('doe.block.tier'), dataIndex: 'tier', width: 60 },
                { title: t('doe.block.position'), key: 'pos', render: (_, b) => t('doe.block.positionText', { row: b.startRow, col: b.startCol }) },
                { title: t('doe.block.size'), key: 'size', render: (_, b) => `${b.rows} × ${b.cols}` },
                ...(canEdit
                  ? [
                      {
                        title: t('common.actions'),
                        key: 'a',
                        width: 130,
                        render: (_: unknown, b: BlockRow) => (
                          <Space size={0}>
                            <Button type="link" size="small" onClick={() => setEditing(b)}>
                              {t('common.edit')}
                            </Button>
                            <Popconfirm
                              title={t('common.deleteConfirm', { name: b.name })}
                              okText={t('common.ok')}
                              cancelText={t('common.cancel')}
                              onConfirm={async () => {
                                await block.remove({ id: b.id });
                                await refresh();
                              }}
                            >
                              <Button type="link" size="small" danger>
                                {t('common.delete')}
                              </Button>
                            </Popconfirm>
                          </Space>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </Col>
        </Row>
      </Card>
      <ContractFormModal
        open={editing !== undefined}
        title={t(editing ? 'doe.block.editTitle' : 'doe.block.add')}
        schema={BlockFields}
        initialValues={initialBlock}
        testId="block-form"
        onClose={() => setEditing(undefined)}
        onSubmit={async (v) => {
          if (editing) await block.update({ ...v, id: editing.id }, { errorMode: 'silent' });
          else await block.create({ ...v, fieldId: id }, { errorMode: 'silent' });
          await refresh();
        }}
      >
        {() => (
          <>
            <Form.Item name="name" label={t('doe.block.name')} rules={rules.name} required>
              <Input maxLength={50} />
            </Form.Item>
            <Space wrap>
              <Form.Item name="startRow" label={t('doe.block.startRow')} rules={rules.startRow}>
                <InputNumber min={1} />
              </Form.Item>
              <Form.Item name="startCol" label={t('doe.block.startCol')} rules={rules.startCol}>
                <InputNumber min={1} />
              </Form.Item>
              <Form.Item name="rows" label={t('doe.block.rows')} rules={rules.rows}>
                <InputNumber min={1} />
              </Form.Item>
              <Form.Item name="cols" label={t('doe.block.cols')} rules={rules.cols}>
                <InputNumber min={1} />
              </Form.Item>
            </Space>
            <Form.Item name="remark" label={t('doe.common.remark')} rules={rules.remark}>
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
      </ContractFormModal>
      <ContractFormModal
        open={tiling}
        title={t('doe.block.tile')}
        schema={Tiling}
        initialValues={initialTiling}
        okText={t('common.ok')}
        onClose={() => setTiling(false)}
        onSubmit={async (v) => {
          const { updated } = await block.generate({ ...v, fieldId: id });
          void message.success(t('doe.block.tiled', { n: updated }));
          await refresh();
        }}
      >
        {() => (
          <>
            <p>{t('doe.block.tileHint')}</p>
            <Space wrap>
              <Form.Item name="rowsPerBlock" label={t('doe.block.rowsPerBlock')} rules={tileRules.rowsPerBlock} required>
                <InputNumber min={1} max={f.rows} />
              </Form.Item>
              <Form.Item name="colsPerBlock" label={t('doe.block.colsPerBlock')} rules={tileRules.colsPerBlock} required>
                <InputNumber min={1} max={f.cols} />
              </Form.Item>
              <Form.Item name="prefix" label={t('doe.block.prefix')} rules={tileRules.prefix}>
                <Input maxLength={20} style={{ width: 100 }} />
              </Form.Item>
            </Space>
          </>
        )}
      </ContractFormModal>
    </div>
  );
}
