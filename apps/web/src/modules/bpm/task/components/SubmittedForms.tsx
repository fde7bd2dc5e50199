import { Card, Empty, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { SubmittedForm } from '@breedwise/contracts/bpm';
import { DynamicForm } from '../../../../components/dynamic-form';

function OneForm({ entry }: { entry: SubmittedForm }) {
  const [form] = Form.useForm();
  return <DynamicForm name={`bpm-submitted-${entry.taskId ?? 'start'}`} schema={entry.form.schema} form={form} initialValues={entry.values} disabled />;
}

/** The forms filled in a process (start form, then each approval's), read only, as they were submitted. */
export function SubmittedForms({ forms }: { forms: SubmittedForm[] }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={t('bpm.instance.forms')} data-testid="bpm-submitted-forms">
      {forms.length === 0 ? (
        <Empty description={t('bpm.instance.noForms')} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {forms.map((f) => (
            <div key={f.taskId ?? 'start'} data-testid="bpm-submitted-form">
              <Space wrap style={{ marginBottom: 8 }}>
                <Typography.Text strong>{f.step}</Typography.Text>
                <Typography.Text type="secondary">{f.form.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {f.by ?? '—'}
                  {f.at ? ` · ${dayjs(f.at).format('YYYY-MM-DD HH:mm')}` : ''}
                </Typography.Text>
              </Space>
              <OneForm entry={f} />
            </div>
          ))}
        </Space>
      )}
    </Card>
  );
}
