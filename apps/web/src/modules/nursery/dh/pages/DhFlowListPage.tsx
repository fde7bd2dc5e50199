import { useMemo, useState } from 'react';
import { App, Button, Col, Descriptions, Form, Input, InputNumber, Modal, Row, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DH_ATTRIBUTE_TYPES, DhFlowCreate, DhFlowUpdate, nurseryPermissions as P, type DhFlowRow } from '@breedwise/contracts/nursery';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';

const dhFlow = api.nursery.dhFlow;

/** /nursery/dh/flow: DH flow templates, their attributes and formula attributes (computed safely on the server). */
export default function DhFlowListPage() {
  const { t } = useTranslation();
  const [trying, setTrying] = useState<DhFlowRow | null>(null);
  const typeOptions = DH_ATTRIBUTE_TYPES.map((v) => ({ value: v, label: t(`nursery.dhFlow.types.${v}`) }));
  const columns = useMemo<ColumnsType<DhFlowRow>>(
    () => [
      { title: t('nursery.dhFlow.code'), dataIndex: 'code', key: 'code', sorter: true, width: 140, fixed: 'left' },
      { title: t('nursery.dhFlow.name'), dataIndex: 'name', key: 'name', sorter: true, width: 200 },
      {
        title: t('nursery.dhFlow.attributes'),
        dataIndex: 'attributes',
        key: 'attributes',
        width: 360,
        ellipsis: true,
        render: (_: unknown, r) => r.attributes.map((a) => (a.type === 'formula' ? `${a.name} = ${a.formula}` : a.name)).join('; '),
      },
      { title: t('nursery.activity.remark'), dataIndex: 'remark', key: 'remark', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t],
  );
  return (
    <>
      <CrudPage
        resource={dhFlow}
        columns={columns}
        nameOf={(r) => r.code}
        permissions={{ add: P.dhFlowAdd, edit: P.dhFlowEdit, remove: P.dhFlowRemove }}
        actions={[{ key: 'try', label: t('nursery.dhFlow.try'), onClick: (r) => setTrying(r) }]}
        form={{
          create: DhFlowCreate,
          update: DhFlowUpdate,
          width: 900,
          defaults: () => ({ attributes: [{ name: '', code: '', type: 'number', order: 1, options: [] }] }),
          fields: () => (
            <>
              <Row gutter={12}>
                <Field name="name" label={t('nursery.dhFlow.name')} span={12}>
                  <Input maxLength={60} />
                </Field>
                <Field name="code" label={t('nursery.dhFlow.code')} span={12}>
                  <Input maxLength={40} />
                </Field>
              </Row>
              <Form.List name="attributes">
                {(items, { add, remove }, { errors }) => (
                  <>
                    {items.map((item, i) => (
                      <Row gutter={8} key={item.key} align="top">
                        <Col span={5}>
                          <Form.Item name={[item.name, 'name']} label={i === 0 ? t('nursery.dhFlow.attrName') : undefined} rules={[{ required: true }]}>
                            <Input maxLength={60} />
                          </Form.Item>
                        </Col>
                        <Col span={4}>
                          <Form.Item name={[item.name, 'code']} label={i === 0 ? t('nursery.dhFlow.attrCode') : undefined} rules={[{ required: true }]}>
                            <Input maxLength={40} />
                          </Form.Item>
                        </Col>
                        <Col span={4}>
                          <Form.Item name={[item.name, 'type']} label={i === 0 ? t('nursery.dhFlow.attrType') : undefined}>
                            <Select options={typeOptions} />
                          </Form.Item>
                        </Col>
                        <Col span={3}>
                          <Form.Item name={[item.name, 'order']} label={i === 0 ? t('nursery.dhFlow.order') : undefined}>
                            <InputNumber min={0} max={999} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col span={7}>
                          <Form.Item noStyle shouldUpdate>
                            {(form) =>
                              form.getFieldValue(['attributes', item.name, 'type']) === 'select' ? (
                                <Form.Item name={[item.name, 'options']} label={i === 0 ? t('nursery.dhFlow.formulaOrOptions') : undefined}>
                                  <Select mode="tags" placeholder={t('nursery.dhFlow.optionsHelp')} />
                                </Form.Item>
                              ) : (
                                <Form.Item name={[item.name, 'formula']} label={i === 0 ? t('nursery.dhFlow.formulaOrOptions') : undefined}>
                                  <Input
                                    disabled={form.getFieldValue(['attributes', item.name, 'type']) !== 'formula'}
                                    placeholder={t('nursery.dhFlow.formulaHelp')}
                                    maxLength={500}
                                  />
                                </Form.Item>
                              )
                            }
                          </Form.Item>
                        </Col>
                        <Col span={1}>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            style={{ marginTop: i === 0 ? 30 : 0 }}
                            onClick={() => remove(item.name)}
                            aria-label={t('common.delete')}
                          />
                        </Col>
                      </Row>
                    ))}
                    <Button icon={<PlusOutlined />} onClick={() => add({ name: '', code: '', type: 'number', order: items.length + 1, options: [] })}>
                      {t('nursery.dhFlow.addAttribute')}
                    </Button>
                    <div data-testid="dh-attribute-errors">
                      <Form.ErrorList errors={errors} />
                    </div>
                  </>
                )}
              </Form.List>
              <Field name="remark" label={t('nursery.activity.remark')} style={{ marginTop: 12 }}>
                <Input.TextArea rows={2} maxLength={500} />
              </Field>
            </>
          ),
        }}
      />
      <TryModal flow={trying} onClose={() => setTrying(null)} />
    </>
  );
}

/** Enters values of a template's attributes and shows its formula attributes computed by the server. */
function TryModal({ flow, onClose }: { flow: DhFlowRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [result, setResult] = useState<Record<string, unknown> | null>(null);
  const compute = async () => {
    const raw = form.getFieldsValue(true) as Record<string, number | string | undefined>;
    const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === undefined || v === '' ? null : v]));
    try {
      setResult((await dhFlow.compute({ id: flow!.id, values }, { errorMode: 'silent' })).values);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  return (
    <Modal
      open={!!flow}
      title={flow ? `${t('nursery.dhFlow.try')} · ${flow.name}` : ''}
      onCancel={() => {
        setResult(null);
        form.resetFields();
        onClose();
      }}
      footer={null}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical">
        {flow?.attributes
          .filter((a) => a.type !== 'formula')
          .map((a) => (
            <Form.Item key={a.code} name={a.code} label={a.name}>
              {a.type === 'number' ? (
                <InputNumber style={{ width: '100%' }} />
              ) : a.type === 'select' ? (
                <Select allowClear options={a.options.map((o) => ({ value: o, label: o }))} />
              ) : (
                <Input />
              )}
            </Form.Item>
          ))}
      </Form>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" onClick={compute} data-testid="dh-compute">
          {t('nursery.dhFlow.compute')}
        </Button>
        {result && (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={flow!.attributes
              .filter((a) => a.type === 'formula')
              .map((a) => ({ key: a.code, label: a.name, children: result[a.code] === null ? '—' : String(result[a.code]) }))}
          />
        )}
      </Space>
    </Modal>
  );
}
