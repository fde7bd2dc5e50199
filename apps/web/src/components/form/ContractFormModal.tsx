import { useEffect, useState, type ReactNode } from 'react';
import { App, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormSchema } from './Field';
import { applyServerErrors, validateForm } from './zod-form';

export interface ContractFormModalProps<S extends z.ZodType> {
  open: boolean;
  title: ReactNode;
  /** The contract the server validates with (cross-field rules included). */
  schema: S;
  /** Values to start from (editing); the form is reset at each opening and on cancel. */
  initialValues?: Record<string, unknown> | null;
  /** Saves; may throw the server's refusal (its field errors land on the fields). */
  onSubmit(values: z.output<S>, raw: Record<string, unknown>): Promise<unknown>;
  /** Shown after a successful save. */
  successMessage?: string;
  onClose(): void;
  width?: number;
  okText?: string;
  testId?: string;
  children: (form: FormInstance) => ReactNode;
}

/**
 * A form in a dialog, checked by the contract before sending: field rules, then the whole object
 * (cross-field rules), then the server, whose refusals are shown on the fields they name. `Field`s
 * inside take their rules and required marks from the same contract.
 */
export function ContractFormModal<S extends z.ZodType>(props: ContractFormModalProps<S>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    if (props.initialValues) form.setFieldsValue(props.initialValues);
  }, [props.open, props.initialValues, form]);

  const save = async () => {
    if (
      !(await form.validateFields().then(
        () => true,
        () => false,
      ))
    )
      return;
    const raw = form.getFieldsValue(true) as Record<string, unknown>;
    const parsed = validateForm(form, props.schema, raw);
    if (!parsed) return;
    setSaving(true);
    try {
      await props.onSubmit(parsed, raw);
      if (props.successMessage) void message.success(props.successMessage);
      props.onClose();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={() => {
        // Cancel leaves nothing behind: the next opening starts from the initial values only.
        form.resetFields();
        props.onClose();
      }}
      afterClose={() => form.resetFields()}
      onOk={save}
      okText={props.okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={props.width ?? 640}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" requiredMark preserve={false} data-testid={props.testId}>
        <FormSchema schema={props.schema}>{props.children(form)}</FormSchema>
      </Form>
    </Modal>
  );
}
