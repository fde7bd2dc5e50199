import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DhEventCreate, nurseryPermissions as P } from '@breedwise/contracts/nursery';
import { RemoteSelect } from '../../../../components/common';
import { DateInput } from '../../../../components/form/DateInput';
import { applyServerErrors, validateForm } from '../../../../components/form/zod-form';
import { usePermission } from '../../../../lib/permissions';
import { usePage } from '../../../../lib/page-context';
import { PlaceSelect } from '../../../germ';
import { api } from '../../api';
import { unitOptions } from '../../components/options';
import { nurseryPaths } from '../../paths';

/**
 * /nursery/dh/events/addDHEvent?entry=<id>: records the next step of a DH batch: date, person, the entered
 * number (1 to what the step before carried on), the flow template's attributes (formulas are computed by
 * the server); D0 selfing also says where the D1 seed goes.
 */
export default function DhEventAddPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const page = usePage();
  const [entryId, setEntryId] = useState<number | null>(Number(page.search.get('entry')) || null);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const canAdd = usePermission(P.dhEventAdd);
  const entry = useQuery({
    queryKey: [...api.nursery.dhEntry.detail.key, entryId],
    queryFn: () => api.nursery.dhEntry.detail({ id: entryId! }),
    enabled: !!entryId,
  }).data;
  const flow = useQuery({
    queryKey: [...api.nursery.dhFlow.detail.key, entry?.flowId],
    queryFn: () => api.nursery.dhFlow.detail({ id: entry!.flowId }),
    enabled: !!entry,
  }).data;
  const step = entry?.nextStep ?? null;

  const save = async () => {
    if (!entry || !step) return;
    const raw = form.getFieldsValue(true) as Record<string, unknown>;
    const values = Object.fromEntries(
      Object.entries((raw.values ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    );
    const parsed = validateForm(form, DhEventCreate, { ...raw, values, dhEntryId: entry.id, step });
    if (!parsed) return;
    setSaving(true);
    try {
      const row = await api.nursery.dhEvent.create(parsed, { errorMode: 'silent' });
      void message.success(t('nursery.dhEvent.saved', { step: t(`nursery.dhEvent.steps.${step}`) }));
      await queryClient.invalidateQueries({ queryKey: ['nursery'] });
      form.resetFields();
      navigate(nurseryPaths.dhEvent(row.id));
    } catch (err) {
      applyServerErrors(form, err);
      void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="bw-page">
      <Card variant="borderless" title={t('nursery.dhEvent.addTitle')}>
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Row gutter={12} align="middle">
            <Col xs={24} md={12}>
              <RemoteSelect
                style={{ width: '100%' }}
                data-testid="dh-event-batch"
                value={entryId ?? undefined}
                seed={entry ? [{ value: entry.id, label: `${entry.batchNo} ${entry.name}` }] : []}
                onChange={(v: number) => {
                  form.resetFields();
                  setEntryId(v);
                }}
                fetch={async (k) =>
                  (await api.nursery.dhEntry.page({ keyword: k || undefined, pageNum: 1, pageSize: 50 }, { errorMode: 'silent' })).rows
                    .filter((r) => r.nextStep)
                    .map((r) => ({ value: r.id, label: `${r.batchNo} ${r.name}` }))
                }
                placeholder={t('nursery.dhEvent.chooseBatch')}
              />
            </Col>
            {entry && (
              <Col xs={24} md={12}>
                <Button onClick={() => navigate(nurseryPaths.dhEntry(entry.id))}>{entry.batchNo}</Button>
              </Col>
            )}
          </Row>
          {entry && !step && <Alert type="success" showIcon message={t('nursery.dhEntry.done')} />}
          {entry && step && flow && (
            <Form form={form} layout="vertical" initialValues={{ date: new Date().toISOString().slice(0, 10), count: entry.carried, unit: 'g' }}>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                message={t('nursery.dhEvent.stepHelp', { step: t(`nursery.dhEvent.steps.${step}`), max: entry.carried })}
              />
              <Row gutter={12}>
                <Col xs={24} md={6}>
                  <Form.Item label={t('nursery.dhEvent.step')}>
                    <Input value={t(`nursery.dhEvent.steps.${step}`)} disabled data-testid="dh-event-step" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name="date" label={t('nursery.dhEvent.date')} required>
                    <DateInput />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name="person" label={t('nursery.dhEvent.person')}>
                    <Input maxLength={60} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name="count" label={t('nursery.dhEvent.countRange', { max: entry.carried })} required>
                    <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="dh-event-count" />
                  </Form.Item>
                </Col>
                {flow.attributes
                  .filter((a) => a.type !== 'formula')
                  .map((a) => (
                    <Col xs={24} md={6} key={a.code}>
                      <Form.Item name={['values', a.code]} label={a.name}>
                        {a.type === 'number' ? (
                          <InputNumber style={{ width: '100%' }} data-testid={`dh-value-${a.code}`} />
                        ) : a.type === 'select' ? (
                          <Select allowClear options={a.options.map((o) => ({ value: o, label: o }))} data-testid={`dh-value-${a.code}`} />
                        ) : a.type === 'date' ? (
                          <DateInput />
                        ) : (
                          <Input maxLength={500} data-testid={`dh-value-${a.code}`} />
                        )}
                      </Form.Item>
                    </Col>
                  ))}
                {flow.attributes
                  .filter((a) => a.type === 'formula')
                  .map((a) => (
                    <Col xs={24} md={6} key={a.code}>
                      <Form.Item label={a.name} extra={t('nursery.dhEvent.computed')}>
                        <Input value={a.formula ?? ''} disabled />
                      </Form.Item>
                    </Col>
                  ))}
                {step === 'selfing' && (
                  <>
                    <Col xs={24} md={8}>
                      <Form.Item name="placeId" label={t('nursery.harvest.place')} required>
                        <PlaceSelect data-testid="dh-event-place" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name="quantity" label={t('nursery.harvest.quantity')} required>
                        <InputNumber min={0} style={{ width: '100%' }} data-testid="dh-event-quantity" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name="unit" label={t('nursery.harvest.unit')}>
                        <Select options={unitOptions(i18n.language)} />
                      </Form.Item>
                    </Col>
                  </>
                )}
                <Col span={24}>
                  <Form.Item name="remark" label={t('nursery.activity.remark')}>
                    <Input maxLength={500} />
                  </Form.Item>
                </Col>
              </Row>
              {canAdd && (
                <Button type="primary" loading={saving} onClick={save} data-testid="dh-event-save">
                  {step === 'selfing' ? t('nursery.dhEvent.saveSelfing') : t('nursery.dhEvent.save')}
                </Button>
              )}
            </Form>
          )}
        </Space>
      </Card>
    </div>
  );
}
