import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RunReportLine } from '@breedwise/contracts/etl';
import { LINE_COLOURS } from './labels';

/** A run's row report: each row's outcome and, for a refused row, the field, rule and message. */
export function RunReport({ lines }: { lines: RunReportLine[] }) {
  const { t } = useTranslation();
  return (
    <Table<RunReportLine>
      size="small"
      rowKey={(r, i) => `${r.row}:${r.field ?? ''}:${i}`}
      dataSource={lines}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 940 }}
      data-testid="run-report-table"
      columns={[
        { title: t('etl.report.row'), dataIndex: 'row', width: 70 },
        { title: t('etl.report.status'), dataIndex: 'status', width: 100, render: (s: string) => <Tag color={LINE_COLOURS[s]}>{t(`etl.report.${s}`)}</Tag> },
        { title: t('etl.report.record'), dataIndex: 'record', width: 180, render: (v: string | null | undefined) => v ?? '' },
        { title: t('etl.report.field'), dataIndex: 'field', width: 140 },
        { title: t('etl.report.rule'), dataIndex: 'rule', width: 100 },
        { title: t('etl.report.message'), dataIndex: 'message' },
      ]}
    />
  );
}
