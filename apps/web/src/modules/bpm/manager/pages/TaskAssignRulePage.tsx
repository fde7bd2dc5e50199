import { Card, Empty, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RuleRow } from '@breedwise/contracts/bpm';
import { usePage } from '../../../../lib/page-context';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { bpmPaths } from '../../paths';
import { RuleEditor } from '../components/RuleEditor';

/** The assignment rule of every user task of one deployed version (`?definitionId=`). */
export default function TaskAssignRulePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = usePage();
  const definitionId = Number(search.get('definitionId')) || null;
  const { data: defs } = useQuery({ queryKey: api.bpm.definition.list.key, queryFn: () => api.bpm.definition.list({}) });
  const rulesKey = [...api.bpm.assignRule.list.key, definitionId];
  const { data: rules } = useQuery({
    queryKey: rulesKey,
    queryFn: () => api.bpm.assignRule.list({ definitionId: definitionId! }),
    enabled: definitionId !== null,
  });
  return (
    <div className="bw-page">
      <Card
        title={t('bpm.rule.title')}
        variant="borderless"
        extra={
          <Select
            style={{ width: 320 }}
            showSearch
            optionFilterProp="label"
            placeholder={t('bpm.rule.pickDefinition')}
            value={definitionId ?? undefined}
            onChange={(v) => navigate(bpmPaths.rules(v))}
            options={(defs ?? []).map((d) => ({ value: d.id, label: `${d.name} v${d.version}` }))}
            data-testid="rule-definition"
          />
        }
      >
        {definitionId === null ? (
          <Empty description={t('bpm.rule.pickDefinition')} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('bpm.rule.help')}</Typography.Text>
            <Table<RuleRow>
              rowKey="taskKey"
              pagination={false}
              dataSource={rules ?? []}
              columns={[
                { title: t('bpm.rule.task'), key: 'task', width: 200, render: (_, r) => `${r.taskName} (${r.taskKey})` },
                {
                  title: t('bpm.rule.assignee'),
                  key: 'rule',
                  render: (_, r) => <RuleEditor rule={r} onSaved={() => void queryClient.invalidateQueries({ queryKey: rulesKey })} />,
                },
              ]}
            />
          </Space>
        )}
      </Card>
    </div>
  );
}
