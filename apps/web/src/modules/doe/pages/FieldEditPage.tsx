import { useState } from 'react';
import { App, Button, Card, Form, Result, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FieldCreate } from '@breedwise/contracts';
import { applyServerErrors, validateForm } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePage } from '../../../shell/workspace/page-context';
import { doeKeys, fieldApi } from '../api';
import { FieldForm } from '../components/FieldForm';

/** /doe/exp/location/editField?id=: a field's form as a page. */
export default function FieldEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(usePage().search.get('id'));
  const field = useQuery({ queryKey: [...doeKeys.field, id], queryFn: () => fieldApi.detail(id) });
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  if (field.isError) return <Result status="404" title={t('doe.common.notFound')} />;
  if (!field.data) return <Card><Skeleton active /></Card>;
  const save = async () => {
    const ok = await form.validateFields().then(() => true, () => false);
    const values = form.getFieldsValue();
    if (!ok || !validateForm(form, FieldCreate, values)) return;
    setSaving(true);
    try {
      await fieldApi.update({ ...values, id });
      void message.success(t('doe.field.saved', { name: values.name }));
      await queryClient.invalidateQueries({ queryKey: doeKeys.field });
      navigate(`/doe/exp/location/viewField?id=${id}`);
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
        <Space><Button type="primary" loading={saving} onClick={save}>{t('common.save')}</Button><Button onClick={() => navigate(`/doe/exp/location/viewField?id=${id}`)}>{t('common.cancel')}</Button></Space>
      </Card>
    </div>
  );
}
