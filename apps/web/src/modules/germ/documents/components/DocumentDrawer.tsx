import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Input, Modal, Popconfirm, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DocAction, DocDetail, DocKind, DocLineRow } from '@breedwise/contracts/germ';
import { api } from '../../api';
import { DocStatusTag } from './DocStatusTag';
import { Qty } from '../../components/StockText';

interface Props {
  kind: DocKind;
  id: number | null;
  onClose(): void;
  onEdit(doc: DocDetail): void;
  onChanged(): void;
}

/** One document: header, lines, history, and the transitions the caller may take now. */
export function DocumentDrawer({ kind, id, onClose, onEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const docs = api.germ[kind];
  const { data: doc, isLoading, refetch } = useQuery({ queryKey: [...docs.detail.key, id], queryFn: () => docs.detail({ id: id! }), enabled: id !== null });
  const [asking, setAsking] = useState<DocAction | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  const act = async (action: DocAction, note?: string) => {
    setBusy(true);
    try {
      if (action === 'approve' || action === 'reject') await docs.audit({ id: id!, action, comment: note });
      else await docs.status({ id: id!, action, comment: note });
      void message.success(t(`germ.docActions.done.${action}`));
      setAsking(null);
      setComment('');
      await refetch();
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  const qtyCols =
    kind === 'stocktaking'
      ? [
          {
            title: t('germ.doc.booked'),
            dataIndex: 'bookedQuantity',
            width: 110,
            align: 'right' as const,
            render: (v: number, r: DocLineRow) => <Qty value={v} unit={r.unit} />,
          },
          {
            title: t('germ.doc.counted'),
            dataIndex: 'countedQuantity',
            width: 110,
            align: 'right' as const,
            render: (v: number, r: DocLineRow) => <Qty value={v} unit={r.unit} />,
          },
          {
            title: t('germ.doc.difference'),
            dataIndex: 'difference',
            width: 110,
            align: 'right' as const,
            render: (v: number, r: DocLineRow) => (
              <Typography.Text type={v < 0 ? 'danger' : v > 0 ? 'success' : 'secondary'}>
                {v > 0 ? '+' : ''}
                <Qty value={v} unit={r.unit} />
              </Typography.Text>
            ),
          },
        ]
      : [
          {
            title: t(`germ.doc.quantityOf.${kind}`),
            dataIndex: 'quantity',
            width: 120,
            align: 'right' as const,
            render: (v: number, r: DocLineRow) => <Qty value={v} unit={r.unit} />,
          },
        ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={1040}
      destroyOnHidden
      title={
        doc ? (
          <Space>
            {doc.docNo}
            <DocStatusTag status={doc.status} />
          </Space>
        ) : (
          ''
        )
      }
      extra={
        doc && (
          <Space data-testid="doc-actions">
            {doc.status === 'draft' && doc.actions.includes('submit') && <Button onClick={() => onEdit(doc)}>{t('common.edit')}</Button>}
            {doc.status === 'draft' && doc.actions.includes('submit') && (
              <Popconfirm
                title={t('common.deleteConfirm', { name: doc.docNo })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={async () => {
                  await docs.remove({ id: doc.id });
                  onChanged();
                  onClose();
                }}
              >
                <Button danger>{t('common.delete')}</Button>
              </Popconfirm>
            )}
            {doc.actions.map((a) => (
              <Button
                key={a}
                type={a === 'approve' || a === 'submit' ? 'primary' : 'default'}
                danger={a === 'reject'}
                loading={busy}
                onClick={() => (a === 'approve' || a === 'reject' ? setAsking(a as DocAction) : act(a as DocAction))}
                data-testid={`doc-${a}`}
              >
                {t(`germ.docActions.${a}`)}
              </Button>
            ))}
          </Space>
        )
      }
    >
      {isLoading || !doc ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('germ.doc.title')}>{doc.title ?? '—'}</Descriptions.Item>
            {kind === 'outbound' && <Descriptions.Item label={t('germ.doc.recipient')}>{doc.recipient ?? '—'}</Descriptions.Item>}
            {kind === 'outbound' && <Descriptions.Item label={t('germ.doc.purpose')}>{doc.purpose ?? '—'}</Descriptions.Item>}
            {kind === 'stocktaking' && <Descriptions.Item label={t('germ.doc.scope')}>{doc.placePath ?? '—'}</Descriptions.Item>}
            <Descriptions.Item label={t('common.createdBy')}>{doc.createdBy}</Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>{dayjs(doc.createdAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
            <Descriptions.Item label={t('germ.doc.reviewedBy')}>
              {doc.reviewedBy ? `${doc.reviewedBy} · ${dayjs(doc.reviewedAt).format('YYYY-MM-DD HH:mm')}` : '—'}
            </Descriptions.Item>
            {doc.reviewComment && (
              <Descriptions.Item label={t('germ.doc.reviewComment')} span={2}>
                {doc.reviewComment}
              </Descriptions.Item>
            )}
            {doc.remark && (
              <Descriptions.Item label={t('germ.doc.remark')} span={2}>
                {doc.remark}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Table<DocLineRow>
            data-testid="doc-lines"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={doc.lines}
            scroll={{ x: 900 }}
            columns={[
              { title: '#', key: 'n', width: 40, render: (_, __, i) => i + 1 },
              { title: t('germ.lot.lotNo'), dataIndex: 'lotNo', width: 130, render: (v: string | null) => v ?? <Tag>{t('germ.doc.newLot')}</Tag> },
              { title: t('germ.germplasm.name'), key: 'g', width: 200, ellipsis: true, render: (_, r) => `${r.accessionNo} ${r.germplasmName}` },
              { title: t('germ.lot.place'), dataIndex: 'placePath', width: 200, ellipsis: true },
              ...qtyCols,
              {
                title: t('germ.doc.currentBalance'),
                dataIndex: 'currentBalance',
                width: 110,
                align: 'right',
                render: (v: number | null, r) => <Qty value={v} unit={r.unit} />,
              },
              { title: t('germ.doc.lineRemark'), dataIndex: 'remark', ellipsis: true },
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('germ.doc.history')}</Typography.Title>
            <Timeline
              items={doc.events.map((e) => ({
                color: e.action === 'approve' ? 'green' : e.action === 'reject' ? 'red' : 'blue',
                children: (
                  <span>
                    {`${dayjs(e.at).format('YYYY-MM-DD HH:mm')} · ${e.by ?? ''} · ${t(`germ.docActions.${e.action}`)}`}
                    {e.comment ? ` — ${e.comment}` : ''}
                  </span>
                ),
              }))}
            />
          </div>
        </Space>
      )}
      <Modal
        open={!!asking}
        title={asking ? t(`germ.docActions.${asking}`) : ''}
        onCancel={() => setAsking(null)}
        onOk={() => act(asking!, comment || undefined)}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        okButtonProps={{ danger: asking === 'reject' }}
      >
        {asking === 'approve' && <Typography.Paragraph>{t(`germ.doc.approveEffect.${kind}`)}</Typography.Paragraph>}
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={t('germ.doc.commentPlaceholder')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          data-testid="doc-comment"
        />
      </Modal>
    </Drawer>
  );
}
