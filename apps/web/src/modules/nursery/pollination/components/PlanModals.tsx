import { Alert, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrossPlan, SelfPlan, type ActivityRow } from '@breedwise/contracts/nursery';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';
import { useEntryOptions } from './useEntryOptions';

interface Props {
  activity: ActivityRow;
  open: boolean;
  onClose(): void;
  onDone(count: number): Promise<unknown>;
}

/** Crosses from chosen females and males (at least one of each), factorial or one to one, within the male-parent limit. */
export function CrossPlanModal({ activity, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const options = useEntryOptions(activity.id, open);
  return (
    <ContractFormModal
      open={open}
      title={t('nursery.pollination.planCross')}
      schema={CrossPlan}
      initialValues={{ activityId: activity.id, mode: 'factorial', femaleEntryIds: [], maleEntryIds: [] }}
      onClose={onClose}
      width={640}
      testId="cross-plan-form"
      onSubmit={async (v) => {
        const { updated } = await api.nursery.pollination.planCross(v, { errorMode: 'silent' });
        await onDone(updated);
      }}
    >
      {() => (
        <>
          <Form.Item name="activityId" hidden />
          <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('nursery.pollination.maleLimitTip', { max: activity.maxMales })} />
          <Field name="mode" label={t('nursery.pollination.mode')}>
            <Radio.Group options={(['factorial', 'single'] as const).map((m) => ({ value: m, label: t(`nursery.pollination.modes.${m}`) }))} />
          </Field>
          <Field name="femaleEntryIds" label={t('nursery.pollination.females')}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={options} data-testid="cross-females" />
          </Field>
          <Field name="maleEntryIds" label={t('nursery.pollination.males')}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={options} data-testid="cross-males" />
          </Field>
        </>
      )}
    </ContractFormModal>
  );
}

/** Selfs or DH inductions of chosen entries. */
export function SelfPlanModal({ activity, open, onClose, onDone, type }: Props & { type: 'self' | 'dh' }) {
  const { t } = useTranslation();
  const options = useEntryOptions(activity.id, open);
  return (
    <ContractFormModal
      open={open}
      title={t(type === 'self' ? 'nursery.pollination.planSelf' : 'nursery.pollination.planDh')}
      schema={SelfPlan}
      initialValues={{ activityId: activity.id, type, entryIds: [] }}
      onClose={onClose}
      width={560}
      testId="self-plan-form"
      onSubmit={async (v) => {
        const { updated } = await api.nursery.pollination.planSelf(v, { errorMode: 'silent' });
        await onDone(updated);
      }}
    >
      {() => (
        <>
          <Form.Item name="activityId" hidden />
          <Form.Item name="type" hidden />
          <Field name="entryIds" label={t('nursery.pollination.entriesToSelf')}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={options} data-testid="self-entries" />
          </Field>
        </>
      )}
    </ContractFormModal>
  );
}
