import { useState } from 'react';
import { App, Button, Form, Modal, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActivityRow } from '@breedwise/contracts/nursery';
import { RemoteSelect } from '../../../../components/common/RemoteSelect';
import { api as doeApi } from '../../../doe';
import { api as germApi } from '../../../germ';
import { api } from '../../api';
import { EntryImport } from './EntryImport';

/** The entries toolbar's other actions: entries from a DOE entry group (nursery or experiment group) or from germplasm records, and the entries as xlsx. */
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
  const [picking, setPicking] = useState(false);
  const [germplasmIds, setGermplasmIds] = useState<number[]>([]);
  const fetchGermplasm = async (keyword: string) =>
    (await germApi.germ.germplasm.options({ keyword: keyword || undefined }, { errorMode: 'silent' })).map((o) => ({
      value: o.id,
      label: `${o.accessionNo} ${o.name}`,
    }));
  const addGermplasm = async () => {
    if (!germplasmIds.length) return;
    const { updated } = await api.nursery.entry.fromGermplasm({ activityId: activity.id, germplasmIds }, { errorMode: 'modal' });
    void message.success(t('nursery.entry.added', { count: updated }));
    setPicking(false);
    setGermplasmIds([]);
    await onAdded();
  };
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
        <Button onClick={() => setPicking(true)} data-testid="entry-from-germplasm">
          {t('nursery.entry.fromGermplasm')}
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
      <Modal
        open={picking}
        title={t('nursery.entry.fromGermplasm')}
        onCancel={() => setPicking(false)}
        onOk={addGermplasm}
        okButtonProps={{ disabled: !germplasmIds.length, 'data-testid': 'entry-from-germplasm-ok' } as never}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('nursery.entry.germplasm')} required extra={t('nursery.entry.germplasmHelp')}>
            <RemoteSelect
              mode="multiple"
              value={germplasmIds}
              onChange={(v: number[]) => setGermplasmIds(v)}
              fetch={fetchGermplasm}
              data-testid="entry-germplasm-select"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
