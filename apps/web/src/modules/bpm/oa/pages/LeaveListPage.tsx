import { useMemo } from 'react';
import { Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { LeaveRow } from '@breedwise/contracts/bpm';
import { DataTable } from '../../../../components/data-table/DataTable';
import { api } from '../../api';
import { InstanceStatusTag } from '../../components/StatusTags';

/** The caller's leave requests, newest first; a new request opens its form. */
export default function LeaveListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo<ColumnsType<LeaveRow>>(
    () => [
      {
        title: t('bpm.leave.type'),
        dataIndex: 'type',
        key: 'type',
        fixed: 'left',
        width: 120,
        render: (v: string, r) => <Typography.Link onClick={() => navigate(`/bpm/oa/leave/detail/${r.id}`)}>{t(`bpm.leave.types.${v}`)}</Typography.Link>,
      },
      { title: t('bpm.leave.startDate'), dataIndex: 'startDate', key: 'startDate', sorter: true, width: 120 },
      { title: t('bpm.leave.endDate'), dataIndex: 'endDate', key: 'endDate', width: 120 },
      { title: t('bpm.leave.days'), dataIndex: 'days', key: 'days', width: 70, align: 'right' },
      { title: t('bpm.leave.reason'), dataIndex: 'reason', key: 'reason', ellipsis: true },
      { title: t('common.status'), dataIndex: 'status', key: 'status', width: 100, render: (v: LeaveRow['status']) => <InstanceStatusTag status={v} /> },
      {
        title: t('common.createdAt'),
        dataIndex: 'createdAt',
        key: 'createdAt',
        sorter: true,
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
    ],
    [t, navigate],
  );
  return (
    <div className="bw-page">
      <Card title={t('bpm.leave.title')} variant="borderless">
        <DataTable<LeaveRow>
          testId="bpm-leave-table"
          tableName="bpm.leave"
          endpoint={api.bpm.leave.page}
          columns={columns}
          rowKey="id"
          toolbar={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/bpm/oa/leave/create')} data-testid="leave-add">
              {t('bpm.leave.add')}
            </Button>
          }
        />
      </Card>
    </div>
  );
}
