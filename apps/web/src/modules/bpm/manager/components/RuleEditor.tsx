import { useEffect, useState } from 'react';
import { App, Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSIGN_STRATEGIES, ASSIGN_TYPES, bpmPermissions as P, type AssignStrategy, type AssignType, type RuleRow } from '@breedwise/contracts/bpm';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { GroupPicker, RolePicker, UserPicker } from '../../components/Pickers';

/**
 * Who handles one user task of a deployed version: type, then roles, users, groups or a strategy.
 * `vertical`: stacked at the width of a narrow column (the designer's properties panel).
 */
export function RuleEditor({ rule, onSaved, vertical }: { rule: RuleRow; onSaved(r: RuleRow): void; vertical?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [type, setType] = useState<AssignType | null>(rule.type);
  const [options, setOptions] = useState<number[]>(rule.options);
  const [strategy, setStrategy] = useState<AssignStrategy | null>(rule.strategy);
  const canEdit = usePermission(rule.id === null ? P.ruleCreate : P.ruleUpdate);
  useEffect(() => {
    setType(rule.type);
    setOptions(rule.options);
    setStrategy(rule.strategy);
  }, [rule]);
  const save = async () => {
    if (!type) return;
    const saved =
      rule.id === null
        ? await api.bpm.assignRule.create({ definitionId: rule.definitionId, taskKey: rule.taskKey, type, options, strategy })
        : await api.bpm.assignRule.update({ id: rule.id, type, options, strategy });
    void message.success(t('common.success'));
    onSaved(saved);
  };
  const pickerProps = {
    mode: 'multiple' as const,
    style: vertical ? { width: '100%' } : { minWidth: 240 },
    value: options,
    onChange: (v: number | number[]) => setOptions(v as number[]),
    disabled: !canEdit,
  };
  return (
    <Space
      wrap={!vertical}
      direction={vertical ? 'vertical' : 'horizontal'}
      style={vertical ? { width: '100%' } : undefined}
      data-testid={`rule-${rule.taskKey}`}
    >
      <Select
        style={{ width: vertical ? '100%' : 240 }}
        placeholder={t('bpm.rule.fallback')}
        value={type ?? undefined}
        disabled={!canEdit}
        onChange={(v) => {
          setType(v);
          setOptions([]);
        }}
        options={ASSIGN_TYPES.map((v) => ({ value: v, label: t(`bpm.rule.types.${v}`) }))}
        data-testid="rule-type"
      />
      {type === 'role' && <RolePicker {...pickerProps} />}
      {type === 'user' && <UserPicker {...pickerProps} data-testid="rule-users" />}
      {type === 'group' && <GroupPicker {...pickerProps} />}
      {type === 'strategy' && (
        <Select
          style={{ width: vertical ? '100%' : 260 }}
          value={strategy ?? undefined}
          disabled={!canEdit}
          onChange={setStrategy}
          options={ASSIGN_STRATEGIES.map((v) => ({ value: v, label: t(`bpm.rule.strategies.${v}`) }))}
        />
      )}
      {canEdit && (
        <Button type="primary" size="small" disabled={!type} onClick={() => void save()} data-testid="rule-save">
          {t('common.save')}
        </Button>
      )}
    </Space>
  );
}
