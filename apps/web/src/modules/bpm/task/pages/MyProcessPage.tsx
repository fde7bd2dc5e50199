import { useMemo, useState } from 'react';
import { App, Button, Card, Input, Modal, Segmented, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { INSTANCE_STATUSES, bpmPermissions, type InstanceRow, type InstanceStatus } from '@breedwise/contracts/bpm';
import { PlusOutlined } from '@ant-design/icons';
import { usePermission } from '../../../../lib/permissions';
import { DataTable } from '../../../../components/data-table/DataTable';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { bpmPaths, todoCountKey } from '../../paths';
import { InstanceStatusTag, useBusinessTypeLabel } from '../../components/StatusTags';

/** The processes the caller started: status filter, open, cancel with a reason. */
export default function MyProcessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const typeLabel = useBusinessTypeLabel();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<InstanceStatus | 'all'>('all');
  const [cancelling, setCancelling] = useState<InstanceRow | null>(null);
  const [reason, setReason] = useState('');
  const canStart = usePermission(bpmPermissions.instanceCreate);
  const columns = useMemo<ColumnsType<InstanceRow>>(
    () => [
      {
        title: t('bpm.instance.name'),
        dataIndex: 'name',
        key: 'name',
        fixed: 'left',
        width: 200,
        render: (v: string, r) => <Typography.Link onClick={() => navigate(bpmPaths.instance(r.id))}>{v}</Typography.Link>,
      },
      { title: t('bpm.definition.version'), dataIndex: 'version', key: 'version', width: 70, render: (v: number) => `v${v}` },
      { title: t('bpm.businessType'), dataIndex: 'businessType', key: 'businessType', width: 120, render: (v: string | null) => typeLabel(v) },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        width: 90,
        render: (v: InstanceStatus) => <InstanceStatusTag status={v} />,
      },
      { title: t('bpm.instance.current'), dataIndex: 'currentTasks', key: 'currentTasks', width: 160, render: (v: string[]) => v.join(', ') || '—' },
      {
        title: t('bpm.instance.startedAt'),
        dataIndex: 'startedAt',
        key: 'startedAt',
        sorter: true,
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('bpm.instance.endedAt'),
        dataIndex: 'endedAt',
        key: 'endedAt',
        sorter: true,
        width: 140,
        render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 130,
        render: (_, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => navigate(bpmPaths.instance(r.id))}>
              {t('common.view')}
            </Button>
            {r.status === 'running' && (
              <Button type="link" size="small" danger onClick={() => setCancelling(r)}>
                {t('bpm.instance.cancel')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, navigate, typeLabel],
  );
  const params = useMemo(() => ({ keyword: keyword || undefined, status: status === 'all' ? undefined : status }), [keyword, status]);
  const cancel = async () => {
    await api.bpm.instance.cancel({ id: cancelling!.id, reason });
    void message.success(t('bpm.instance.cancelled'));
    setCancelling(null);
    setReason('');
    await Promise.all([api.bpm.instance.$key, todoCountKey].map((k) => queryClient.invalidateQueries({ queryKey: k })));
  };
  return (
    <div className="bw-page">
      <Card title={t('bpm.instance.myTitle')} variant="borderless">
        <DataTable<InstanceRow>
          testId="bpm-my-table"
          tableName="bpm.my"
          endpoint={api.bpm.instance.myPage}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              {canStart && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(bpmPaths.start())} data-testid="start-process">
                  {t('bpm.start.title')}
                </Button>
              )}
              <Input.Search allowClear placeholder={t('bpm.instance.keyword')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
              <Segmented
                value={status}
                onChange={(v) => setStatus(v as InstanceStatus | 'all')}
                options={[{ value: 'all', label: t('common.all') }, ...INSTANCE_STATUSES.map((s) => ({ value: s, label: t(`bpm.instanceStatus.${s}`) }))]}
              />
            </>
          }
        />
      </Card>
      <Modal
        open={!!cancelling}
        title={t('bpm.instance.cancelTitle', { name: cancelling?.name ?? '' })}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        onOk={() => void cancel()}
        onCancel={() => setCancelling(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('bpm.instance.cancelHelp')}</Typography.Paragraph>
        <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('bpm.instance.reason')} />
      </Modal>
    </div>
  );
}
