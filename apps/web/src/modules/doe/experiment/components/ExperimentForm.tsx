import { useEffect, useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExperimentFields, TRAIT_SOURCES, type ExperimentDetail } from '@breedwise/contracts/doe';
import { DateInput } from '../../../../components/form/DateInput';
import { applyServerErrors, fieldRules } from '../../../../components/form/zod-form';
import { api } from '../../api';
import { DictSelect } from '../../components/DictSelect';
import { FieldSelect } from '../../field/components/FieldSelect';
import { LocationSelect } from '../../location/components/LocationSelect';
import { ProjectSelect } from '../../project/components/ProjectSelect';

const rules = fieldRules(ExperimentFields);
/** Experiment types the form offers (free text in the contract; the web's choices). */
export const EXP_TYPES = ['yield', 'observation', 'agronomic', 'resistance', 'quality', 'seed'] as const;

/** Every experiment field of spec section 3; location, field and code are fixed once designed, all of it once pushed. */
export function ExperimentForm({ experiment }: { experiment: ExperimentDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const locationId = Form.useWatch('locationId', form) as number | undefined;
  const editable = experiment.actions.includes('edit');
  const placeFixed = experiment.status !== 'temporary';

  useEffect(() => {
    form.setFieldsValue(experiment);
  }, [experiment, form]);

  const save = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const v = form.getFieldsValue();
    setSaving(true);
    try {
      await api.doe.experiment.update({ ...v, id: experiment.id }, { errorMode: 'silent' });
      void message.success(t('doe.experiment.saved'));
      await queryClient.invalidateQueries({ queryKey: api.doe.experiment.$key });
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" disabled={!editable} data-testid="experiment-edit-form">
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item name="name" label={t('doe.experiment.name')} rules={rules.name} required>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="code" label={t('doe.experiment.code')} rules={rules.code}>
            <Input maxLength={50} disabled={placeFixed} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="projectId" label={t('doe.experiment.project')} rules={rules.projectId} required>
            <ProjectSelect seed={experiment.projectId ? [{ value: experiment.projectId, label: experiment.projectName }] : undefined} />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name="year" label={t('doe.common.year')} rules={rules.year} required>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name="season" label={t('doe.common.season')} rules={rules.season} required>
            <DictSelect dictType="doe_season" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="locationId"
            label={t('doe.experiment.location')}
            rules={rules.locationId}
            required
            extra={placeFixed ? t('doe.experiment.placeFixed') : undefined}
          >
            <LocationSelect disabled={placeFixed} onChange={() => form.setFieldValue('fieldId', undefined)} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="fieldId" label={t('doe.experiment.field')} rules={rules.fieldId} required>
            <FieldSelect locationId={locationId} disabled={placeFixed || !locationId} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="stage" label={t('doe.experiment.stage')}>
            <DictSelect dictType="doe_exp_stage" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="expType" label={t('doe.experiment.expType')}>
            <Select allowClear options={EXP_TYPES.map((v) => ({ value: v, label: t(`doe.experiment.types.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="designMethod" label={t('doe.experiment.designMethod')} rules={rules.designMethod} required>
            <DictSelect dictType="doe_design_method" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="sowingDate" label={t('doe.experiment.sowingDate')} rules={rules.sowingDate}>
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="harvestDate" label={t('doe.experiment.harvestDate')} rules={rules.harvestDate}>
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={8} md={2}>
          <Form.Item name="reps" label={t('doe.experiment.reps')} rules={rules.reps}>
            <InputNumber min={1} max={100} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8} md={2}>
          <Form.Item name="blockCount" label={t('doe.design.blockCount')} rules={rules.blockCount}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8} md={2}>
          <Form.Item name="rows" label={t('doe.design.rows')} rules={rules.rows}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8} md={2}>
          <Form.Item name="cols" label={t('doe.design.cols')} rules={rules.cols}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8} md={3}>
          <Form.Item name="checkStart" label={t('doe.design.checkStart')} rules={rules.checkStart}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8} md={3}>
          <Form.Item name="checkEnd" label={t('doe.design.checkEnd')} rules={rules.checkEnd}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8} md={3}>
          <Form.Item name="checkInterval" label={t('doe.design.checkInterval')} rules={rules.checkInterval}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name="filler" label={t('doe.design.filler')} rules={rules.filler}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="seed" label={t('doe.design.seed')} rules={rules.seed}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="traitSource" label={t('doe.experiment.traitSource')}>
            <Select options={TRAIT_SOURCES.map((v) => ({ value: v, label: t(`doe.experiment.traitSources.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="traits" label={t('doe.experiment.traits')} extra={t('doe.experiment.traitsHelp')}>
            <Select mode="tags" tokenSeparators={[',', '，']} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('doe.common.remark')} rules={rules.remark}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Col>
      </Row>
      {editable && (
        <Button type="primary" onClick={save} loading={saving} data-testid="experiment-save">
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}
