import { useState } from 'react';
import { App, Button, Form, Modal, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActivityRow } from '@breedwise/contracts/nursery';
import { api as doeApi } from '../../../doe';
import { api } from '../../api';
import { EntryImport } from './EntryImport';

/** The entries toolbar's other actions: entries from a DOE entry group (nursery or experiment group), and the entries as xlsx. */
export function EntryMoreActions({
  activity,
  canAdd,
  params,
  onAdded,
}: {
  activity: ActivityRow;
  canAdd: boolean;
  /** The table's keyword and filters: the export writes what the table shows. */
  params: { keyword?: string; filters?: string };
  onAdded(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const groups = useQuery({
    queryKey: [...doeApi.doe.entryGroup.page.key, 'nursery-options'],
    queryFn: () => doeApi.doe.entryGroup.page({ pageSize: 200 }),
    enabled: adding,
  });
  const add = async () => {
    if (!groupId) return;
    const { updated } = await api.nursery.entry.fromGroup({ activityId: activity.id, entryGroupId: groupId }, { errorMode: 'modal' });
    void message.success(t('nursery.entry.added', { count: updated }));
    setAdding(false);
    setGroupId(null);
    await onAdded();
  };
  const download = async () => {
    setExporting(true);
    try {
      await api.nursery.entry.export({ activityId: activity.id, ...params }, { fileName: `${activity.code}.xlsx` });
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      {canAdd && (
        <Button onClick={() => setAdding(true)} data-testid="entry-from-group">
          {t('nursery.entry.fromGroup')}
        </Button>
      )}
      {canAdd && (
        <EntryImport
          activityId={activity.id}
          onImported={async (count) => {
            void message.success(t('nursery.entry.added', { count }));
            await onAdded();
          }}
        />
      )}
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={download} data-testid="entry-export">
        {t('nursery.entry.export')}
      </Button>
      <Modal
        open={adding}
        title={t('nursery.entry.fromGroup')}
        onCancel={() => setAdding(false)}
        onOk={add}
        okButtonProps={{ disabled: !groupId, 'data-testid': 'entry-from-group-ok' } as never}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('nursery.entry.entryGroup')} required extra={t('nursery.entry.entryGroupHelp')}>
            <Select
              showSearch
              optionFilterProp="label"
              value={groupId ?? undefined}
              onChange={setGroupId}
              loading={groups.isLoading}
              data-testid="entry-group-select"
              options={(groups.data?.rows ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
