import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_MAX_ATTACHMENTS, FEEDBACK_TYPES, FeedbackCreate } from '@breedwise/contracts/feedback';
import type { UploadResult } from '@breedwise/contracts/common';
import { applyServerErrors, fieldRules, validateForm } from '../../../components/form/zod-form';
import { FileUploader } from '../../../components/upload';
import { api } from '../api';

const rules = fieldRules(FeedbackCreate);

/** The multipart form the spec has: the fields, then the attachments uploaded beforehand as `fileIds`. */
function feedbackForm(values: FeedbackCreate, shots: UploadResult[]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') form.append(k, String(v).trim());
  if (shots.length) form.append('fileIds', shots.map((s) => s.fileId).join(','));
  return form;
}

/** Feedback to the administrators: the page it concerns, how to reach the sender, and cropped screenshots. */
export function FeedbackModal({ open, onClose, contact }: { open: boolean; onClose(): void; contact: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [shots, setShots] = useState<UploadResult[]>([]);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ type: 'bug', link: window.location.pathname, contact });
    setShots([]);
  }, [open, form, contact]);

  const send = async () => {
    if (
      !(await form.validateFields().then(
        () => true,
        () => false,
      ))
    )
      return;
    const values = form.getFieldsValue();
    if (!validateForm(form, FeedbackCreate, values)) return;
    setSending(true);
    try {
      await api.feedback.feedback.add({ form: feedbackForm(values, shots) }, { errorMode: 'silent' });
      void message.success(t('feedback.sent'));
      onClose();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('feedback.title')}
      onCancel={onClose}
      onOk={send}
      okText={t('feedback.send')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      width={640}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" data-testid="feedback-form">
        <Form.Item name="type" label={t('feedback.type')} rules={rules.type} required>
          <Select options={FEEDBACK_TYPES.map((v) => ({ value: v, label: t(`feedback.types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('feedback.fields.title')} rules={rules.title} required>
          <Input maxLength={30} showCount />
        </Form.Item>
        <Form.Item name="description" label={t('feedback.fields.description')} rules={rules.description} required>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="link" label={t('feedback.fields.link')} rules={rules.link} required>
          <Input maxLength={500} />
        </Form.Item>
        <div className="bw-form-pair">
          <Form.Item name="contact" label={t('feedback.fields.contact')} rules={rules.contact} required>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="phone" label={t('feedback.fields.phone')} rules={rules.phone}>
            <Input maxLength={20} />
          </Form.Item>
        </div>
        <Form.Item label={t('feedback.fields.screenshots')}>
          <FileUploader kind="image" businessType="feedback" crop maxCount={FEEDBACK_MAX_ATTACHMENTS} value={shots} onChange={setShots} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
