import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Table, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccessionSeriesSave, SERIES_MAX_DIGITS, SERIES_MIN_DIGITS, type AccessionSeriesRow } from '@breedwise/contracts/germ';
import { applyServerErrors, fieldRules } from '../../../../components/form/zod-form';
import { api } from '../../api';

const rules = fieldRules(AccessionSeriesSave);
const sample = (prefix: string | undefined, digits: number | undefined) =>
  prefix && digits && digits >= SERIES_MIN_DIGITS && digits <= SERIES_MAX_DIGITS ? `${prefix}${'1'.padStart(digits, '0')}` : '';

/** The accession number series per crop (issue 14 item 14): prefix and digit count, set by administrators. */
export default function SeriesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: api.germ.accessionSeries.list.key, queryFn: () => api.germ.accessionSeries.list() });
  const [editing, setEditing] = useState<AccessionSeriesRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ prefix: string; digits: number }>();
  const prefix = Form.useWatch('prefix', form);
  const digits = Form.useWatch('digits', form);

  useEffect(() => {
    if (editing) form.setFieldsValue({ prefix: editing.prefix, digits: editing.digits });
    else form.resetFields();
  }, [editing, form]);

  const save = async () => {
    if (!editing) return;
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const v = form.getFieldsValue();
    setSaving(true);
    try {
      const row = await api.germ.accessionSeries.save({ cropId: editing.cropId, prefix: v.prefix, digits: v.digits }, { errorMode: 'silent' });
      void message.success(t('germ.series.saved', { crop: row.cropName, next: row.next }));
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: api.germ.accessionSeries.list.key });
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('germ.series.title')} data-testid="series-page">
      <Typography.Paragraph type="secondary">{t('germ.series.intro')}</Typography.Paragraph>
      <Table<AccessionSeriesRow>
        rowKey="cropId"
        data-testid="series-table"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        size="middle"
        scroll={{ x: 720 }}
        columns={[
          { title: t('germ.series.crop'), dataIndex: 'cropName', width: 160 },
          { title: t('germ.series.prefix'), dataIndex: 'prefix', width: 120, render: (v: string) => <code>{v}</code> },
          { title: t('germ.series.digits'), dataIndex: 'digits', width: 110 },
          {
            title: t('germ.series.next'),
            dataIndex: 'next',
            width: 160,
            render: (v: string) => (v ? <code>{v}</code> : <Typography.Text type="danger">{t('germ.series.full')}</Typography.Text>),
          },
          {
            title: t('germ.series.state'),
            dataIndex: 'configured',
            width: 120,
            render: (v: boolean) => (v ? <Tag color="green">{t('germ.series.configured')}</Tag> : <Tag>{t('germ.series.default')}</Tag>),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid={`series-edit-${row.cropCode}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={t('germ.series.editTitle', { crop: editing?.cropName ?? '' })}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        maskClosable={false}
        forceRender
      >
        <Form form={form} layout="vertical" data-testid="series-form">
          <Form.Item name="prefix" label={t('germ.series.prefix')} rules={rules.prefix} required extra={t('germ.series.prefixHelp')}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="digits" label={t('germ.series.digits')} rules={rules.digits} required>
            <InputNumber min={SERIES_MIN_DIGITS} max={SERIES_MAX_DIGITS} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Typography.Text type="secondary" data-testid="series-sample">
            {t('germ.series.sample', { sample: sample(prefix, digits) || '—' })}
          </Typography.Text>
        </Form>
      </Modal>
    </Card>
  );
}
