import { useEffect, useState } from 'react';
import { App, Button, Modal, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberRow } from '@breedwise/contracts/doe';
import { UserSelect } from './UserSelect';

interface Props {
  open: boolean;
  title: string;
  source: 'team' | 'project';
  load(): Promise<MemberRow[]>;
  save(members: { userId: number; role: 'leader' | 'member' }[]): Promise<unknown>;
  editable: boolean;
  onClose(): void;
}

/** Members of a team or project: add users of the organisation, choose their role, remove. */
export function MembersModal({ open, title, source, load, save, editable, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<MemberRow[]>([]);
  const [adding, setAdding] = useState<number | undefined>();
  const [names, setNames] = useState<Record<number, string>>({});
  useEffect(() => {
    if (open) void load().then(setRows);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const add = () => {
    if (!adding || rows.some((r) => r.userId === adding)) return;
    setRows([...rows, { userId: adding, username: names[adding] ?? String(adding), nickName: null, role: 'member', joinedAt: new Date().toISOString() }]);
    setAdding(undefined);
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      width={640}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !editable }}
      onOk={async () => {
        await save(rows.map((r) => ({ userId: r.userId, role: r.role })));
        void message.success(t('doe.members.saved'));
        onClose();
      }}
    >
      {editable && (
        <Space style={{ marginBottom: 12 }}>
          <UserSelect
            source={source}
            style={{ width: 280 }}
            value={adding}
            onChange={(v, o) => {
              setAdding(v as number);
              const opt = o as { label?: string } | undefined;
              if (opt?.label) setNames((n) => ({ ...n, [v as number]: opt.label! }));
            }}
          />
          <Button onClick={add} disabled={!adding}>
            {t('doe.members.add')}
          </Button>
        </Space>
      )}
      <Table<MemberRow>
        size="small"
        rowKey="userId"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('doe.members.user'), key: 'u', render: (_, r) => (r.nickName ? `${r.nickName} (${r.username})` : r.username) },
          {
            title: t('doe.members.role'),
            dataIndex: 'role',
            width: 140,
            render: (v: 'leader' | 'member', r) => (
              <Select<'leader' | 'member'>
                size="small"
                value={v}
                disabled={!editable}
                style={{ width: 110 }}
                onChange={(role: 'leader' | 'member') => setRows(rows.map((x) => (x.userId === r.userId ? { ...x, role } : x)))}
                options={[
                  { value: 'leader', label: t('doe.members.leader') },
                  { value: 'member', label: t('doe.members.member') },
                ]}
              />
            ),
          },
          {
            title: '',
            key: 'x',
            width: 80,
            render: (_, r) =>
              editable && (
                <Button type="link" size="small" danger onClick={() => setRows(rows.filter((x) => x.userId !== r.userId))}>
                  {t('common.delete')}
                </Button>
              ),
          },
        ]}
      />
    </Modal>
  );
}
