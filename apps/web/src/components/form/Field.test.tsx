import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { z } from 'zod';
import i18n from '../../lib/i18n';
import { Field, FormSchema } from './Field';

const Contract = z.object({
  name: z.string().trim().min(1).max(5),
  remark: z.string().max(10).nullish(),
  sort: z.number().int().default(0),
});

function Harness({ onForm }: { onForm(form: FormInstance): void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form}>
      <FormSchema schema={Contract}>
        <Field name="name" label="Name">
          <Input />
        </Field>
        <Field name="remark" label="Remark">
          <Input />
        </Field>
        <Field name="sort" label="Sort" span={8}>
          <Input />
        </Field>
      </FormSchema>
    </Form>
  );
}

describe('Field', () => {
  it('marks as required exactly the keys the contract requires', async () => {
    await i18n.changeLanguage('en');
    const { container } = render(<Harness onForm={() => undefined} />);
    const required = [...container.querySelectorAll('.ant-form-item-required')].map((l) => l.textContent);
    expect(required).toEqual(['Name']);
    // `span` places the item in a grid column.
    expect(container.querySelectorAll('.ant-col-8')).toHaveLength(1);
  });

  it('refuses a value with the rule of the contract, and accepts a valid one', async () => {
    await i18n.changeLanguage('en');
    let form: FormInstance | undefined;
    render(<Harness onForm={(f) => (form = f)} />);
    act(() => form!.setFieldsValue({ name: 'too long a name' }));
    await act(async () => {
      await form!.validateFields(['name']).catch(() => undefined);
    });
    // The contract's own message (max 5 characters), as the server would word it.
    expect(form!.getFieldError('name')).toEqual([expect.stringMatching(/at most 5 characters/)]);
    act(() => form!.setFieldsValue({ name: 'Ok' }));
    await act(async () => {
      await form!.validateFields(['name']);
    });
    expect(form!.getFieldError('name')).toEqual([]);
  });
});
