import { useEffect, useState } from 'react';
import { Alert, App, Button, Flex, Input, Modal, Radio, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GERMPLASM_TYPES, germplasmTypeLabels, type GermplasmType } from '@breedwise/contracts/germ';
import { MAX_BANK_ENTRIES, splitAccessionList, type AccessionReport, type BankAccessionRow } from '@breedwise/contracts/doe';
import { currentLocale } from '../../../../lib/i18n';
import { api } from '../../api';

const bank = api.doe.experimentBank;

interface Picked {
  row: BankAccessionRow;
  check: boolean;
}

interface Props {
  open: boolean;
  experimentId: number;
  /** The experiment has entries already: offer to append or to replace them. */
  hasEntries: boolean;
  onClose(): void;
  onAdded(count: number): void | Promise<void>;
}

/**
 * Entries straight from the germplasm bank: accessions picked in a searchable table, or a pasted list of
 * accession numbers checked against the bank (unknown and repeated numbers reported before anything is
 * added). The picked accessions, checks switched per line, are added in one call.
 */
export function BankEntriesModal({ open, experimentId, hasEntries, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const [tab, setTab] = useState<'pick' | 'paste'>('pick');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<GermplasmType | undefined>();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [picked, setPicked] = useState<Picked[]>([]);
  const [text, setText] = useState('');
  const [report, setReport] = useState<AccessionReport | null>(null);
  const [checking, setChecking] = useState(false);
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [saving, setSaving] = useState(false);

  // Every opening starts afresh (a cancelled pick leaves nothing behind).
  useEffect(() => {
    if (!open) return;
    setTab('pick');
    setKeyword('');
    setType(undefined);
    setPaging({ pageNum: 1, pageSize: 10 });
    setPicked([]);
    setText('');
    setReport(null);
    setMode('append');
  }, [open]);

  const page = useQuery({
    queryKey: [...bank.page.key, experimentId, keyword, type, paging],
    queryFn: () => bank.page({ experimentId, keyword: keyword || undefined, type, ...paging }),
    enabled: open,
  });

  const typeLabel = (v: GermplasmType) => germplasmTypeLabels[v][locale];
  const pick = (rows: BankAccessionRow[]) =>
    setPicked((cur) => [...cur, ...rows.filter((r) => !r.inExperiment && !cur.some((p) => p.row.id === r.id)).map((row) => ({ row, check: false }))]);
  const unpick = (ids: number[]) => setPicked((cur) => cur.filter((p) => !ids.includes(p.row.id)));

  const checkList = async () => {
    setChecking(true);
    try {
      const r = await bank.check({ id: experimentId, accessionList: text }, { errorMode: 'modal' });
      setReport(r);
      pick(r.found);
    } finally {
      setChecking(false);
    }
  };

  const add = async () => {
    setSaving(true);
    try {
      const rows = await bank.add(
        { id: experimentId, addMode: mode, accessions: picked.map((p) => ({ germplasmId: p.row.id, type: p.check ? 'check' : 'test' })) },
        { errorMode: 'modal' },
      );
      void message.success(t('doe.bank.added', { n: picked.length }));
      // The picker marks entries of the experiment: what it showed is out of date.
      await queryClient.invalidateQueries({ queryKey: bank.$key });
      await onAdded(rows.length);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const pasted = splitAccessionList(text).length;
  const skipped = report?.found.filter((r) => r.inExperiment) ?? [];

  return (
    <Modal
      open={open}
      title={t('doe.bank.title')}
      width={980}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" wrap gap={8}>
          {hasEntries ? (
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value as 'append' | 'replace')}
              options={[
                { value: 'append', label: t('doe.bank.append') },
                { value: 'replace', label: t('doe.bank.replace') },
              ]}
              data-testid="bank-mode"
            />
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              disabled={!picked.length || picked.length > MAX_BANK_ENTRIES}
              loading={saving}
              onClick={() => void add()}
              data-testid="bank-add"
            >
              {t('doe.bank.add', { n: picked.length })}
            </Button>
          </Space>
        </Flex>
      }
    >
      <div data-testid="bank-entries">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'pick' | 'paste')}
          items={[
            {
              key: 'pick',
              label: t('doe.bank.pick'),
              children: (
                <>
                  <Space wrap style={{ marginBottom: 8 }}>
                    <Input.Search
                      allowClear
                      placeholder={t('doe.bank.keyword')}
                      style={{ width: 300 }}
                      onSearch={(v) => {
                        setKeyword(v.trim());
                        setPaging((p) => ({ ...p, pageNum: 1 }));
                      }}
                      data-testid="bank-keyword"
                    />
                    <Select<GermplasmType>
                      allowClear
                      placeholder={t('doe.bank.type')}
                      style={{ width: 180 }}
                      value={type}
                      onChange={(v) => {
                        setType(v);
                        setPaging((p) => ({ ...p, pageNum: 1 }));
                      }}
                      options={GERMPLASM_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))}
                    />
                  </Space>
                  <Table<BankAccessionRow>
                    size="small"
                    rowKey="id"
                    loading={page.isFetching}
                    dataSource={page.data?.rows ?? []}
                    data-testid="bank-table"
                    scroll={{ x: 760 }}
                    pagination={{
                      current: paging.pageNum,
                      pageSize: paging.pageSize,
                      total: page.data?.total ?? 0,
                      showSizeChanger: true,
                      pageSizeOptions: [10, 20, 50, 100],
                      showTotal: (total) => t('common.total', { total }),
                      onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
                    }}
                    rowSelection={{
                      selectedRowKeys: picked.map((p) => p.row.id),
                      preserveSelectedRowKeys: true,
                      getCheckboxProps: (r) => ({ disabled: r.inExperiment }),
                      onSelect: (r, selected) => (selected ? pick([r]) : unpick([r.id])),
                      onSelectAll: (selected, _rows, changed) => (selected ? pick(changed) : unpick(changed.map((r) => r.id))),
                    }}
                    columns={[
                      { title: t('doe.bank.accessionNo'), dataIndex: 'accessionNo', width: 130, fixed: 'left' },
                      {
                        title: t('doe.entries.name'),
                        dataIndex: 'name',
                        width: 200,
                        ellipsis: true,
                        render: (v: string, r) => (
                          <Space size={4}>
                            {v}
                            {r.inExperiment && <Tag>{t('doe.bank.inExperiment')}</Tag>}
                          </Space>
                        ),
                      },
                      { title: t('doe.bank.type'), dataIndex: 'type', width: 110, render: (v: GermplasmType) => typeLabel(v) },
                      { title: t('doe.entries.generation'), dataIndex: 'generation', width: 90 },
                      { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', ellipsis: true },
                      { title: t('doe.bank.origin'), dataIndex: 'origin', width: 120, ellipsis: true },
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'paste',
              label: t('doe.bank.paste'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('doe.bank.pasteHint')}</Typography.Paragraph>
                  <Input.TextArea
                    rows={4}
                    value={text}
                    onChange={(e) => {
                      setText(e.target.value);
                      setReport(null);
                    }}
                    placeholder={'ZM00001\nZM00002, ZM00003'}
                    data-testid="bank-paste"
                  />
                  <Space style={{ marginTop: 8 }} wrap>
                    <Button onClick={() => void checkList()} disabled={!pasted} loading={checking} data-testid="bank-check">
                      {t('doe.bank.check')}
                    </Button>
                    <Typography.Text type="secondary">{t('doe.bank.read', { n: pasted })}</Typography.Text>
                  </Space>
                  {report && (
                    <div data-testid="bank-report" style={{ marginTop: 12 }}>
                      <Alert
                        type={report.unknown.length || report.duplicates.length ? 'warning' : 'success'}
                        showIcon
                        title={t('doe.bank.reportSummary', {
                          total: report.total,
                          found: report.found.length,
                          unknown: report.unknown.length,
                          duplicates: report.duplicates.length,
                        })}
                      />
                      {report.unknown.length > 0 && (
                        <div style={{ marginTop: 8 }} data-testid="bank-unknown">
                          <Typography.Text strong>{t('doe.bank.unknown')}</Typography.Text>{' '}
                          {report.unknown.map((n) => (
                            <Tag color="red" key={n}>
                              {n}
                            </Tag>
                          ))}
                        </div>
                      )}
                      {report.duplicates.length > 0 && (
                        <div style={{ marginTop: 8 }} data-testid="bank-duplicates">
                          <Typography.Text strong>{t('doe.bank.duplicates')}</Typography.Text>{' '}
                          {report.duplicates.map((d) => (
                            <Tag color="orange" key={d.accessionNo}>
                              {t('doe.bank.times', { no: d.accessionNo, n: d.count })}
                            </Tag>
                          ))}
                        </div>
                      )}
                      {skipped.length > 0 && (
                        <div style={{ marginTop: 8 }} data-testid="bank-skipped">
                          <Typography.Text strong>{t('doe.bank.skipped')}</Typography.Text>{' '}
                          {skipped.map((r) => (
                            <Tag key={r.id}>{r.accessionNo}</Tag>
                          ))}
                        </div>
                      )}
                    </div>
                  )}
                </>
              ),
            },
          ]}
        />
        <Typography.Title level={5} style={{ marginTop: 8 }}>
          {t('doe.bank.picked', { n: picked.length, checks: picked.filter((p) => p.check).length })}
        </Typography.Title>
        <Table<Picked>
          size="small"
          rowKey={(p) => p.row.id}
          dataSource={picked}
          data-testid="bank-picked"
          pagination={{ pageSize: 5, size: 'small', hideOnSinglePage: true }}
          locale={{ emptyText: t('doe.bank.nonePicked') }}
          columns={[
            { title: '#', width: 56, render: (_v, _r, i) => i + 1 },
            { title: t('doe.bank.accessionNo'), width: 140, render: (_v, p) => p.row.accessionNo },
            { title: t('doe.entries.name'), ellipsis: true, render: (_v, p) => p.row.name },
            {
              title: t('doe.entries.check'),
              width: 130,
              render: (_v, p) => (
                <Switch
                  size="small"
                  checked={p.check}
                  checkedChildren={t('doe.entries.checkYes')}
                  unCheckedChildren={t('doe.entries.checkNo')}
                  onChange={(check) => setPicked((cur) => cur.map((x) => (x.row.id === p.row.id ? { ...x, check } : x)))}
                  data-testid={`bank-check-${p.row.accessionNo}`}
                />
              ),
            },
            {
              title: t('common.actions'),
              width: 80,
              render: (_v, p) => (
                <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => unpick([p.row.id])} />
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
