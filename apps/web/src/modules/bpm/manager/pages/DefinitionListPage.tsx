import { useMemo, useState } from 'react';
import { Button, Card, Input, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { bpmPermissions as P, type DefinitionRow } from '@breedwise/contracts/bpm';
import { DataTable } from '../../../../components/data-table/DataTable';
import { usePermission } from '../../../../lib/permissions';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { bpmPaths } from '../../paths';
import { BpmnViewer } from '../../components/BpmnViewer';

/** Deployed versions: view the diagram, suspend or activate, open the assignment rules. */
export default function DefinitionListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [viewing, setViewing] = useState<{ row: DefinitionRow; xml: string } | null>(null);
  const canUpdate = usePermission(P.definitionUpdate);
  const setState = async (row: DefinitionRow, state: 'active' | 'suspended') => {
    await api.bpm.model.updateState({ id: row.id, state });
    await Promise.all([api.bpm.definition.$key, api.bpm.model.$key].map((k) => queryClient.invalidateQueries({ queryKey: k })));
  };
  const columns = useMemo<ColumnsType<DefinitionRow>>(
    () => [
      { title: t('bpm.model.name'), dataIndex: 'name', key: 'name', fixed: 'left', width: 220 },
      { title: t('bpm.model.key'), dataIndex: 'key', key: 'key', sorter: true, width: 170, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
      { title: t('bpm.definition.version'), dataIndex: 'version', key: 'version', sorter: true, width: 80, render: (v: number) => `v${v}` },
      {
        title: t('common.status'),
        dataIndex: 'state',
        key: 'state',
        width: 90,
        render: (v: DefinitionRow['state']) => <Tag color={v === 'active' ? 'success' : 'warning'}>{t(`bpm.definitionState.${v}`)}</Tag>,
      },
      { title: t('bpm.definition.tasks'), key: 'tasks', width: 200, render: (_, r) => r.userTasks.map((u) => u.name || u.key).join(' → ') },
      { title: t('bpm.definition.deployedBy'), dataIndex: 'deployedBy', key: 'deployedBy', width: 110 },
      {
        title: t('bpm.definition.deployedAt'),
        dataIndex: 'deployedAt',
        key: 'deployedAt',
        sorter: true,
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 230,
        render: (_, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={async () => setViewing({ row: r, xml: await api.bpm.definition.getBpmnXml({ id: r.id }) })}>
              {t('bpm.definition.diagram')}
            </Button>
            <Button type="link" size="small" onClick={() => navigate(bpmPaths.rules(r.id))} data-testid="definition-rules">
              {t('bpm.rule.title')}
            </Button>
            {canUpdate && (
              <Button
                type="link"
                size="small"
                danger={r.state === 'active'}
                onClick={() => void setState(r, r.state === 'active' ? 'suspended' : 'active')}
                data-testid="definition-state"
              >
                {r.state === 'active' ? t('bpm.definition.suspend') : t('bpm.definition.activate')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, navigate, canUpdate],
  );
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  return (
    <div className="bw-page">
      <Card title={t('bpm.definition.title')} variant="borderless">
        <DataTable<DefinitionRow>
          testId="bpm-definition-table"
          tableName="bpm.definition"
          endpoint={api.bpm.definition.page}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={<Input.Search allowClear placeholder={t('bpm.model.keyword')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />}
        />
      </Card>
      <Modal
        open={!!viewing}
        width={960}
        footer={null}
        title={viewing ? `${viewing.row.name} v${viewing.row.version}` : ''}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing && <BpmnViewer xml={viewing.xml} height={480} />}
      </Modal>
    </div>
  );
}
