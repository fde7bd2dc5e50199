import { useEffect, useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOT_UNITS, type DocDetail, type DocKind, type LotRow, type LotUnit } from '@breedwise/contracts/germ';
import { applyServerErrors } from '../../../../components/form/zod-form';
import { RemoteSelect, type RemoteOption } from '../../../../components/common';
import { SearchSelect } from '../../components/SearchSelect';
import type { CallOptions } from '../../../../lib/api-client';
import { api } from '../../api';
import { PlaceSelect } from '../../inventory/components/places';

interface Props {
  kind: DocKind;
  open: boolean;
  doc: DocDetail | null;
  onClose(): void;
  onSaved(doc: DocDetail): void;
}

interface LineValue {
  mode?: 'lot' | 'new';
  lotId?: number;
  germplasmId?: number;
  placeId?: number;
  unit?: LotUnit;
  lotNo?: string;
  harvestYear?: number;
  quantity?: number;
  countedQuantity?: number;
  booked?: number;
  remark?: string;
}

const lotOption = (l: LotRow, unit: (u: string) => string): RemoteOption => ({
  value: l.id,
  label: `${l.lotNo} · ${l.accessionNo} ${l.germplasmName} · ${l.quantity} ${unit(l.unit)}`,
  balance: l.quantity,
  unitKey: l.unit,
});

interface Header {
  title?: string;
  remark?: string;
  recipient?: string;
  purpose?: string;
  placeId?: number | null;
}

/**
 * Saves a draft through its kind's endpoints: the kinds share one definition, their lines differ. The
 * form has checked the required values (quantities, lots) before this runs; the server checks again.
 */
function writeDocument(kind: DocKind, id: number | undefined, h: Header, lines: LineValue[]): Promise<DocDetail> {
  const opts: CallOptions = { errorMode: 'silent' };
  const moved = lines.map((l) => ({ lotId: l.lotId!, quantity: l.quantity!, remark: l.remark }));
  switch (kind) {
    case 'inbound': {
      const body = {
        title: h.title,
        remark: h.remark,
        lines: lines.map((l) =>
          l.mode === 'new'
            ? {
                germplasmId: l.germplasmId,
                placeId: l.placeId,
                unit: l.unit,
                lotNo: l.lotNo,
                harvestYear: l.harvestYear,
                quantity: l.quantity!,
                remark: l.remark,
              }
            : { lotId: l.lotId, quantity: l.quantity!, remark: l.remark },
        ),
      };
      return id ? api.germ.inbound.update({ ...body, id }, opts) : api.germ.inbound.create(body, opts);
    }
    case 'outbound': {
      const body = { title: h.title, remark: h.remark, recipient: h.recipient, purpose: h.purpose, lines: moved };
      return id ? api.germ.outbound.update({ ...body, id }, opts) : api.germ.outbound.create(body, opts);
    }
    case 'scrap': {
      const body = { title: h.title, remark: h.remark, lines: moved };
      return id ? api.germ.scrap.update({ ...body, id }, opts) : api.germ.scrap.create(body, opts);
    }
    case 'stocktaking': {
      const body = {
        title: h.title,
        remark: h.remark,
        placeId: h.placeId ?? null,
        lines: lines.map((l) => ({ lotId: l.lotId!, countedQuantity: l.countedQuantity!, remark: l.remark })),
      };
      return id ? api.germ.stocktaking.update({ ...body, id }, opts) : api.germ.stocktaking.create(body, opts);
    }
  }
}

/** Creates or edits a draft document: header fields of its kind and its lines. */
export function DocumentEditor({ kind, open, doc, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [lotOptions, setLotOptions] = useState<RemoteOption[]>([]);
  const unit = (u: string) => t(`germ.units.${u}`);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (doc) {
      form.setFieldsValue({
        title: doc.title,
        remark: doc.remark,
        recipient: doc.recipient,
        purpose: doc.purpose,
        placeId: doc.placeId ?? undefined,
        lines: doc.lines.map((l): LineValue => ({
          mode: l.lotId ? 'lot' : 'new',
          lotId: l.lotId ?? undefined,
          germplasmId: l.germplasmId,
          placeId: l.placeId ?? undefined,
          unit: l.unit,
          harvestYear: l.harvestYear ?? undefined,
          quantity: l.quantity ?? undefined,
          countedQuantity: l.countedQuantity ?? undefined,
          booked: l.bookedQuantity ?? undefined,
          remark: l.remark ?? undefined,
        })),
      });
      setLotOptions(
        doc.lines
          .filter((l) => l.lotId)
          .map((l) => ({ value: l.lotId!, label: `${l.lotNo} · ${l.accessionNo} ${l.germplasmName}`, balance: l.currentBalance, unitKey: l.unit })),
      );
    } else {
      form.setFieldsValue({ lines: [{ mode: 'lot' }] });
    }
  }, [open, doc, form]);

  const fetchLots = async (keyword: string) => {
    const page = await api.germ.lot.page(
      {
        keyword: keyword || undefined,
        pageSize: 30,
        inStock: kind === 'inbound' || kind === 'stocktaking' ? undefined : 'true',
      },
      { errorMode: 'silent' },
    );
    return page.rows.map((l) => lotOption(l, unit));
  };
  const loadPlace = async () => {
    const placeId = form.getFieldValue('placeId');
    if (!placeId) return;
    const page = await api.germ.lot.page({ placeId, pageSize: 200 }, { errorMode: 'silent' });
    setLotOptions(page.rows.map((l) => lotOption(l, unit)));
    form.setFieldsValue({ lines: page.rows.map((l): LineValue => ({ mode: 'lot', lotId: l.id, booked: l.quantity, countedQuantity: l.quantity })) });
    void message.info(t('germ.doc.loadedLots', { count: page.rows.length }));
  };

  const save = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const v = form.getFieldsValue(true);
    setBusy(true);
    try {
      const header = { title: v.title, remark: v.remark, recipient: v.recipient, purpose: v.purpose, placeId: v.placeId };
      const saved = await writeDocument(kind, doc?.id, header, (v.lines ?? []) as LineValue[]);
      void message.success(t('germ.doc.saved', { docNo: saved.docNo }));
      onSaved(saved);
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const required = (key: string) => [{ required: true, message: t(key) }];
  return (
    <Modal
      open={open}
      title={doc ? t('germ.doc.editTitle', { docNo: doc.docNo }) : t(`germ.doc.newTitle.${kind}`)}
      onCancel={onClose}
      onOk={save}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      width={1080}
      maskClosable={false}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="doc-form">
        <Row gutter={12}>
          <Col span={kind === 'outbound' ? 8 : 12}>
            <Form.Item name="title" label={t('germ.doc.title')}>
              <Input maxLength={100} data-testid="doc-title" />
            </Form.Item>
          </Col>
          {kind === 'outbound' && (
            <Col span={8}>
              <Form.Item name="recipient" label={t('germ.doc.recipient')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          )}
          {kind === 'outbound' && (
            <Col span={8}>
              <Form.Item name="purpose" label={t('germ.doc.purpose')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          )}
          {kind === 'stocktaking' && (
            <Col span={12}>
              <Form.Item label={t('germ.doc.scope')} extra={t('germ.doc.scopeHelp')}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="placeId" noStyle>
                    <PlaceSelect style={{ width: '100%' }} data-testid="doc-place" />
                  </Form.Item>
                  <Button onClick={loadPlace} data-testid="doc-load-place">
                    {t('germ.doc.loadPlace')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="remark" label={t('germ.doc.remark')}>
              <Input.TextArea rows={1} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('germ.doc.lines')}</Typography.Title>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Row key={f.key} gutter={8} align="top" wrap={false} data-testid="doc-line">
                  <Col flex="32px">
                    <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
                      {i + 1}
                    </Typography.Text>
                  </Col>
                  {kind === 'inbound' && (
                    <Col flex="150px">
                      <Form.Item name={[f.name, 'mode']} initialValue="lot">
                        <Radio.Group
                          size="small"
                          optionType="button"
                          options={[
                            { value: 'lot', label: t('germ.doc.existingLot') },
                            { value: 'new', label: t('germ.doc.newLot') },
                          ]}
                        />
                      </Form.Item>
                    </Col>
                  )}
                  <Form.Item noStyle shouldUpdate={(a, b) => a.lines?.[f.name]?.mode !== b.lines?.[f.name]?.mode}>
                    {() =>
                      kind === 'inbound' && form.getFieldValue(['lines', f.name, 'mode']) === 'new' ? (
                        <>
                          <Col flex="180px">
                            <Form.Item name={[f.name, 'germplasmId']} rules={required('germ.lotOps.germplasmRequired')}>
                              <RemoteSelect
                                placeholder={t('germ.lot.germplasm')}
                                fetch={async (k) =>
                                  (await api.germ.germplasm.options({ keyword: k || undefined }, { errorMode: 'silent' })).map((o) => ({
                                    value: o.id,
                                    label: `${o.accessionNo} ${o.name}`,
                                  }))
                                }
                              />
                            </Form.Item>
                          </Col>
                          <Col flex="170px">
                            <Form.Item name={[f.name, 'placeId']} rules={required('germ.place.choose')}>
                              <PlaceSelect />
                            </Form.Item>
                          </Col>
                          <Col flex="90px">
                            <Form.Item name={[f.name, 'unit']} initialValue="g">
                              <Select options={LOT_UNITS.map((u) => ({ value: u, label: unit(u) }))} />
                            </Form.Item>
                          </Col>
                          <Col flex="96px">
                            <Form.Item name={[f.name, 'harvestYear']}>
                              <InputNumber placeholder={t('germ.lot.harvestYear')} min={1900} max={2200} style={{ width: '100%' }} />
                            </Form.Item>
                          </Col>
                        </>
                      ) : (
                        <Col flex="auto" style={{ minWidth: 320 }}>
                          <Form.Item name={[f.name, 'lotId']} rules={required('germ.doc.lotRequired')}>
                            <SearchSelect
                              placeholder={t('germ.doc.chooseLot')}
                              fetch={fetchLots}
                              known={lotOptions}
                              data-testid="doc-line-lot"
                              onChange={(_v: unknown, option: unknown) => {
                                const o = option as RemoteOption | undefined;
                                if (o && kind === 'stocktaking') form.setFieldValue(['lines', f.name, 'booked'], o.balance);
                              }}
                            />
                          </Form.Item>
                        </Col>
                      )
                    }
                  </Form.Item>
                  {kind === 'stocktaking' ? (
                    <>
                      <Col flex="120px">
                        <Form.Item noStyle shouldUpdate>
                          {() => (
                            <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
                              {t('germ.doc.booked')}: {form.getFieldValue(['lines', f.name, 'booked']) ?? '—'}
                            </Typography.Text>
                          )}
                        </Form.Item>
                      </Col>
                      <Col flex="150px">
                        <Form.Item name={[f.name, 'countedQuantity']} rules={required('germ.lotOps.quantityRequired')}>
                          <InputNumber min={0} precision={3} placeholder={t('germ.doc.counted')} style={{ width: '100%' }} data-testid="doc-line-counted" />
                        </Form.Item>
                      </Col>
                    </>
                  ) : (
                    <Col flex="130px">
                      <Form.Item name={[f.name, 'quantity']} rules={required('germ.lotOps.quantityRequired')}>
                        <InputNumber min={0.001} precision={3} placeholder={t('germ.lot.quantity')} style={{ width: '100%' }} data-testid="doc-line-quantity" />
                      </Form.Item>
                    </Col>
                  )}
                  <Col flex="1 1 100px" style={{ minWidth: 80 }}>
                    <Form.Item name={[f.name, 'remark']}>
                      <Input maxLength={200} placeholder={t('germ.doc.lineRemark')} />
                    </Form.Item>
                  </Col>
                  <Col flex="32px">
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      disabled={fields.length === 1}
                      onClick={() => remove(f.name)}
                      aria-label={t('common.delete')}
                    />
                  </Col>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ mode: 'lot' })} data-testid="doc-add-line">
                {t('germ.doc.addLine')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
