import { useEffect, useState } from 'react';
import { App, Button, Card, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActivityUpdate } from '@breedwise/contracts/nursery';
import { FormSchema } from '../../../../components/form/Field';
import { applyServerErrors, validateForm } from '../../../../components/form/zod-form';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { ActivityFields } from '../components/ActivityFields';
import { nurseryPaths } from '../../paths';
import { useActivity } from '../components/useActivity';

/** /nursery/nursery/design/editActivity/:id: a nursery's name, code, field, season and male-parent limit (until it is finished). */
export default function ActivityEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(usePage().params.id);
  const { data, isError } = useActivity(id);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useRecordTitle('common.edit', data?.code);
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  if (!data) return <DetailState failed={isError} />;
  const save = async () => {
    if (
      !(await form.validateFields().then(
        () => true,
        () => false,
      ))
    )
      return;
    const parsed = validateForm(form, ActivityUpdate, { ...form.getFieldsValue(true), id });
    if (!parsed) return;
    setSaving(true);
    try {
      await api.nursery.activity.update(parsed, { errorMode: 'silent' });
      await queryClient.invalidateQueries({ queryKey: api.nursery.activity.$key });
      void message.success(t('common.success'));
      navigate(nurseryPaths.activityView(id));
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={t('nursery.activity.editTitle')}
        extra={
          <Button type="primary" loading={saving} onClick={save} disabled={data.status === 'finished'} data-testid="activity-save">
            {t('common.save')}
          </Button>
        }
      >
        <Form form={form} layout="vertical" requiredMark disabled={data.status === 'finished'} style={{ maxWidth: 760 }}>
          <FormSchema schema={ActivityUpdate}>
            <ActivityFields />
          </FormSchema>
        </Form>
      </Card>
    </div>
  );
}
