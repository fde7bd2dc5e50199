import { useEffect, useState } from 'react';
import { App, Checkbox, Col, Form, InputNumber, Modal, Row, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PLOT_LABEL_FIELDS, PLOT_LABEL_FIELDS, type PlotLabelRequest } from '@breedwise/contracts/doe';
import { LabelCodeRadio, LabelFormatSelect } from '../../../../components/common';
import { openPostedPdf } from '../../../../lib/download';
import { api } from '../../api';

interface Props {
  open: boolean;
  experiment: {
    id: number;
    code: string;
    reps: number;
    sites: { id: number; seq: number; locationName: string; fieldName: string; plotCount: number }[];
  };
  onClose(): void;
}

/**
 * Plot labels and stakes: fields (at most six), QR code and/or Code 128 carrying the plot id, a shared
 * label format (A4 sheet or thermal roll, one label per page), the site of a multi-location trial (or
 * every site), a plot range, reps and fillers, copies.
 * The PDF opens in a new tab.
 */
export function PlotLabelModal({ open, experiment, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        siteId: null,
        fields: DEFAULT_PLOT_LABEL_FIELDS,
        code: 'both',
        labelFormat: 'roll-50x30',
        copies: 1,
        plotFrom: null,
        plotTo: null,
        reps: [],
        fillers: false,
      });
  }, [open, form]);

  const print = async () => {
    const v = (await form.validateFields()) as Omit<PlotLabelRequest, 'id'>;
    setBusy(true);
    try {
      await openPostedPdf(api.doe.plotLabel.pdf.url(), { ...v, id: experiment.id }, `${experiment.code}-plot-labels.pdf`);
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('doe.plotLabel.title', { code: experiment.code })}
      onCancel={onClose}
      onOk={print}
      okText={t('doe.plotLabel.print')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      width={720}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="plot-label-form">
        {experiment.sites.length > 1 && (
          <Form.Item name="siteId" label={t('doe.plotLabel.site')}>
            <Select
              style={{ width: '100%' }}
              data-testid="plot-label-site"
              options={[
                { value: null, label: t('doe.plotLabel.allSites') },
                ...experiment.sites.map((s) => ({
                  value: s.id,
                  label: t('doe.plotLabel.siteOption', { seq: s.seq, location: s.locationName, field: s.fieldName, plots: s.plotCount }),
                })),
              ]}
            />
          </Form.Item>
        )}
        <Form.Item
          name="fields"
          label={t('label.fields')}
          rules={[{ type: 'array', min: 1, max: 6, message: t('label.fieldsRule') }]}
          extra={t('label.fieldsHelp')}
        >
          <Checkbox.Group options={PLOT_LABEL_FIELDS.map((f) => ({ value: f, label: t(`doe.plotLabel.field.${f}`) }))} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="labelFormat" label={t('label.format')}>
              <LabelFormatSelect style={{ width: '100%' }} data-testid="plot-label-format" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="code" label={t('label.code')}>
              <LabelCodeRadio />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('doe.plotLabel.range')} extra={t('doe.plotLabel.rangeHelp')}>
              <Space>
                <Form.Item name="plotFrom" noStyle>
                  <InputNumber min={0} placeholder={t('doe.plotLabel.from')} style={{ width: 120 }} data-testid="plot-label-from" />
                </Form.Item>
                <span>–</span>
                <Form.Item name="plotTo" noStyle>
                  <InputNumber min={0} placeholder={t('doe.plotLabel.to')} style={{ width: 120 }} data-testid="plot-label-to" />
                </Form.Item>
              </Space>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="reps" label={t('doe.plotLabel.reps')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('doe.plotLabel.allReps')}
                style={{ width: '100%' }}
                options={Array.from({ length: experiment.reps }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
                data-testid="plot-label-reps"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item name="fillers" label={t('doe.plotLabel.fillers')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item name="copies" label={t('label.copies')}>
              <InputNumber min={1} max={10} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('doe.plotLabel.scanHint')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
