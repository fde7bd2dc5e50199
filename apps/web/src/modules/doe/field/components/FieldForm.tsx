import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldFields, SQUARE_METRES_PER_MU, fieldArea, type FieldRow } from '@breedwise/contracts/doe';
import { fieldRules } from '../../../../components/form/zod-form';
import { LocationSelect } from '../../location/components/LocationSelect';

const rules = fieldRules(FieldFields);

/** The fields of a field (plot area): size, tiers and planting; the area follows from length and width. */
export function FieldForm({ form, field, locationId, type }: { form: FormInstance; field?: FieldRow | null; locationId?: number; type?: number }) {
  const { t } = useTranslation();
  const length = Form.useWatch('length', form) as number | undefined;
  const width = Form.useWatch('width', form) as number | undefined;
  const area = fieldArea(length ?? null, width ?? null);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(field ?? { locationId, type: type ?? 1, tiers: 1, plantRowsPerPlot: 1 });
  }, [form, field, locationId, type]);
  return (
    <Form form={form} layout="vertical" data-testid="field-form" requiredMark>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="locationId" label={t('doe.field.location')} rules={rules.locationId} required>
            <LocationSelect disabled={!!locationId && !field} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="type" label={t('doe.field.type')} rules={rules.type} required>
            <Select options={[1, 2, 3].map((v) => ({ value: v, label: t(`doe.field.types.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name" label={t('doe.field.name')} rules={rules.name} required>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="code" label={t('doe.field.code')} rules={rules.code} required extra={t('doe.field.codeHelp')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="rows" label={t('doe.field.rows')} rules={rules.rows} required>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="cols" label={t('doe.field.cols')} rules={rules.cols} required>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="tiers" label={t('doe.field.tiers')} rules={rules.tiers} extra={t('doe.field.tiersHelp')}>
            <InputNumber min={1} max={1000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="plantRowsPerPlot" label={t('doe.field.plantRows')} rules={rules.plantRowsPerPlot}>
            <InputNumber min={1} max={100} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="length" label={t('doe.field.length')} rules={rules.length}>
            <InputNumber min={0} step={0.1} style={{ width: '100%' }} addonAfter="m" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="width" label={t('doe.field.width')} rules={rules.width}>
            <InputNumber min={0} step={0.1} style={{ width: '100%' }} addonAfter="m" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="spacing" label={t('doe.field.spacing')} rules={rules.spacing}>
            <InputNumber min={0} style={{ width: '100%' }} addonAfter="cm" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('doe.field.area')}>
            <Typography.Text data-testid="field-area">
              {area === null ? '—' : `${area} m² (${(area / SQUARE_METRES_PER_MU).toFixed(2)} ${t('doe.field.mu')})`}
            </Typography.Text>
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('doe.common.remark')} rules={rules.remark}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
