import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GERM_DESIGN_KINDS, GermDesignFields } from '@breedwise/contracts/doe';
import { applyServerErrors, fieldRules } from '../../../../components/form/zod-form';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DictSelect } from '../../components/DictSelect';
import { FieldSelect } from '../../field/components/FieldSelect';
import { GermListSelect } from '../../germlist/components/GermListSelect';
import { LocationSelect } from '../../location/components/LocationSelect';
import { doePaths } from '../../paths';
import { ProjectSelect } from '../../project/components/ProjectSelect';

const germDesign = api.doe.germDesign;

const rules = fieldRules(GermDesignFields);
const LAYOUT = { order: 'serpentine', direction: 'rows', startCorner: 'bottom-left', repsArrangement: 'rows' };

/** /doe/germplasm/design/editDesign/:id (0 for a new plan): a plan name and one or more designs, each with a location. */
export default function GermDesignEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(usePage().params.id);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const existing = useQuery({ queryKey: [...germDesign.detail.key, id], queryFn: () => germDesign.detail({ id }), enabled: id > 0 });
  useRecordTitle('common.edit', existing.data?.planName);
  const designs = Form.useWatch('designs', form) as { locationId?: number }[] | undefined;

  useEffect(() => {
    if (existing.data) form.setFieldsValue(existing.data);
    else if (id === 0)
      form.setFieldsValue({ kind: 'germplasm', year: new Date().getFullYear(), season: 'spring', designs: [{ startNumber: 1, digits: 4, layout: LAYOUT }] });
  }, [existing.data, id, form]);

  if (id > 0 && !existing.data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const save = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const v = form.getFieldsValue(true);
    setSaving(true);
    try {
      const row = id > 0 ? await germDesign.update({ ...v, id }, { errorMode: 'silent' }) : await germDesign.create(v, { errorMode: 'silent' });
      void message.success(t('doe.common.saved'));
      await queryClient.invalidateQueries({ queryKey: germDesign.$key });
      navigate(doePaths.germDesignView(row.id));
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="bw-page">
      <Card variant="borderless" title={t(id > 0 ? 'doe.germDesign.editTitle' : 'doe.germDesign.add')}>
        <Form form={form} layout="vertical" data-testid="germdesign-form">
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item name="planName" label={t('doe.germDesign.planName')} rules={rules.planName} required>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="kind" label={t('doe.germDesign.kind')}>
                <Select options={GERM_DESIGN_KINDS.map((v) => ({ value: v, label: t(`doe.germDesign.kinds.${v}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={3}>
              <Form.Item name="year" label={t('doe.common.year')} rules={rules.year} required>
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={3}>
              <Form.Item name="season" label={t('doe.common.season')} rules={rules.season} required>
                <DictSelect dictType="doe_season" allowClear={false} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="projectId" label={t('doe.experiment.project')}>
                <ProjectSelect seed={existing.data?.projectId ? [{ value: existing.data.projectId, label: existing.data.projectName }] : undefined} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('doe.common.remark')}>
                <Input maxLength={500} />
              </Form.Item>
            </Col>
          </Row>
          <Form.List name="designs">
            {(items, { add, remove }) => (
              <>
                {items.map((item, i) => (
                  <Card
                    key={item.key}
                    size="small"
                    style={{ marginBottom: 12 }}
                    title={t('doe.germDesign.designN', { n: i + 1 })}
                    extra={
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(item.name)} aria-label={t('common.delete')} />
                    }
                  >
                    <Row gutter={12}>
                      <Col xs={24} md={6}>
                        <Form.Item name={[item.name, 'locationId']} label={t('doe.experiment.location')} required>
                          <LocationSelect onChange={() => form.setFieldValue(['designs', item.name, 'fieldId'], undefined)} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={6}>
                        <Form.Item name={[item.name, 'fieldId']} label={t('doe.experiment.field')}>
                          <FieldSelect locationId={designs?.[i]?.locationId} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={6}>
                        <Form.Item
                          name={[item.name, 'listId']}
                          label={t('doe.germList.title')}
                          required
                          rules={[{ required: true, message: t('doe.germDesign.listRequired') }]}
                        >
                          <GermListSelect
                            seed={
                              existing.data?.designs[i] ? [{ value: existing.data.designs[i].listId, label: existing.data.designs[i].listName }] : undefined
                            }
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={3}>
                        <Form.Item name={[item.name, 'startNumber']} label={t('doe.design.startNumber')}>
                          <InputNumber min={0} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={3}>
                        <Form.Item name={[item.name, 'digits']} label={t('doe.design.digits')}>
                          <InputNumber min={1} max={9} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={4}>
                        <Form.Item name={[item.name, 'checkStart']} label={t('doe.design.checkStart')}>
                          <InputNumber min={1} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={4}>
                        <Form.Item name={[item.name, 'checkInterval']} label={t('doe.design.checkInterval')}>
                          <InputNumber min={1} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={4}>
                        <Form.Item name={[item.name, 'layout', 'order']} label={t('doe.design.order')}>
                          <Select options={['serpentine', 'cartesian'].map((v) => ({ value: v, label: t(`doe.design.orders.${v}`) }))} />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={4}>
                        <Form.Item name={[item.name, 'layout', 'direction']} label={t('doe.design.direction')}>
                          <Select options={['rows', 'columns'].map((v) => ({ value: v, label: t(`doe.design.directions.${v}`) }))} />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={4}>
                        <Form.Item name={[item.name, 'layout', 'startCorner']} label={t('doe.design.startCorner')}>
                          <Select
                            options={['bottom-left', 'bottom-right', 'top-left', 'top-right'].map((v) => ({ value: v, label: t(`doe.design.corners.${v}`) }))}
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ startNumber: 1, digits: 4, layout: LAYOUT })} style={{ marginBottom: 16 }}>
                  {t('doe.germDesign.addDesign')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
        <Space>
          <Button type="primary" loading={saving} onClick={save} data-testid="germdesign-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(doePaths.germDesigns)}>{t('common.cancel')}</Button>
        </Space>
      </Card>
    </div>
  );
}
