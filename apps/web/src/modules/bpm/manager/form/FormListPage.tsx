import { useMemo, useState } from 'react';
import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { bpmPermissions as P, type FormRow } from '@breedwise/contracts/bpm';
import { DataTable } from '../../../../components/data-table/DataTable';
import { usePermission } from '../../../../lib/permissions';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { bpmPaths } from '../../paths';

/** Workflow forms: the list; new and edit open the designer. */
export default function FormListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const canCreate = usePermission(P.formCreate);
  const canUpdate = usePermission(P.formUpdate);
  const canDelete = usePermission(P.formDelete);
  const columns = useMemo<ColumnsType<FormRow>>(
    () => [
      { title: t('bpm.form.name'), dataIndex: 'name', key: 'name', sorter: true, fixed: 'left', width: 220 },
      { title: t('bpm.form.key'), dataIndex: 'key', key: 'key', sorter: true, width: 170, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
      { title: t('bpm.form.fieldCount'), dataIndex: 'fieldCount', key: 'fieldCount', width: 90, align: 'right' },
      { title: t('bpm.form.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
      {
        title: t('common.updatedAt'),
        dataIndex: 'updatedAt',
        key: 'updatedAt',
        sorter: true,
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 150,
        render: (_, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => navigate(bpmPaths.formEdit(r.id))} data-testid="form-edit">
              {canUpdate ? t('bpm.form.design') : t('common.view')}
            </Button>
            {canDelete && (
              <Popconfirm
                title={t('common.deleteConfirm', { name: r.name })}
                onConfirm={async () => {
                  await api.bpm.form.delete({ id: r.id });
                  await queryClient.invalidateQueries({ queryKey: api.bpm.form.$key });
                }}
              >
                <Button type="link" size="small" danger data-testid="form-delete">
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
    [t, navigate, canUpdate, canDelete],
  );
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  return (
    <div className="bw-page">
      <Card title={t('bpm.form.title')} variant="borderless">
        <DataTable<FormRow>
          testId="bpm-form-table"
          tableName="bpm.forms"
          endpoint={api.bpm.form.page}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              <Input.Search allowClear placeholder={t('bpm.form.keyword')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
              {canCreate && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(bpmPaths.formEdit(null))} data-testid="form-add">
                  {t('bpm.form.add')}
                </Button>
              )}
            </>
          }
        />
      </Card>
    </div>
  );
}
