import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Col, Form, type FormItemProps } from 'antd';
import type { z } from 'zod';
import { fieldRule } from './zod-form';

const SchemaContext = createContext<z.ZodType | null>(null);

/** The contract the `Field`s inside check against (ContractFormModal provides its schema). */
export function FormSchema({ schema, children }: { schema: z.ZodType; children: ReactNode }) {
  return <SchemaContext.Provider value={schema}>{children}</SchemaContext.Provider>;
}

/** The schema of one top-level key of an object contract (refinements included at the object level only). */
function shapeOf(schema: z.ZodType | null, name: string): z.ZodType | undefined {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | null)?.shape;
  return shape?.[name];
}

/**
 * A form item of the contract in scope: its rule (the field's schema, with the server's message) and
 * its required mark come from the contract, so a page declares only the label and the input. `span`
 * places it in a grid column.
 */
export function Field({
  name,
  span,
  children,
  ...item
}: Omit<FormItemProps, 'name' | 'rules' | 'required'> & { name: string; span?: number; children: ReactNode }) {
  const schema = useContext(SchemaContext);
  const fieldSchema = shapeOf(schema, name);
  const rules = useMemo(() => (fieldSchema ? [fieldRule(fieldSchema, name)] : undefined), [fieldSchema, name]);
  const required = fieldSchema ? !fieldSchema.safeParse(undefined).success : undefined;
  const formItem = (
    <Form.Item name={name} rules={rules} required={required} {...item}>
      {children}
    </Form.Item>
  );
  return span ? <Col span={span}>{formItem}</Col> : formItem;
}
