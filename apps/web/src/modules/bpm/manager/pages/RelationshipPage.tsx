import { App, Card, Select, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bpmPermissions as P, type BindingRow } from '@breedwise/contracts/bpm';
import { usePermission } from '../../../../lib/permissions';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';

/** Which process model approves each business type (its latest version starts new records). */
export default function RelationshipPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = usePermission(P.bindingUpdate);
  const { data: bindings, isLoading } = useQuery({ queryKey: api.bpm.binding.list.key, queryFn: () => api.bpm.binding.list() });
  const { data: models } = useQuery({ queryKey: [...api.bpm.model.page.key, 'all'], queryFn: () => api.bpm.model.page({ pageSize: 200 }) });
  const save = async (row: BindingRow, modelId: number) => {
    await api.bpm.binding.save({ businessType: row.businessType, modelId });
    void message.success(t('common.success'));
    await queryClient.invalidateQueries({ queryKey: api.bpm.binding.$key });
  };
  return (
    <div className="bw-page">
      <Card title={t('bpm.binding.title')} variant="borderless">
        <Typography.Paragraph type="secondary">{t('bpm.binding.help')}</Typography.Paragraph>
        <Table<BindingRow>
          rowKey="businessType"
          loading={isLoading}
          pagination={false}
          dataSource={bindings ?? []}
          data-testid="binding-table"
          columns={[
            { title: t('bpm.businessType'), dataIndex: 'label', key: 'label', width: 180 },
            {
              title: t('bpm.binding.code'),
              dataIndex: 'businessType',
              key: 'businessType',
              width: 200,
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            {
              title: t('bpm.binding.model'),
              key: 'model',
              render: (_, r) => (
                <Select
                  style={{ width: 280 }}
                  disabled={!canEdit}
                  value={r.modelId ?? undefined}
                  placeholder={t('bpm.binding.none')}
                  onChange={(v) => void save(r, v)}
                  options={(models?.rows ?? []).map((m) => ({ value: m.id, label: m.name, disabled: !m.latest }))}
                  data-testid={`binding-${r.businessType}`}
                />
              ),
            },
            {
              title: t('bpm.binding.version'),
              key: 'version',
              width: 120,
              render: (_, r) => (r.version ? <Tag>v{r.version}</Tag> : <Tag color="warning">{t('bpm.model.notDeployed')}</Tag>),
            },
          ]}
        />
      </Card>
    </div>
  );
}
