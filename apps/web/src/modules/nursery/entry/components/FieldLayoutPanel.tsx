import { useMemo, useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Form, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { PrinterOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlotRow } from '@breedwise/contracts/doe';
import { LAYOUT_CORNERS, nurseryPermissions as P, type ActivityRow, type EntryLayoutRequest, type PlotLabelRequest } from '@breedwise/contracts/nursery';
import { LabelCodeRadio, LabelFormatSelect } from '../../../../components/common';
import { openPostedPdf } from '../../../../lib/download';
import { usePermission } from '../../../../lib/permissions';
import { FieldMap } from '../../../doe';
import { api } from '../../api';

const entry = api.nursery.entry;

/**
 * The nursery's entries on its DOE field: lay them out (start corner, serpentine, rows per entry), see them
 * on the DOE field map (row 1 at the bottom), and print plot labels with row and range.
 */
export function FieldLayoutPanel({ activity }: { activity: ActivityRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = usePermission(P.entryEdit) && activity.status !== 'finished';
  const [laying, setLaying] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Required<Omit<EntryLayoutRequest, 'activityId'>>>();
  const [labelForm] = Form.useForm();
  const map = useQuery({ queryKey: [...entry.map.key, activity.id], queryFn: () => entry.map({ id: activity.id }) });
  const plots = useMemo<PlotRow[]>(
    () =>
      (map.data?.plots ?? []).flatMap((p) =>
        Array.from({ length: p.rows }, (_, k) => ({
          site: 1,
          plotId: p.materialNo,
          plotNumber: p.plotNo,
          rep: null,
          block: null,
          row: p.row + k,
          col: p.range,
          tier: 1,
          entryNo: p.entryNo,
          name: p.name,
          entryType: 'test' as const,
        })),
      ),
    [map.data],
  );
  const layout = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await entry.layout({ activityId: activity.id, ...v }, { errorMode: 'modal' });
      void message.success(t('nursery.layout.done'));
      setLaying(false);
      await Promise.all([queryClient.invalidateQueries({ queryKey: entry.$key })]);
    } finally {
      setBusy(false);
    }
  };
  const print = async () => {
    const v = await labelForm.validateFields();
    setBusy(true);
    try {
      const body: PlotLabelRequest = { activityId: activity.id, code: v.code, labelFormat: v.labelFormat, copies: v.copies };
      await openPostedPdf(entry.labels.url(), body, `plot-labels-${activity.code}.pdf`);
      setPrinting(false);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const field = map.data?.field;
  if (map.isSuccess && !field) return <Empty description={t('nursery.layout.noField')} data-testid="nursery-layout-no-field" />;
  return (
    <div data-testid="nursery-layout">
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        {field ? (
          <Descriptions size="small" column={3} style={{ minWidth: 520 }}>
            <Descriptions.Item label={t('nursery.layout.field')}>{`${field.name} (${field.code})`}</Descriptions.Item>
            <Descriptions.Item label={t('nursery.layout.size')}>{t('nursery.layout.sizeValue', { rows: field.rows, cols: field.cols })}</Descriptions.Item>
            <Descriptions.Item label={t('nursery.layout.placed')}>
              <span data-testid="nursery-layout-placed">{map.data?.plots.length ?? 0}</span>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <span />
        )}
        <Space>
          {canEdit && (
            <Button
              type="primary"
              icon={<TableOutlined />}
              data-testid="nursery-layout-open"
              onClick={() => {
                form.setFieldsValue({ corner: 'bottom-left', serpentine: true, rowsPerEntry: 1 });
                setLaying(true);
              }}
            >
              {t('nursery.layout.layOut')}
            </Button>
          )}
          <Button
            icon={<PrinterOutlined />}
            disabled={!map.data?.plots.length}
            data-testid="nursery-plot-labels"
            onClick={() => {
              labelForm.setFieldsValue({ code: 'both', labelFormat: 'a4-3x8', copies: 1 });
              setPrinting(true);
            }}
          >
            {t('nursery.layout.labels')}
          </Button>
        </Space>
      </Space>
      {!!map.data?.unplaced && !!map.data.plots.length && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('nursery.layout.unplaced', { count: map.data.unplaced })}
          data-testid="nursery-layout-unplaced"
        />
      )}
      {field && plots.length ? (
        <FieldMap plots={plots} rows={field.rows} cols={field.cols} exportName={`${activity.code}-field-map`} testId="nursery-field-map" />
      ) : (
        map.isSuccess && <Empty description={t('nursery.layout.empty')} />
      )}
      <Modal
        open={laying}
        title={t('nursery.layout.layOut')}
        onCancel={() => setLaying(false)}
        onOk={layout}
        confirmLoading={busy}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'nursery-layout-ok' } as never}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="corner" label={t('nursery.layout.corner')}>
            <Select options={LAYOUT_CORNERS.map((c) => ({ value: c, label: t(`nursery.layout.corners.${c}`) }))} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="serpentine" label={t('nursery.layout.serpentine')} valuePropName="checked" extra={t('nursery.layout.serpentineHelp')}>
            <Switch />
          </Form.Item>
          <Form.Item name="rowsPerEntry" label={t('nursery.layout.rowsPerEntry')} rules={[{ required: true }]} extra={t('nursery.layout.rowsPerEntryHelp')}>
            <InputNumber min={1} max={50} precision={0} data-testid="nursery-layout-rows" />
          </Form.Item>
          <Typography.Text type="secondary">{t('nursery.layout.help')}</Typography.Text>
        </Form>
      </Modal>
      <Modal
        open={printing}
        title={t('nursery.layout.labels')}
        onCancel={() => setPrinting(false)}
        onOk={print}
        confirmLoading={busy}
        okText={t('nursery.harvest.printLabels')}
        cancelText={t('common.cancel')}
        forceRender
      >
        <Form form={labelForm} layout="vertical">
          <Form.Item name="code" label={t('label.code')}>
            <LabelCodeRadio />
          </Form.Item>
          <Form.Item name="labelFormat" label={t('label.format')}>
            <LabelFormatSelect style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="copies" label={t('label.copies')}>
            <InputNumber min={1} max={10} />
          </Form.Item>
          <Typography.Text type="secondary">{t('nursery.layout.labelsHint')}</Typography.Text>
        </Form>
      </Modal>
    </div>
  );
}
