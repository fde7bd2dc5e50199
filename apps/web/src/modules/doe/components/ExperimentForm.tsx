import { useEffect, useState } from 'react';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ExperimentFields, type ExperimentDetail } from '@breedwise/contracts';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { doeKeys, experimentApi } from '../api';
import { DictSelect, FieldSelect, LocationSelect, ProjectSelect } from './selects';

const rules = fieldRules(ExperimentFields);
const EXP_TYPES = ['yield', 'observation', 'agronomic', 'resistance', 'quality', 'seed'];

/** Every experiment field of spec section 3; location, field and code are fixed once designed, all of it once pushed. */
export function ExperimentForm({ experiment }: { experiment: ExperimentDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const locationId = Form.useWatch('locationId', form) as number | undefined;
  const editable = experiment.actions.includes('edit');
  const placeFixed = experiment.status !== 'temporary';

  useEffect(() => {
    form.setFieldsValue({
      ...experiment,
      sowingDate: experiment.sowingDate ? dayjs(experiment.sowingDate) : null,
      harvestDate: experiment.harvestDate ? dayjs(experiment.harvestDate) : null,
    });
  }, [experiment, form]);

  const save = async () => {
    const ok = await form.validateFields().then(() => true, () => false);
    if (!ok) return;
    const v = form.getFieldsValue();
    setSaving(true);
    try {
      await experimentApi.update({
        ...v, id: experiment.id,
        sowingDate: v.sowingDate ? v.sowingDate.format('YYYY-MM-DD') : null, harvestDate: v.harvestDate ? v.harvestDate.format('YYYY-MM-DD') : null,
      });
      void message.success(t('doe.experiment.saved'));
      await queryClient.invalidateQueries({ queryKey: doeKeys.experiment });
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" disabled={!editable} data-testid="experiment-edit-form">
      <Row gutter={12}>
        <Col xs={24} md={8}><Form.Item name="name" label={t('doe.experiment.name')} rules={rules.name} required><Input maxLength={100} /></Form.Item></Col>
        <Col xs={12} md={4}><Form.Item name="code" label={t('doe.experiment.code')} rules={rules.code}><Input maxLength={50} disabled={placeFixed} /></Form.Item></Col>
        <Col xs={12} md={6}><Form.Item name="projectId" label={t('doe.experiment.project')}><ProjectSelect options={experiment.projectId ? [{ value: experiment.projectId, label: experiment.projectName }] : undefined} /></Form.Item></Col>
        <Col xs={12} md={3}><Form.Item name="year" label={t('doe.common.year')} rules={rules.year} required><InputNumber style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={12} md={3}><Form.Item name="season" label={t('doe.common.season')} rules={rules.season} required><DictSelect dictType="doe_season" allowClear={false} /></Form.Item></Col>
        <Col xs={12} md={6}><Form.Item name="locationId" label={t('doe.experiment.location')} extra={placeFixed ? t('doe.experiment.placeFixed') : undefined}><LocationSelect disabled={placeFixed} onChange={() => form.setFieldValue('fieldId', undefined)} /></Form.Item></Col>
        <Col xs={12} md={6}><Form.Item name="fieldId" label={t('doe.experiment.field')}><FieldSelect locationId={locationId} disabled={placeFixed || !locationId} /></Form.Item></Col>
        <Col xs={12} md={4}><Form.Item name="stage" label={t('doe.experiment.stage')}><DictSelect dictType="doe_exp_stage" /></Form.Item></Col>
        <Col xs={12} md={4}><Form.Item name="expType" label={t('doe.experiment.expType')}><Select allowClear options={EXP_TYPES.map((v) => ({ value: v, label: t(`doe.experiment.types.${v}`) }))} /></Form.Item></Col>
        <Col xs={12} md={4}><Form.Item name="designMethod" label={t('doe.experiment.designMethod')} rules={rules.designMethod} required><DictSelect dictType="doe_design_method" allowClear={false} /></Form.Item></Col>
        <Col xs={12} md={4}><Form.Item name="sowingDate" label={t('doe.experiment.sowingDate')}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={12} md={4}><Form.Item name="harvestDate" label={t('doe.experiment.harvestDate')}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={8} md={2}><Form.Item name="reps" label={t('doe.experiment.reps')} rules={rules.reps}><InputNumber min={1} max={100} style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={8} md={2}><Form.Item name="blockCount" label={t('doe.design.blockCount')} rules={rules.blockCount}><InputNumber min={1} style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={8} md={2}><Form.Item name="rows" label={t('doe.design.rows')} rules={rules.rows}><InputNumber min={1} style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={8} md={2}><Form.Item name="cols" label={t('doe.design.cols')} rules={rules.cols}><InputNumber min={1} style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={8} md={3}><Form.Item name="checkStart" label={t('doe.design.checkStart')} rules={rules.checkStart}><InputNumber min={1} style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={8} md={3}><Form.Item name="checkEnd" label={t('doe.design.checkEnd')} rules={rules.checkEnd}><InputNumber min={1} style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={8} md={3}><Form.Item name="checkInterval" label={t('doe.design.checkInterval')} rules={rules.checkInterval}><InputNumber min={1} style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={12} md={3}><Form.Item name="filler" label={t('doe.design.filler')} rules={rules.filler}><Input maxLength={100} /></Form.Item></Col>
        <Col xs={12} md={4}><Form.Item name="seed" label={t('doe.design.seed')} rules={rules.seed}><InputNumber min={0} style={{ width: '100%' }} /></Form.Item></Col>
        <Col xs={12} md={4}><Form.Item name="traitSource" label={t('doe.experiment.traitSource')}><Select options={['crop', 'template', 'custom'].map((v) => ({ value: v, label: t(`doe.experiment.traitSources.${v}`) }))} /></Form.Item></Col>
        <Col xs={24} md={16}><Form.Item name="traits" label={t('doe.experiment.traits')} extra={t('doe.experiment.traitsHelp')}><Select mode="tags" tokenSeparators={[',', '，']} /></Form.Item></Col>
        <Col xs={24}><Form.Item name="remark" label={t('doe.common.remark')} rules={rules.remark}><Input.TextArea rows={2} maxLength={1000} /></Form.Item></Col>
      </Row>
      {editable && <Button type="primary" onClick={save} loading={saving} data-testid="experiment-save">{t('common.save')}</Button>}
    </Form>
  );
}
