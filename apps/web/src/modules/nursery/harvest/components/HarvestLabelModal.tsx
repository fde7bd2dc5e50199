import { useEffect, useState } from 'react';
import { App, Checkbox, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_HARVEST_LABEL_FIELDS, HARVEST_LABEL_FIELDS, type HarvestLabelRequest } from '@breedwise/contracts/nursery';
import { LabelCodeRadio, LabelFormatSelect } from '../../../../components/common';
import { openPostedPdf } from '../../../../lib/download';
import { api } from '../../api';

interface Props {
  open: boolean;
  activityId: number;
  activityCode: string;
  /** The chosen harvests; empty: every harvest of the nursery. */
  harvestIds: number[];
  onClose(): void;
}

/** Labels of harvested seed lots: fields (at most six), QR code and/or Code 128 (the lot number), a shared format and copies; the PDF opens in a new tab. */
export function HarvestLabelModal({ open, activityId, activityCode, harvestIds, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ fields: DEFAULT_HARVEST_LABEL_FIELDS, code: 'both', labelFormat: 'a4-3x8', copies: 1 });
  }, [open, form]);

  const print = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body: HarvestLabelRequest = { activityId, harvestIds, fields: v.fields, code: v.code, labelFormat: v.labelFormat, copies: v.copies };
      await openPostedPdf(api.nursery.harvest.labels.url(), body, `harvest-labels-${activityCode}.pdf`);
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={harvestIds.length ? t('nursery.harvest.labelsTitle', { count: harvestIds.length }) : t('nursery.harvest.labelsAllTitle')}
      onCancel={onClose}
      onOk={print}
      okText={t('nursery.harvest.printLabels')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'harvest-labels-print' } as never}
      width={600}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="harvest-label-form">
        <Form.Item
          name="fields"
          label={t('nursery.harvest.labelFields')}
          rules={[{ type: 'array', min: 1, max: 6, message: t('nursery.harvest.labelFieldsRule') }]}
          extra={t('nursery.harvest.labelFieldsHelp')}
        >
          <Checkbox.Group options={HARVEST_LABEL_FIELDS.map((f) => ({ value: f, label: t(`nursery.harvest.labelField.${f}`) }))} />
        </Form.Item>
        <Form.Item name="code" label={t('label.code')}>
          <LabelCodeRadio />
        </Form.Item>
        <Form.Item name="labelFormat" label={t('label.format')}>
          <LabelFormatSelect style={{ width: 320 }} data-testid="harvest-label-format" />
        </Form.Item>
        <Form.Item name="copies" label={t('label.copies')}>
          <InputNumber min={1} max={10} />
        </Form.Item>
        <Typography.Text type="secondary">{t('nursery.harvest.labelScanHint')}</Typography.Text>
      </Form>
    </Modal>
  );
}
