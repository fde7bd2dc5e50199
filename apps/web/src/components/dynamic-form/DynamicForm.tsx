import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { checkField, isFieldHidden, isFieldRequired, type DynamicField, type DynamicFormSchema, type FormValues, type Locale } from '@breedwise/contracts';

export interface DynamicFormProps {
  schema: DynamicFormSchema;
  form: FormInstance;
  initialValues?: FormValues;
  disabled?: boolean;
  /** Grid columns of a field without its own span. */
  defaultSpan?: number;
  /** The form's name: prefixes the inputs' ids, so several forms on one page keep their labels apart. */
  name?: string;
}

function input(f: DynamicField, locale: Locale) {
  const options = f.options?.map((o) => ({ value: o.value, label: o.label[locale] }));
  switch (f.type) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={f.maxLength} showCount={!!f.maxLength} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} min={f.min} max={f.max} />;
    case 'integer':
      return <InputNumber style={{ width: '100%' }} min={f.min} max={f.max} precision={0} />;
    case 'select':
      return <Select options={options} allowClear />;
    case 'multiSelect':
      return <Select options={options} mode="multiple" allowClear />;
    case 'radio':
      return <Radio.Group options={options} />;
    case 'switch':
      return <Switch />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} />;
    default:
      return <Input maxLength={f.maxLength} />;
  }
}

/**
 * A form described as data: fields become required or hidden as other values change, and each field
 * is checked by the same rule the server applies (`validateDynamicForm`). Dates leave as YYYY-MM-DD.
 */
export function DynamicForm({ schema, form, initialValues, disabled, defaultSpan = 12, name }: DynamicFormProps) {
  const { i18n } = useTranslation();
  const locale = (i18n.language as Locale) || 'zh-CN';
  const watched = (Form.useWatch([], form) as FormValues | undefined) ?? initialValues ?? {};
  const values = Object.fromEntries(Object.entries(watched).map(([k, v]) => [k, dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v]));
  const defaults = Object.fromEntries(schema.fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]));
  const start = { ...defaults, ...initialValues };
  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      disabled={disabled}
      data-testid="dynamic-form"
      initialValues={Object.fromEntries(
        Object.entries(start).map(([k, v]) => {
          const f = schema.fields.find((x) => x.name === k);
          return [k, f?.type === 'date' && typeof v === 'string' ? dayjs(v) : v];
        }),
      )}
    >
      <Row gutter={16}>
        {schema.fields.map((f) =>
          isFieldHidden(f, values) ? null : (
            <Col key={f.name} xs={24} md={f.span ?? defaultSpan}>
              <Form.Item
                name={f.name}
                label={f.label[locale]}
                extra={f.help?.[locale]}
                required={isFieldRequired(f, values)}
                valuePropName={f.type === 'switch' ? 'checked' : 'value'}
                rules={[
                  {
                    validator: async (_r, raw) => {
                      const v = dayjs.isDayjs(raw) ? raw.format('YYYY-MM-DD') : typeof raw === 'string' ? raw.trim() : raw;
                      const problem = checkField(f, v, { ...values, [f.name]: v }, locale);
                      if (problem) throw new Error(problem.message);
                    },
                  },
                ]}
              >
                {input(f, locale)}
              </Form.Item>
            </Col>
          ),
        )}
      </Row>
    </Form>
  );
}

/** The form's values as the server expects them: dates as YYYY-MM-DD, hidden fields left out. */
export function dynamicFormValues(schema: DynamicFormSchema, raw: FormValues): FormValues {
  const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : typeof v === 'string' ? v.trim() : v]));
  return Object.fromEntries(schema.fields.filter((f) => !isFieldHidden(f, values) && values[f.name] !== undefined).map((f) => [f.name, values[f.name]]));
}
