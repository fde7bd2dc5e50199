import { useEffect, useState } from 'react';
import { App, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';

/** Trait groups of one record (`front/germplasm/traitGroup/list/{id}/all`), read and edited group by group. */
export function TraitPanel({ id, editable }: { id: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data, isLoading, refetch } = useQuery({
    queryKey: [...api.germ.traitGroup.list.key, id],
    queryFn: () => api.germ.traitGroup.list({ germplasmId: id, group: 'all' }),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [form] = Form.useForm();
  useEffect(() => {
    const group = data?.find((g) => g.groupName === editing);
    if (group) form.setFieldsValue(Object.fromEntries(group.traits.map((tr) => [String(tr.id), tr.value ?? undefined])));
  }, [editing, data, form]);

  if (isLoading) return <Spin />;
  if (!data?.length) return <Empty description={t('germ.traits.none')} />;
  const save = async (groupName: string) => {
    const values = form.getFieldsValue();
    const group = data.find((g) => g.groupName === groupName)!;
    try {
      await api.germ.germplasm.saveTraits({
        germplasmId: id,
        values: group.traits.map((tr) => ({
          traitId: tr.id,
          value: values[String(tr.id)] === undefined || values[String(tr.id)] === null ? null : String(values[String(tr.id)]),
        })),
      });
      void message.success(t('germ.traits.saved'));
      setEditing(null);
      void refetch();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {data.map((g) => (
        <Card
          key={g.groupName}
          size="small"
          title={g.groupName}
          data-testid="trait-group"
          extra={
            editable &&
            (editing === g.groupName ? (
              <Space>
                <Button size="small" onClick={() => setEditing(null)}>
                  {t('common.cancel')}
                </Button>
                <Button size="small" type="primary" onClick={() => save(g.groupName)}>
                  {t('common.save')}
                </Button>
              </Space>
            ) : (
              <Button size="small" type="link" onClick={() => setEditing(g.groupName)}>
                {t('common.edit')}
              </Button>
            ))
          }
        >
          {editing === g.groupName ? (
            <Form form={form} layout="inline">
              {g.traits.map((tr) => (
                <Form.Item key={tr.id} name={String(tr.id)} label={`${tr.name}${tr.unit ? ` (${tr.unit})` : ''}`} style={{ marginBottom: 8 }}>
                  {tr.dataType === 'number' ? (
                    <InputNumber style={{ width: 120 }} />
                  ) : tr.dataType === 'category' ? (
                    <Select allowClear style={{ width: 120 }} options={tr.categories.map((c) => ({ value: c, label: c }))} />
                  ) : (
                    <Input style={{ width: 160 }} maxLength={200} />
                  )}
                </Form.Item>
              ))}
            </Form>
          ) : (
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
              {g.traits.map((tr) => (
                <Descriptions.Item key={tr.id} label={tr.name}>
                  {tr.value === null ? '—' : `${tr.value}${tr.unit ? ` ${tr.unit}` : ''}`}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
        </Card>
      ))}
    </Space>
  );
}
