import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { DatabaseOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExperimentEntryInput, ExperimentEntryRow } from '@breedwise/contracts/doe';
import { api } from '../../api';
import { GermListSelect } from '../../germlist/components/GermListSelect';
import { BankEntriesModal } from './BankEntriesModal';

const experiment = api.doe.experiment;
const toInput = ({ listEntryId: _listEntryId, accessionNo: _accessionNo, ...entry }: ExperimentEntryRow): ExperimentEntryInput => entry;

/** The experiment's entries: taken from the germplasm bank or a planting list, or generated; checks (core controls) switched per entry. */
export function EntriesPanel({ experimentId, editable }: { experimentId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data = [], isLoading } = useQuery({ queryKey: [...experiment.entries.key, experimentId], queryFn: () => experiment.entries({ id: experimentId }) });
  const [fromList, setFromList] = useState(false);
  const [fromBank, setFromBank] = useState(false);
  const [generate, setGenerate] = useState(false);
  const [listId, setListId] = useState<number | undefined>();
  const [form] = Form.useForm();
  const checks = data.filter((e) => e.type === 'check').length;

  // The entries and the experiment's counts (its detail) change together.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...experiment.entries.key, experimentId] }),
      queryClient.invalidateQueries({ queryKey: [...experiment.detail.key, experimentId] }),
    ]);
  const save = async (entries: ExperimentEntryInput[]) => {
    await experiment.saveEntries({ id: experimentId, entries }, { errorMode: 'modal' });
    await refresh();
  };
  const toggle = (entry: ExperimentEntryRow, check: boolean) =>
    save(data.map((e) => (e.entryNo === entry.entryNo ? { ...toInput(e), type: check ? 'check' : 'test' } : toInput(e))));

  return (
    <div data-testid="entries-panel">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('doe.entries.summary', { total: data.length, checks })}</Typography.Text>
        {checks === 0 && data.length > 0 && <Tag color="warning">{t('doe.entries.needCheck')}</Tag>}
        {editable && (
          <Button icon={<DatabaseOutlined />} onClick={() => setFromBank(true)} data-testid="entries-from-bank">
            {t('doe.bank.open')}
          </Button>
        )}
        {editable && (
          <Button icon={<ImportOutlined />} onClick={() => setFromList(true)} data-testid="entries-from-list">
            {t('doe.entries.fromList')}
          </Button>
        )}
        {editable && (
          <Button icon={<PlusOutlined />} onClick={() => setGenerate(true)} data-testid="entries-generate">
            {t('doe.entries.generate')}
          </Button>
        )}
        {!editable && <Typography.Text type="secondary">{t('doe.entries.fixed')}</Typography.Text>}
      </Space>
      <Table<ExperimentEntryRow>
        size="small"
        rowKey="entryNo"
        loading={isLoading}
        dataSource={data}
        pagination={{ pageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100, 200] }}
        columns={[
          { title: t('doe.entries.entryNo'), dataIndex: 'entryNo', width: 90 },
          { title: t('doe.entries.name'), dataIndex: 'name' },
          { title: t('doe.bank.accessionNo'), dataIndex: 'accessionNo', width: 130 },
          {
            title: t('doe.entries.check'),
            dataIndex: 'type',
            width: 120,
            render: (v: string, r) =>
              editable ? (
                <Switch
                  size="small"
                  checked={v === 'check'}
                  onChange={(c) => void toggle(r, c)}
                  checkedChildren={t('doe.entries.checkYes')}
                  unCheckedChildren={t('doe.entries.checkNo')}
                />
              ) : v === 'check' ? (
                <Tag color="orange">{t('doe.entries.checkYes')}</Tag>
              ) : null,
          },
          { title: t('doe.entries.generation'), dataIndex: 'generation', width: 100 },
          { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', ellipsis: true },
        ]}
      />
      <BankEntriesModal
        open={fromBank}
        experimentId={experimentId}
        hasEntries={data.length > 0}
        onClose={() => setFromBank(false)}
        onAdded={async () => {
          await refresh();
        }}
      />
      <Modal
        open={fromList}
        title={t('doe.entries.fromList')}
        onCancel={() => setFromList(false)}
        afterClose={() => setListId(undefined)}
        okButtonProps={{ disabled: !listId }}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onOk={async () => {
          const rows = await experiment.entriesFromList({ id: experimentId, listId: listId! }, { errorMode: 'modal' });
          void message.success(t('doe.entries.taken', { n: rows.length }));
          setFromList(false);
          await refresh();
        }}
      >
        <Typography.Paragraph type="secondary">{t('doe.entries.fromListHint')}</Typography.Paragraph>
        <GermListSelect style={{ width: '100%' }} value={listId} onChange={(v) => setListId(v as number)} data-testid="entries-list-select" />
      </Modal>
      <Modal
        open={generate}
        title={t('doe.entries.generate')}
        onCancel={() => setGenerate(false)}
        afterClose={() => form.resetFields()}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields();
          const tests = Array.from({ length: v.tests }, (_, i) => ({
            entryNo: i + 1,
            name: `${v.prefix}${String(i + 1).padStart(String(v.tests).length, '0')}`,
            type: 'test' as const,
          }));
          const checkRows = Array.from({ length: v.checks }, (_, i) => ({
            entryNo: v.tests + i + 1,
            name: `${v.checkPrefix}${i + 1}`,
            type: 'check' as const,
          }));
          await save([...tests, ...checkRows]);
          void message.success(t('doe.entries.taken', { n: tests.length + checkRows.length }));
          setGenerate(false);
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ tests: 60, checks: 4, prefix: 'G', checkPrefix: 'CK' }} data-testid="entries-generate-form">
          <Space wrap>
            <Form.Item name="tests" label={t('doe.entries.testCount')} rules={[{ required: true }]}>
              <InputNumber min={1} max={20000} />
            </Form.Item>
            <Form.Item name="prefix" label={t('doe.entries.prefix')} rules={[{ required: true }]}>
              <Input style={{ width: 120 }} maxLength={20} />
            </Form.Item>
            <Form.Item name="checks" label={t('doe.entries.checkCount')} rules={[{ required: true }]}>
              <InputNumber min={0} max={100} />
            </Form.Item>
            <Form.Item name="checkPrefix" label={t('doe.entries.checkPrefix')} rules={[{ required: true }]}>
              <Input style={{ width: 120 }} maxLength={20} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </div>
  );
}
