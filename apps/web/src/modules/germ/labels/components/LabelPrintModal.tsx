import { useEffect, useState } from 'react';
import { App, Checkbox, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LABEL_FIELDS, type LabelLayout } from '@breedwise/contracts/germ';
import { LabelCodeRadio, LabelFormatSelect } from '../../../../components/common';
import { printLabels } from '../print-labels';

interface Props {
  open: boolean;
  target: 'lot' | 'germplasm';
  ids: number[];
  onClose(): void;
}

const DEFAULT_FIELDS = { lot: ['lotNo', 'name', 'accessionNo', 'place', 'quantity'], germplasm: ['accessionNo', 'name', 'type', 'generation', 'pedigree'] };

/** Labels: fields (at most six), QR code and/or Code 128, a shared format (A4 sheet or thermal roll) and copies; the PDF opens in a new tab. */
export function LabelPrintModal({ open, target, ids, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ fields: DEFAULT_FIELDS[target], code: 'both', layout: 'a4-3x8', copies: 1 });
  }, [open, target, form]);

  const print = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await printLabels({ target, ids, fields: v.fields, code: v.code, layout: v.layout as LabelLayout, copies: v.copies });
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
      title={t('germ.label.title', { count: ids.length })}
      onCancel={onClose}
      onOk={print}
      okText={t('germ.label.print')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      width={560}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="label-form">
        <Form.Item
          name="fields"
          label={t('germ.label.fields')}
          rules={[{ type: 'array', min: 1, max: 6, message: t('germ.label.fieldsRule') }]}
          extra={t('germ.label.fieldsHelp')}
        >
          <Checkbox.Group options={LABEL_FIELDS[target].map((f) => ({ value: f, label: t(`germ.label.field.${f}`) }))} />
        </Form.Item>
        <Form.Item name="code" label={t('label.code')}>
          <LabelCodeRadio />
        </Form.Item>
        <Form.Item name="layout" label={t('label.format')}>
          <LabelFormatSelect style={{ width: 320 }} data-testid="label-format" />
        </Form.Item>
        <Form.Item name="copies" label={t('label.copies')}>
          <InputNumber min={1} max={10} />
        </Form.Item>
        <Typography.Text type="secondary">{t('germ.label.scanHint')}</Typography.Text>
      </Form>
    </Modal>
  );
}
