import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';

interface Values {
  listName: string;
  listType: 'experiment' | 'nursery' | 'germplasm';
  year?: number;
  season?: 'spring' | 'summer' | 'autumn' | 'winter';
  generation: string;
}

/**
 * Sends the candidate list to a new DOE planting list (spec: /gs/evaluation, item 5): one entry per
 * candidate in index order, its germplasm found by accession number = sample code in the current crop.
 * The server refuses candidates without a germplasm record and names them; the message shows here.
 */
export function SendToPlantingModal({ predictId, count, open, onClose }: { predictId: number; count: number; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setError(null);
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    setError(null);
    try {
      const res = await api.gs.planting.sendToPlanting({ predictId, ...v, listName: v.listName.trim(), year: v.year ?? null, season: v.season ?? null });
      message.success(t('gs.planting.done', { name: res.listName, count: res.entries }), 6);
      close();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('gs.planting.title')}
      width={560}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={saving} onClick={() => void submit()} data-testid="planting-submit">
          {t('gs.planting.send')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('gs.planting.help', { count })}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        data-testid="planting-form"
        initialValues={{ listType: 'nursery', year: new Date().getFullYear() + 1, generation: 'F6' }}
      >
        <Form.Item name="listName" label={t('gs.planting.listName')} rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input maxLength={100} data-testid="planting-name" />
        </Form.Item>
        <Form.Item name="listType" label={t('gs.planting.listType')} rules={[{ required: true }]}>
          <Select
            options={(['nursery', 'experiment', 'germplasm'] as const).map((v) => ({ value: v, label: t(`gs.planting.types.${v}`) }))}
            data-testid="planting-type"
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="year" label={t('gs.planting.year')} style={{ flex: 1 }}>
            <InputNumber min={1900} max={2200} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="season" label={t('gs.planting.season')} style={{ flex: 1 }}>
            <Select allowClear options={(['spring', 'summer', 'autumn', 'winter'] as const).map((v) => ({ value: v, label: t(`gs.planting.seasons.${v}`) }))} />
          </Form.Item>
          <Form.Item
            name="generation"
            label={t('gs.planting.generation')}
            style={{ flex: 1 }}
            rules={[
              { required: true, whitespace: true },
              { pattern: /^(F\d{1,3}|D\d{1,3}|BC\d{1,3}F\d{1,3})$/i, message: t('gs.planting.generationRule') },
            ]}
          >
            <Input maxLength={20} data-testid="planting-generation" />
          </Form.Item>
        </div>
        {error && <Alert type="error" showIcon message={error} data-testid="planting-error" />}
      </Form>
    </Modal>
  );
}
