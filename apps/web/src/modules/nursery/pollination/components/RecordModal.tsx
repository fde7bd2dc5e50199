import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { PollinationRecord, POLLINATION_RESULTS } from '@breedwise/contracts/nursery';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { DateInput } from '../../../../components/form/DateInput';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';

/** Records date, person, bags and result of pollinations that are not finished. */
export function RecordModal({ ids, onClose, onDone }: { ids: number[] | null; onClose(): void; onDone(count: number): Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <ContractFormModal
      open={!!ids}
      title={t('nursery.pollination.recordTitle', { count: ids?.length ?? 0 })}
      schema={PollinationRecord}
      initialValues={ids ? { ids, date: new Date().toISOString().slice(0, 10), bags: 1, result: 'success' } : null}
      onClose={onClose}
      testId="record-form"
      onSubmit={async (v) => {
        const { updated } = await api.nursery.pollination.record(v, { errorMode: 'silent' });
        await onDone(updated);
      }}
    >
      {() => (
        <>
          <Form.Item name="ids" hidden />
          <Field name="date" label={t('nursery.pollination.date')}>
            <DateInput />
          </Field>
          <Field name="person" label={t('nursery.pollination.person')}>
            <Input maxLength={50} data-testid="record-person" />
          </Field>
          <Field name="bags" label={t('nursery.pollination.bags')}>
            <InputNumber min={0} max={100000} style={{ width: '100%' }} />
          </Field>
          <Field name="result" label={t('nursery.pollination.result')}>
            <Radio.Group options={POLLINATION_RESULTS.map((r) => ({ value: r, label: t(`nursery.pollination.results.${r}`) }))} />
          </Field>
          <Field name="remark" label={t('nursery.activity.remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Field>
        </>
      )}
    </ContractFormModal>
  );
}
