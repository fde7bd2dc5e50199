import { useState } from 'react';
import { App, Button, Col, Drawer, Form, Input, InputNumber, Popconfirm, Row, Space, Switch, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CartRow, DocDetail } from '@breedwise/contracts/germ';
import { applyServerErrors } from '../../../../components/form/zod-form';
import { api } from '../../api';
import { Qty } from '../../components/StockText';

const cart = api.germ.cart;

interface Props {
  open: boolean;
  rows: CartRow[];
  onClose(): void;
  onChanged(rows: CartRow[]): void;
  onCheckedOut(doc: DocDetail): void;
}

/** The outbound cart: lots picked in the inventory, their quantities, then one outbound document. */
export function CartDrawer({ open, rows, onClose, onChanged, onCheckedOut }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const checkout = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const doc = await cart.checkout({ ...v, submit: !!v.submit }, { errorMode: 'silent' });
      void message.success(t('germ.cart.created', { docNo: doc.docNo }));
      form.resetFields();
      onCheckedOut(doc);
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={880}
      title={t('germ.cart.title', { count: rows.length })}
      destroyOnHidden={false}
      extra={
        rows.length > 0 && (
          <Popconfirm
            title={t('germ.cart.clearConfirm')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={async () => onChanged(await cart.clear())}
          >
            <Button danger>{t('germ.cart.clear')}</Button>
          </Popconfirm>
        )
      }
    >
      <Table<CartRow>
        data-testid="cart-table"
        rowKey="lotId"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('germ.cart.empty') }}
        columns={[
          { title: t('germ.lot.lotNo'), dataIndex: 'lotNo', width: 130 },
          { title: t('germ.germplasm.name'), key: 'g', ellipsis: true, render: (_, r) => `${r.accessionNo} ${r.germplasmName}` },
          { title: t('germ.lot.place'), dataIndex: 'placePath', ellipsis: true },
          { title: t('germ.cart.available'), dataIndex: 'available', width: 110, align: 'right', render: (v: number, r) => <Qty value={v} unit={r.unit} /> },
          {
            title: t('germ.cart.quantity'),
            dataIndex: 'quantity',
            width: 150,
            render: (v: number, r) => (
              <InputNumber
                size="small"
                min={0.001}
                max={r.available}
                precision={3}
                defaultValue={v}
                style={{ width: 130 }}
                onBlur={async (e) => {
                  const q = Number(e.target.value);
                  if (q > 0 && q !== v) onChanged(await cart.update({ lotId: r.lotId, quantity: q }));
                }}
              />
            ),
          },
          {
            key: 'x',
            width: 50,
            render: (_, r) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={async () => onChanged(await cart.remove({ id: r.lotId }))}
              />
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('germ.cart.checkoutTitle')}
      </Typography.Title>
      <Form form={form} layout="vertical" data-testid="cart-form" disabled={!rows.length}>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="title" label={t('germ.doc.title')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="recipient" label={t('germ.doc.recipient')}>
              <Input maxLength={100} data-testid="cart-recipient" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="purpose" label={t('germ.doc.purpose')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('germ.doc.remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Space size="middle" align="center">
          <Space size={6} align="center">
            <Form.Item name="submit" valuePropName="checked" noStyle>
              <Switch />
            </Form.Item>
            <Typography.Text>{t('germ.cart.submitNow')}</Typography.Text>
          </Space>
          <Button type="primary" loading={busy} onClick={checkout} disabled={!rows.length} data-testid="cart-checkout">
            {t('germ.cart.checkout')}
          </Button>
        </Space>
      </Form>
    </Drawer>
  );
}
