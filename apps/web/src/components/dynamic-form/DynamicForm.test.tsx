import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { DynamicFormSchema, type FormValues } from '@breedwise/contracts';
import i18n from '../../lib/i18n';
import { DynamicForm, dynamicFormValues } from './DynamicForm';

const schema = DynamicFormSchema.parse({
  fields: [
    {
      name: 'method',
      label: { 'zh-CN': '授粉方式', en: 'Method' },
      type: 'radio',
      required: true,
      options: [
        { value: 'cross', label: { 'zh-CN': '杂交', en: 'Cross' } },
        { value: 'self', label: { 'zh-CN': '自交', en: 'Selfing' } },
      ],
    },
    {
      name: 'male',
      label: { 'zh-CN': '父本', en: 'Male parent' },
      type: 'text',
      required: { all: [{ field: 'method', op: 'eq', value: 'cross' }] },
      hidden: { all: [{ field: 'method', op: 'eq', value: 'self' }] },
    },
  ],
});

let formRef: ReturnType<typeof Form.useForm>[0];
function Harness({ initial }: { initial?: FormValues }) {
  const [form] = Form.useForm();
  formRef = form;
  return <DynamicForm schema={schema} form={form} initialValues={initial} />;
}

describe('DynamicForm', () => {
  it('hides a field while its condition holds and shows it again', async () => {
    await i18n.changeLanguage('en');
    render(<Harness initial={{ method: 'self' }} />);
    expect(screen.queryByText('Male parent')).toBeNull();
    act(() => formRef.setFieldsValue({ method: 'cross' }));
    expect(await screen.findByText('Male parent')).toBeTruthy();
  });

  it('requires a field only while its condition holds, with the contract’s message', async () => {
    await i18n.changeLanguage('en');
    render(<Harness initial={{ method: 'cross' }} />);
    await act(async () => {
      await formRef.validateFields().catch(() => undefined);
    });
    await waitFor(() => expect(screen.getByText('Male parent is required')).toBeTruthy());
    expect(dynamicFormValues(schema, { method: 'self', male: 'x' })).toEqual({ method: 'self' });
  });
});
