import { App, Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocationCreate, LocationFields, type LocationRow } from '@breedwise/contracts/doe';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { fieldRules } from '../../../../components/form/zod-form';
import { api } from '../../api';

const rules = fieldRules(LocationFields);

interface Props {
  open: boolean;
  /** The location being edited; absent when adding. */
  location?: LocationRow | null;
  onClose(): void;
  onSaved(row: LocationRow): void;
}

/** Add or edit a location; validation reuses the contract, server refusals land on their fields. */
export function LocationFormModal({ open, location, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <ContractFormModal
      open={open}
      title={t(location ? 'doe.location.editTitle' : 'doe.location.addTitle')}
      schema={LocationCreate}
      initialValues={location}
      testId="location-form"
      onClose={onClose}
      onSubmit={async (values) => {
        const row = location
          ? await api.doe.location.update({ ...values, id: location.id }, { errorMode: 'silent' })
          : await api.doe.location.create(values, { errorMode: 'silent' });
        void message.success(t(location ? 'doe.location.updated' : 'doe.location.created', { name: row.name }));
        onSaved(row);
      }}
    >
      {() => (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('doe.location.name')} rules={rules.name} required>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="code" label={t('doe.location.code')} rules={rules.code} required extra={t('doe.location.codeHelp')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="country" label={t('doe.location.country')} rules={rules.country}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="province" label={t('doe.location.province')} rules={rules.province}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="city" label={t('doe.location.city')} rules={rules.city}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="longitude" label={t('doe.location.longitude')} rules={rules.longitude} extra={t('doe.location.coordHelp')}>
              <InputNumber style={{ width: '100%' }} step={0.000001} placeholder="-180 ~ 180" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="latitude" label={t('doe.location.latitude')} rules={rules.latitude}>
              <InputNumber style={{ width: '100%' }} step={0.000001} placeholder="-90 ~ 90" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('doe.location.remark')} rules={rules.remark}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      )}
    </ContractFormModal>
  );
}
