import { useEffect, useMemo, useState } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { UploadResult } from '@breedwise/contracts/common';
import { useQuery } from '@tanstack/react-query';
import { GERMPLASM_TYPES, GermplasmFields, optionalAccessionNo, type GermplasmDetail } from '@breedwise/contracts/germ';
import { tryParsePurdy } from '@breedwise/pedigree';
import { applyServerErrors, fieldRules } from '../../../../components/form/zod-form';
import { SearchSelect } from '../../components/SearchSelect';
import { FileUploader } from '../../../../components/upload';
import { api } from '../../api';

const rules = fieldRules(GermplasmFields);
/** Registering: the number may stay empty (the crop's series gives the next one). */
const createRules = fieldRules(GermplasmFields.extend({ accessionNo: optionalAccessionNo }));

interface Props {
  open: boolean;
  /** The record being edited; null when registering a new one. */
  record: GermplasmDetail | null;
  onClose(): void;
  onSaved(row: GermplasmDetail): void;
}

const asFiles = (refs: { fileId: string; fileName: string; url: string }[]): UploadResult[] =>
  refs.map((f) => ({ fileId: f.fileId, fileName: f.fileName, src: f.url, size: 0, contentType: '' }));

/** The pedigree as it is typed: the engine points at the fault, position and all. */
function PedigreeHint({ text }: { text?: string }) {
  const { t } = useTranslation();
  if (!text?.trim()) return <Typography.Text type="secondary">{t('germ.germplasm.pedigreeHelp')}</Typography.Text>;
  const parsed = tryParsePurdy(text);
  if (parsed.ok)
    return (
      <Typography.Text type="success" data-testid="pedigree-ok">
        {t('germ.germplasm.pedigreeOk')}
      </Typography.Text>
    );
  const at = parsed.error.position;
  return (
    <Typography.Text type="danger" data-testid="pedigree-error">
      {t(`germ.pedigreeErrors.${parsed.error.code}`)} — {t('germ.germplasm.atPosition', { position: at + 1 })}:{' '}
      <code>
        {text.slice(0, at)}
        <mark>{text.slice(at, at + 1) || ' '}</mark>
        {text.slice(at + 1)}
      </code>
    </Typography.Text>
  );
}

/** Register or edit a germplasm: passport data, parents, Purdy pedigree, attributes, images and documents. */
export function GermplasmFormModal({ open, record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const pedigree = Form.useWatch('pedigree', form) as string | undefined;
  const next = useQuery({
    queryKey: [...api.germ.accessionSeries.next.key, open],
    queryFn: () => api.germ.accessionSeries.next(undefined, { errorMode: 'silent' }),
    enabled: open && !record,
    staleTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) {
      form.setFieldsValue({
        ...record,
        introducedOn: record.introducedOn ? dayjs(record.introducedOn) : undefined,
        images: asFiles(record.images),
        documents: asFiles(record.documents),
      });
    }
  }, [open, record, form]);

  const parentOptions = useMemo(() => {
    const out: { value: number; label: string }[] = [];
    if (record?.femaleParentId) out.push({ value: record.femaleParentId, label: `${record.femaleParentAccession} ${record.femaleParentName}` });
    if (record?.maleParentId) out.push({ value: record.maleParentId, label: `${record.maleParentAccession} ${record.maleParentName}` });
    return out;
  }, [record]);
  const fetchParents = async (keyword: string) =>
    (await api.germ.germplasm.options({ keyword: keyword || undefined }, { errorMode: 'silent' }))
      .filter((o) => o.id !== record?.id)
      .map((o) => ({ value: o.id, label: `${o.accessionNo} ${o.name}` }));

  const save = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const v = form.getFieldsValue(true);
    const body = {
      accessionNo: v.accessionNo || null,
      name: v.name,
      synonyms: v.synonyms ?? [],
      type: v.type,
      origin: v.origin,
      source: v.source,
      generation: v.generation,
      femaleParentId: v.femaleParentId ?? null,
      maleParentId: v.maleParentId ?? null,
      pedigree: v.pedigree,
      introducedOn: v.introducedOn ? (v.introducedOn as Dayjs).format('YYYY-MM-DD') : null,
      attributes: (v.attributes ?? []).filter((a: { key?: string }) => a?.key),
      imageIds: ((v.images ?? []) as UploadResult[]).map((f) => f.fileId),
      documentIds: ((v.documents ?? []) as UploadResult[]).map((f) => f.fileId),
      remark: v.remark,
    };
    setSaving(true);
    try {
      const row = record
        ? await api.germ.germplasm.update({ ...body, id: record.id }, { errorMode: 'silent' })
        : await api.germ.germplasm.create(body, { errorMode: 'silent' });
      void message.success(t(record ? 'germ.germplasm.updated' : 'germ.germplasm.created', { name: row.name }));
      onSaved(row);
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(record ? 'germ.germplasm.editTitle' : 'germ.germplasm.addTitle')}
      onCancel={onClose}
      onOk={save}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={920}
      maskClosable={false}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="germplasm-form" initialValues={{ type: 'inbred' }}>
        <Row gutter={12}>
          <Col span={8}>
            {record ? (
              <Form.Item name="accessionNo" label={t('germ.germplasm.accessionNo')} rules={rules.accessionNo} required>
                <Input maxLength={50} />
              </Form.Item>
            ) : (
              <Form.Item
                name="accessionNo"
                label={t('germ.germplasm.accessionNo')}
                rules={createRules.accessionNo}
                extra={
                  <span data-testid="accession-auto">
                    {next.data?.next ? t('germ.series.autoHint', { next: next.data.next }) : t('germ.series.autoHintPlain')}
                  </span>
                }
              >
                <Input maxLength={50} placeholder={next.data?.next || t('germ.series.auto')} allowClear />
              </Form.Item>
            )}
          </Col>
          <Col span={8}>
            <Form.Item name="name" label={t('germ.germplasm.name')} rules={rules.name} required>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="type" label={t('germ.germplasm.type')} rules={rules.type} required>
              <Select options={GERMPLASM_TYPES.map((v) => ({ value: v, label: t(`germ.types.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="generation" label={t('germ.germplasm.generation')} rules={rules.generation} extra={t('germ.germplasm.generationHelp')}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="origin" label={t('germ.germplasm.origin')} rules={rules.origin}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="introducedOn" label={t('germ.germplasm.introducedOn')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="source" label={t('germ.germplasm.source')} rules={rules.source}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="synonyms" label={t('germ.germplasm.synonyms')}>
              <Select mode="tags" tokenSeparators={[';', '；', ',']} open={false} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="femaleParentId" label={t('germ.germplasm.femaleParent')}>
              <SearchSelect allowClear fetch={fetchParents} known={parentOptions} data-testid="female-parent" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="maleParentId" label={t('germ.germplasm.maleParent')}>
              <SearchSelect allowClear fetch={fetchParents} known={parentOptions} data-testid="male-parent" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="pedigree" label={t('germ.germplasm.pedigree')} rules={rules.pedigree} extra={<PedigreeHint text={pedigree} />}>
              <Input maxLength={1000} placeholder="A/B//C, A*3/B, B/3*A" data-testid="pedigree-input" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('germ.germplasm.attributes')}>
              <Form.List name="attributes">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((f) => (
                      <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                        <Form.Item name={[f.name, 'key']} rules={[{ required: true, message: t('germ.germplasm.attributeKeyRequired') }]}>
                          <Input placeholder={t('germ.germplasm.attributeKey')} maxLength={50} style={{ width: 200 }} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'value']}>
                          <Input placeholder={t('germ.germplasm.attributeValue')} maxLength={500} style={{ width: 420 }} />
                        </Form.Item>
                        <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('common.delete')} />
                      </Space>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>
                      {t('germ.germplasm.addAttribute')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="images" label={t('germ.germplasm.images')} valuePropName="value">
              <FileUploader kind="image" businessType="germplasm" listType="picture-card" maxCount={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="documents" label={t('germ.germplasm.documents')} valuePropName="value">
              <FileUploader kind="document" businessType="germplasm" maxCount={20} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('germ.germplasm.remark')} rules={rules.remark}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
