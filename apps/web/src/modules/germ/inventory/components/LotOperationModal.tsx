import { useEffect, useState } from 'react';
import { App, Descriptions, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOT_UNITS, type LotRow } from '@breedwise/contracts/germ';
import { applyServerErrors } from '../../../../components/form/zod-form';
import { RemoteSelect } from '../../../../components/common';
import { api } from '../../api';
import { PlaceSelect } from './places';
import { Qty } from '../../components/StockText';

const lots = api.germ.lot;

export type LotOperation = 'deposit' | 'withdraw' | 'discard' | 'adjust' | 'transfer' | 'split' | 'merge' | 'cart';

interface Props {
  op: LotOperation | 'create' | null;
  lot: LotRow | null;
  onClose(): void;
  onDone(): void;
  /** Adds to the outbound cart (the cart lives with the page). */
  onCart?(lot: LotRow, quantity: number): Promise<void>;
  /** A new lot starts with this germplasm. */
  germplasmId?: number;
}

/** One ledger operation on a lot (or a new lot): the amounts are checked again by the server, never below zero. */
export function LotOperationModal({ op, lot, onClose, onDone, onCart, germplasmId }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!op) return;
    form.resetFields();
    if (op === 'adjust' && lot) form.setFieldsValue({ balance: lot.quantity });
    if (op === 'create') form.setFieldsValue({ unit: 'g', quantity: 0, germplasmId });
  }, [op, lot, form, germplasmId]);
  const siblings = useQuery({
    queryKey: [...lots.page.key, 'siblings', lot?.germplasmId],
    queryFn: () => lots.page({ germplasmId: lot!.germplasmId, pageSize: 200 }, { errorMode: 'silent' }),
    enabled: op === 'merge' && !!lot,
  });

  const run = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const v = form.getFieldsValue();
    setBusy(true);
    try {
      const lotId = lot?.id as number;
      switch (op) {
        case 'create':
          await lots.create(v, { errorMode: 'silent' });
          break;
        case 'deposit':
          await lots.deposit({ lotId, quantity: v.quantity, reason: v.reason }, { errorMode: 'silent' });
          break;
        case 'withdraw':
          await lots.withdraw({ lotId, quantity: v.quantity, reason: v.reason }, { errorMode: 'silent' });
          break;
        case 'discard':
          await lots.discard({ lotId, quantity: v.quantity, reason: v.reason }, { errorMode: 'silent' });
          break;
        case 'adjust':
          await lots.adjust({ lotId, balance: v.balance, reason: v.reason }, { errorMode: 'silent' });
          break;
        case 'transfer':
          await lots.transfer({ lotId, placeId: v.placeId, reason: v.reason }, { errorMode: 'silent' });
          break;
        case 'split':
          await lots.split({ lotId, quantity: v.quantity, placeId: v.placeId, lotNo: v.lotNo, reason: v.reason }, { errorMode: 'silent' });
          break;
        case 'merge':
          await lots.merge({ targetLotId: lotId, sourceLotIds: v.sourceLotIds, reason: v.reason }, { errorMode: 'silent' });
          break;
        case 'cart':
          await onCart!(lot!, v.quantity);
          break;
      }
      void message.success(t(`germ.lotOps.done.${op}`));
      onDone();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const quantity = (max?: number) => (
    <Form.Item name="quantity" label={t('germ.lot.quantity')} rules={[{ required: true, message: t('germ.lotOps.quantityRequired') }]}>
      <InputNumber
        min={0.001}
        max={max}
        step={1}
        precision={3}
        style={{ width: 200 }}
        suffix={lot ? t(`germ.units.${lot.unit}`) : undefined}
        data-testid="op-quantity"
      />
    </Form.Item>
  );
  const reason = (required = false) => (
    <Form.Item
      name="reason"
      label={t('germ.lotOps.reason')}
      rules={required ? [{ required: true, whitespace: true, message: t('germ.lotOps.reasonRequired') }] : []}
    >
      <Input maxLength={200} data-testid="op-reason" />
    </Form.Item>
  );

  return (
    <Modal
      open={!!op}
      title={op ? t(`germ.lotOps.${op}`) : ''}
      onCancel={onClose}
      onOk={run}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      width={560}
      forceRender
      destroyOnHidden
    >
      {lot && op !== 'create' && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('germ.lot.lotNo')}>{lot.lotNo}</Descriptions.Item>
          <Descriptions.Item label={t('germ.lot.balance')}>
            <Qty value={lot.quantity} unit={lot.unit} />
          </Descriptions.Item>
          <Descriptions.Item label={t('germ.germplasm.name')}>{`${lot.accessionNo} ${lot.germplasmName}`}</Descriptions.Item>
          <Descriptions.Item label={t('germ.lot.place')}>{lot.placePath}</Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} layout="vertical" data-testid="lot-op-form">
        {op === 'create' && (
          <>
            <Form.Item name="germplasmId" label={t('germ.lot.germplasm')} rules={[{ required: true, message: t('germ.lotOps.germplasmRequired') }]}>
              <RemoteSelect
                fetch={async (k) =>
                  (await api.germ.germplasm.options({ keyword: k || undefined }, { errorMode: 'silent' })).map((o) => ({
                    value: o.id,
                    label: `${o.accessionNo} ${o.name}`,
                  }))
                }
              />
            </Form.Item>
            <Form.Item name="placeId" label={t('germ.lot.place')} rules={[{ required: true, message: t('germ.place.choose') }]}>
              <PlaceSelect />
            </Form.Item>
            <Form.Item name="unit" label={t('germ.lot.unit')}>
              <Select style={{ width: 160 }} options={LOT_UNITS.map((u) => ({ value: u, label: t(`germ.units.${u}`) }))} />
            </Form.Item>
            <Form.Item name="quantity" label={t('germ.lot.openingQuantity')}>
              <InputNumber min={0} precision={3} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="harvestYear" label={t('germ.lot.harvestYear')}>
              <InputNumber min={1900} max={2200} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="seedSource" label={t('germ.lot.seedSource')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="lotNo" label={t('germ.lot.lotNo')} extra={t('germ.lot.lotNoHelp')}>
              <Input maxLength={40} />
            </Form.Item>
          </>
        )}
        {(op === 'deposit' || op === 'cart') && quantity(op === 'cart' ? lot?.quantity : undefined)}
        {(op === 'withdraw' || op === 'discard') && quantity(lot?.quantity)}
        {op === 'split' && quantity(lot?.quantity)}
        {op === 'adjust' && (
          <Form.Item name="balance" label={t('germ.lotOps.counted')} rules={[{ required: true, message: t('germ.lotOps.quantityRequired') }]}>
            <InputNumber min={0} precision={3} style={{ width: 200 }} suffix={lot ? t(`germ.units.${lot.unit}`) : undefined} />
          </Form.Item>
        )}
        {(op === 'transfer' || op === 'split') && (
          <Form.Item
            name="placeId"
            label={t(op === 'transfer' ? 'germ.lotOps.toPlace' : 'germ.lotOps.newPlace')}
            rules={op === 'transfer' ? [{ required: true, message: t('germ.place.choose') }] : []}
          >
            <PlaceSelect />
          </Form.Item>
        )}
        {op === 'split' && (
          <Form.Item name="lotNo" label={t('germ.lotOps.newLotNo')} extra={t('germ.lot.lotNoHelp')}>
            <Input maxLength={40} />
          </Form.Item>
        )}
        {op === 'merge' && (
          <Form.Item name="sourceLotIds" label={t('germ.lotOps.mergeFrom')} rules={[{ required: true, message: t('germ.lotOps.mergeRequired') }]}>
            <Select
              mode="multiple"
              loading={siblings.isLoading}
              options={(siblings.data?.rows ?? [])
                .filter((l) => l.id !== lot?.id && l.unit === lot?.unit)
                .map((l) => ({ value: l.id, label: `${l.lotNo} · ${l.quantity} ${t(`germ.units.${l.unit}`)} · ${l.placePath}` }))}
            />
          </Form.Item>
        )}
        {op && op !== 'create' && op !== 'cart' && reason(op === 'discard' || op === 'adjust')}
      </Form>
    </Modal>
  );
}
