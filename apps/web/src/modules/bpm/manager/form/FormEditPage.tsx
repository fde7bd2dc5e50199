import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, List, Row, Space, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DYNAMIC_FIELD_TYPES, type DynamicField } from '@breedwise/contracts';
import { bpmPermissions as P } from '@breedwise/contracts/bpm';
import { DynamicForm } from '../../../../components/dynamic-form';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { queryClient } from '../../../../lib/query';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { bpmPaths } from '../../paths';
import { FieldProperties, labelOf } from './FieldProperties';

type FieldType = DynamicField['type'];

/** A new field of a type: a free name, labels in both languages, options for the choice types. */
function newField(type: FieldType, taken: DynamicField[], t: (k: string, o?: Record<string, unknown>) => string): DynamicField {
  let n = taken.length + 1;
  while (taken.some((f) => f.name === `field${n}`)) n++;
  const zh = t(`bpm.form.types.${type}`, { lng: 'zh-CN' });
  const en = t(`bpm.form.types.${type}`, { lng: 'en' });
  const f: DynamicField = { name: `field${n}`, type, label: { 'zh-CN': `${zh}${n}`, en: `${en} ${n}` }, span: type === 'textarea' ? 24 : 12 };
  if (type === 'select' || type === 'multiSelect' || type === 'radio')
    f.options = [
      { value: 'option1', label: { 'zh-CN': '选项1', en: 'Option 1' } },
      { value: 'option2', label: { 'zh-CN': '选项2', en: 'Option 2' } },
    ];
  return f;
}

/**
 * The form designer (`/bpm/manager/form/edit?id=`): a palette of field types, the fields in order, the
 * selected field's properties (labels in both languages, options, required and hidden rules on other
 * fields, limits) and a live preview. What it saves is the dynamic-form schema the start dialog, the
 * task dialog and the instance detail render, and the server checks submissions against.
 */
export default function FormEditPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { search } = usePage();
  const id = Number(search.get('id')) || null;
  const [meta] = Form.useForm<{ key: string; name: string; remark?: string | null }>();
  const [preview] = Form.useForm();
  const [fields, setFields] = useState<DynamicField[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const canCreate = usePermission(P.formCreate);
  const canUpdate = usePermission(P.formUpdate);
  const canSave = id ? canUpdate : canCreate;
  const { data, isLoading } = useQuery({ queryKey: [...api.bpm.form.get.key, id], queryFn: () => api.bpm.form.get({ id: id! }), enabled: id !== null });
  useRecordTitle('bpm.form.editOf', data?.name);
  useEffect(() => {
    if (!data) return;
    meta.setFieldsValue({ key: data.key, name: data.name, remark: data.remark });
    setFields(data.schema.fields);
    setSelected(data.schema.fields.length ? 0 : null);
  }, [data, meta]);
  if (id !== null && isLoading) return <Spin style={{ margin: 48 }} />;

  const add = (type: FieldType) => {
    setFields((fs) => [...fs, newField(type, fs, t)]);
    setSelected(fields.length);
  };
  const move = (i: number, d: -1 | 1) => {
    const j = i + d;
    if (j < 0 || j >= fields.length) return;
    const next = [...fields];
    [next[i], next[j]] = [next[j], next[i]];
    setFields(next);
    setSelected(j);
  };
  const remove = (i: number) => {
    setFields(fields.filter((_, j) => j !== i));
    setSelected(null);
  };
  const change = (i: number, f: DynamicField) => {
    const old = fields[i].name;
    // A renamed field: the conditions of the other fields follow it.
    const rename = (g: DynamicField['hidden']) =>
      g && old !== f.name
        ? Object.fromEntries(Object.entries(g).map(([k, list]) => [k, (list ?? []).map((c) => (c.field === old ? { ...c, field: f.name } : c))]))
        : g;
    setFields(
      fields.map((x, j) => (j === i ? f : { ...x, hidden: rename(x.hidden), ...(typeof x.required === 'object' ? { required: rename(x.required) } : {}) })),
    );
  };
  const save = async () => {
    const v = await meta.validateFields();
    if (!fields.length) {
      void message.warning(t('bpm.form.designer.noFields'));
      return;
    }
    setSaving(true);
    try {
      const body = { key: v.key, name: v.name, remark: v.remark || null, schema: { fields } };
      const saved = id ? await api.bpm.form.update({ ...body, id }) : await api.bpm.form.create(body);
      void message.success(t('common.success'));
      await queryClient.invalidateQueries({ queryKey: api.bpm.form.$key });
      if (!id) navigate(bpmPaths.formEdit(saved.id), { replace: true });
    } finally {
      setSaving(false);
    }
  };
  const current = selected !== null ? fields[selected] : undefined;
  return (
    <div className="bw-page" data-testid="form-designer">
      <Card
        variant="borderless"
        title={id ? t('bpm.form.editOf', { name: data?.name ?? '' }).trim() : t('bpm.form.add')}
        extra={
          <Space>
            <Button onClick={() => navigate(bpmPaths.forms)}>{t('common.back')}</Button>
            <Button type="primary" loading={saving} disabled={!canSave} onClick={() => void save()} data-testid="form-save">
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        <Form form={meta} layout="vertical" data-testid="form-meta">
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item
                name="key"
                label={t('bpm.form.key')}
                tooltip={t('bpm.form.keyHelp')}
                rules={[{ required: true }, { pattern: /^[A-Za-z_][A-Za-z0-9_-]*$/, message: t('bpm.form.keyRule') }, { max: 64 }]}
              >
                <Input maxLength={64} data-testid="form-key" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="name" label={t('bpm.form.name')} rules={[{ required: true, whitespace: true }, { max: 100 }]}>
                <Input maxLength={100} data-testid="form-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="remark" label={t('bpm.form.remark')}>
                <Input maxLength={500} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Row gutter={12} style={{ marginTop: 12 }}>
        <Col xs={24} lg={4}>
          <Card variant="borderless" size="small" title={t('bpm.form.designer.palette')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {DYNAMIC_FIELD_TYPES.map((type) => (
                <Button key={type} block onClick={() => add(type)} data-testid={`palette-${type}`} style={{ textAlign: 'left' }}>
                  + {t(`bpm.form.types.${type}`)}
                </Button>
              ))}
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" size="small" styles={{ body: { paddingTop: 0 } }}>
            <Tabs
              items={[
                {
                  key: 'fields',
                  label: t('bpm.form.designer.fields', { count: fields.length }),
                  children: fields.length ? (
                    <List
                      data-testid="form-fields"
                      dataSource={fields}
                      renderItem={(f, i) => (
                        <List.Item
                          onClick={() => setSelected(i)}
                          style={{ cursor: 'pointer', paddingInline: 8, background: i === selected ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined }}
                          data-testid="form-field-item"
                          actions={[
                            <Tooltip key="up" title={t('bpm.form.designer.up')}>
                              <Button
                                size="small"
                                type="text"
                                icon={<ArrowUpOutlined />}
                                disabled={i === 0}
                                onClick={(e) => (e.stopPropagation(), move(i, -1))}
                              />
                            </Tooltip>,
                            <Tooltip key="down" title={t('bpm.form.designer.down')}>
                              <Button
                                size="small"
                                type="text"
                                icon={<ArrowDownOutlined />}
                                disabled={i === fields.length - 1}
                                onClick={(e) => (e.stopPropagation(), move(i, 1))}
                              />
                            </Tooltip>,
                            <Tooltip key="del" title={t('common.delete')}>
                              <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={(e) => (e.stopPropagation(), remove(i))} />
                            </Tooltip>,
                          ]}
                        >
                          <Space wrap size={4}>
                            <Typography.Text strong>{labelOf(f, i18n.language) || f.name}</Typography.Text>
                            <Typography.Text type="secondary" code>
                              {f.name}
                            </Typography.Text>
                            <Tag>{t(`bpm.form.types.${f.type}`)}</Tag>
                            {f.required === true && <Tag color="red">{t('bpm.form.designer.requiredModes.always')}</Tag>}
                            {typeof f.required === 'object' && <Tag color="orange">{t('bpm.form.designer.requiredModes.when')}</Tag>}
                            {f.hidden && <Tag color="purple">{t('bpm.form.designer.hiddenTag')}</Tag>}
                          </Space>
                        </List.Item>
                      )}
                    />
                  ) : (
                    <Empty description={t('bpm.form.designer.empty')} />
                  ),
                },
                {
                  key: 'preview',
                  label: t('bpm.form.designer.preview'),
                  children: fields.length ? (
                    <div data-testid="form-preview">
                      <DynamicForm key={JSON.stringify(fields)} name="bpm-form-preview" schema={{ fields }} form={preview} />
                      <Button onClick={() => void preview.validateFields().then(() => message.success(t('bpm.form.designer.previewOk')))}>
                        {t('bpm.form.designer.check')}
                      </Button>
                    </div>
                  ) : (
                    <Empty description={t('bpm.form.designer.empty')} />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" size="small" title={t('bpm.form.designer.properties')}>
            {current ? (
              <FieldProperties
                key={`${selected}-${current.name}-${current.type}`}
                field={current}
                others={fields.filter((_, j) => j !== selected)}
                onChange={(f) => change(selected!, f)}
              />
            ) : (
              <Empty description={t('bpm.form.designer.pick')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
