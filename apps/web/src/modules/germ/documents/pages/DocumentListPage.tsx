import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, Segmented, Space, Switch, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DOC_STATUSES, docPermissions, type DocDetail, type DocKind, type DocRow, type DocStatus } from '@breedwise/contracts/germ';
import { DataTable } from '../../../../components/data-table/DataTable';
import { queryClient } from '../../../../lib/query';
import { usePermission } from '../../../../lib/permissions';
import { usePage } from '../../../../lib/page-context';
import { api } from '../../api';
import { dashboardTodoKey } from '../../cache';
import { DocStatusTag } from '../components/DocStatusTag';
import { DocumentDrawer } from '../components/DocumentDrawer';
import { DocumentEditor } from '../components/DocumentEditor';

/** Inbound, outbound, stocktaking or scrap documents: list, draft, submit, approve or reject. */
export function DocumentListPage({ kind }: { kind: DocKind }) {
  const { t } = useTranslation();
  const P = docPermissions[kind];
  const docs = api.germ[kind];
  const [keyword, setKeyword] = useState('');
  // `?status=submitted` (the dashboard's to-do line) filters the list; `?open=<id>` (a review message) opens a document.
  const { search } = usePage();
  const wantedStatus = search.get('status');
  const wantedOpen = Number(search.get('open')) || null;
  const [status, setStatus] = useState<DocStatus | 'all'>('all');
  const [mine, setMine] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  useEffect(() => {
    if (wantedStatus && (DOC_STATUSES as readonly string[]).includes(wantedStatus)) setStatus(wantedStatus as DocStatus);
  }, [wantedStatus]);
  useEffect(() => {
    if (wantedOpen) setOpenId(wantedOpen);
  }, [wantedOpen]);
  const [editing, setEditing] = useState<DocDetail | null | undefined>(undefined);
  const canAdd = usePermission(P.add);
  const canApprove = usePermission(P.approve);
  // The documents of this kind, the lots an approval changed, and the dashboard's to-do counts.
  const refresh = () => Promise.all([docs.$key, api.germ.lot.$key, dashboardTodoKey].map((k) => queryClient.invalidateQueries({ queryKey: k })));

  const columns = useMemo<ColumnsType<DocRow>>(
    () => [
      {
        title: t('germ.doc.docNo'),
        dataIndex: 'docNo',
        key: 'docNo',
        sorter: true,
        fixed: 'left',
        width: 150,
        render: (v: string, r) => (
          <Typography.Link strong onClick={() => setOpenId(r.id)} data-testid="doc-link">
            {v}
          </Typography.Link>
        ),
      },
      { title: t('common.status'), dataIndex: 'status', key: 'status', sorter: true, width: 100, render: (v: DocStatus) => <DocStatusTag status={v} /> },
      { title: t('germ.doc.title'), dataIndex: 'title', key: 'title', width: 220, ellipsis: true },
      ...(kind === 'outbound' ? [{ title: t('germ.doc.recipient'), dataIndex: 'recipient', key: 'recipient', width: 140, ellipsis: true }] : []),
      ...(kind === 'stocktaking' ? [{ title: t('germ.doc.scope'), dataIndex: 'placePath', key: 'placePath', width: 180, ellipsis: true }] : []),
      { title: t('germ.doc.lineCount'), dataIndex: 'lineCount', key: 'lineCount', width: 80, align: 'right' },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 100 },
      {
        title: t('common.createdAt'),
        dataIndex: 'createdAt',
        key: 'createdAt',
        sorter: true,
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('germ.doc.submittedAt'),
        dataIndex: 'submittedAt',
        key: 'submittedAt',
        width: 140,
        render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
      },
      {
        title: t('germ.doc.reviewedBy'),
        key: 'reviewed',
        width: 180,
        render: (_, r) => (r.reviewedBy ? `${r.reviewedBy} · ${dayjs(r.reviewedAt).format('MM-DD HH:mm')}` : '—'),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 90,
        render: (_, r) => (
          <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
            {r.status === 'submitted' && canApprove ? t('germ.doc.review') : t('common.view')}
          </Button>
        ),
      },
    ],
    [t, kind, canApprove],
  );
  const params = useMemo(
    () => ({ keyword: keyword || undefined, status: status === 'all' ? undefined : status, mine: mine ? 'true' : undefined }),
    [keyword, status, mine],
  );

  return (
    <div className="bw-page">
      <Card title={t(`germ.doc.titles.${kind}`)} variant="borderless">
        <DataTable<DocRow>
          testId={`doc-table-${kind}`}
          tableName={`germ.${kind}`}
          params={params}
          endpoint={docs.page}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              <Input.Search allowClear placeholder={t('germ.doc.keyword')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
              <Segmented
                value={status}
                onChange={(v) => setStatus(v as DocStatus | 'all')}
                options={[{ value: 'all', label: t('common.all') }, ...DOC_STATUSES.map((s) => ({ value: s, label: t(`germ.docStatus.${s}`) }))]}
                data-testid="doc-status-filter"
              />
              <Space size={4}>
                <Switch size="small" checked={mine} onChange={setMine} />
                <Typography.Text>{t('germ.doc.mine')}</Typography.Text>
              </Space>
              {canAdd && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="doc-add">
                  {t(`germ.doc.newTitle.${kind}`)}
                </Button>
              )}
            </>
          }
        />
      </Card>
      <DocumentDrawer kind={kind} id={openId} onClose={() => setOpenId(null)} onEdit={(d) => setEditing(d)} onChanged={() => void refresh()} />
      <DocumentEditor
        kind={kind}
        open={editing !== undefined}
        doc={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(d) => {
          setEditing(undefined);
          void refresh();
          void queryClient.invalidateQueries({ queryKey: [...docs.detail.key, d.id] });
          setOpenId(d.id);
        }}
      />
    </div>
  );
}
