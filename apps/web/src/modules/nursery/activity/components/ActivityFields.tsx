import { Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/form/Field';
import { FieldSelect } from '../../components/FieldSelect';
import { seasonOptions } from '../../components/options';

/** The fields of a nursery, shared by the create dialog and the edit page (rules come from the form's contract). */
export function ActivityFields() {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Field name="name" label={t('nursery.activity.name')} span={14}>
        <Input maxLength={100} />
      </Field>
      <Field name="code" label={t('nursery.activity.code')} span={10}>
        <Input maxLength={50} />
      </Field>
      <Field name="fieldId" label={t('nursery.activity.field')} span={24}>
        <FieldSelect />
      </Field>
      <Field name="year" label={t('nursery.activity.year')} span={8}>
        <InputNumber min={1900} max={2200} style={{ width: '100%' }} />
      </Field>
      <Field name="season" label={t('nursery.activity.season')} span={8}>
        <Select options={seasonOptions(t)} />
      </Field>
      <Field name="maxMales" label={t('nursery.activity.maxMales')} span={8} extra={t('nursery.activity.maxMalesHelp')}>
        <InputNumber min={1} max={50} style={{ width: '100%' }} />
      </Field>
      <Field name="remark" label={t('nursery.activity.remark')} span={24}>
        <Input.TextArea rows={2} maxLength={500} />
      </Field>
    </Row>
  );
}
