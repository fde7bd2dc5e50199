import { useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Dayjs } from 'dayjs';
import { LEAVE_TYPES, type LeaveType } from '@breedwise/contracts/bpm';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { todoCountKey } from '../../paths';

/** Requests leave: the request and its approval process start together. */
export default function LeaveCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ type: LeaveType; range: [Dayjs, Dayjs]; reason: string; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const row = await api.bpm.leave.create({
        type: v.type,
        startDate: v.range[0].format('YYYY-MM-DD'),
        endDate: v.range[1].format('YYYY-MM-DD'),
        reason: v.reason,
        remark: v.remark ?? null,
      });
      void message.success(t('bpm.leave.submitted'));
      await Promise.all([api.bpm.leave.$key, api.bpm.instance.$key, todoCountKey].map((k) => queryClient.invalidateQueries({ queryKey: k })));
      navigate(`/bpm/oa/leave/detail/${row.id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bw-page">
      <Card title={t('bpm.leave.add')} variant="borderless" style={{ maxWidth: 720 }}>
        <Form form={form} layout="vertical" initialValues={{ type: 'annual' }} data-testid="leave-form">
          <Form.Item name="type" label={t('bpm.leave.type')} rules={[{ required: true }]}>
            <Select options={LEAVE_TYPES.map((v) => ({ value: v, label: t(`bpm.leave.types.${v}`) }))} />
          </Form.Item>
          <Form.Item name="range" label={t('bpm.leave.range')} rules={[{ required: true, message: t('bpm.leave.rangeRequired') }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} data-testid="leave-range" />
          </Form.Item>
          <Form.Item name="reason" label={t('bpm.leave.reason')} rules={[{ required: true, whitespace: true }, { max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} data-testid="leave-reason" />
          </Form.Item>
          <Form.Item name="remark" label={t('bpm.leave.remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="leave-submit">
            {t('bpm.leave.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
