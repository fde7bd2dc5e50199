import { useState } from 'react';
import { App, Button, Card, Form, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FieldCreate } from '@breedwise/contracts/doe';
import { applyServerErrors, validateForm } from '../../../../components/form/zod-form';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { doePaths } from '../../paths';
import { FieldForm } from '../components/FieldForm';

/** /doe/exp/location/editField?id=: a field's form as a page. */
export default function FieldEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(usePage().search.get('id'));
  const field = useQuery({ queryKey: [...api.doe.field.detail.key, id], queryFn: () => api.doe.field.detail({ id }) });
  useRecordTitle('common.edit', field.data?.name);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  if (!field.data) return <DetailState failed={field.isError} />;
  const save = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    const values = form.getFieldsValue();
    if (!ok || !validateForm(form, FieldCreate, values)) return;
    setSaving(true);
    try {
      await api.doe.field.update({ ...values, id }, { errorMode: 'silent' });
      void message.success(t('doe.field.saved', { name: values.name }));
      await queryClient.invalidateQueries({ queryKey: api.doe.field.$key });
      navigate(doePaths.fieldView(id));
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="bw-page">
      <Card variant="borderless" title={t('doe.field.editTitle')} style={{ maxWidth: 900 }}>
        <FieldForm form={form} field={field.data} />
        <Space>
          <Button type="primary" loading={saving} onClick={save}>
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(doePaths.fieldView(id))}>{t('common.cancel')}</Button>
        </Space>
      </Card>
    </div>
  );
}
