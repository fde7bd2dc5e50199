import { useMemo, useState } from 'react';
import { Input, Segmented, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { designMethodLabels } from '@breedwise/contracts/doe';
import { phenoPermissions as P, type StudyRow } from '@breedwise/contracts/pheno';
import type { Locale } from '@breedwise/contracts';
import { DataTable } from '../../../../components/data-table/DataTable';
import { RowActions, actionsColumn, type RowActionItem } from '../../../../components/data-table/RowActions';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { phenoPaths } from '../../paths';
import { TraitsModal } from '../components/TraitsModal';

const study = api.pheno.study;

/** Experiments pushed to phenotyping (and those ready to be pushed), with their traits and data counts. */
export default function StudyListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canPush = usePermission(P.studyPush);
  const [pushed, setPushed] = useState<'yes' | 'no'>('yes');
  const [keyword, setKeyword] = useState('');
  const [pushing, setPushing] = useState<StudyRow | null>(null);
  const locale = (i18n.language === 'en' ? 'en' : 'zh-CN') as Locale;
  const actionsOf = (r: StudyRow): RowActionItem[] =>
    r.pushed
      ? [{ key: 'open', label: t('pheno.study.open'), onClick: () => navigate(phenoPaths.study(r.experimentId)), testId: 'study-open' }]
      : canPush
        ? [{ key: 'push', label: t('pheno.study.push'), onClick: () => setPushing(r), testId: 'study-push' }]
        : [];
  const columns = useMemo<ColumnsType<StudyRow>>(
    () => [
      {
        title: t('pheno.study.code'),
        dataIndex: 'code',
        key: 'code',
        sorter: true,
        width: 150,
        fixed: 'left',
        render: (v: string, r) => (r.pushed ? <Typography.Link onClick={() => navigate(phenoPaths.study(r.experimentId))}>{v}</Typography.Link> : v),
      },
      { title: t('pheno.study.name'), dataIndex: 'name', key: 'name', sorter: true, width: 240, ellipsis: true },
      { title: t('pheno.study.year'), dataIndex: 'year', key: 'year', sorter: true, width: 80 },
      {
        title: t('pheno.study.design'),
        dataIndex: 'designMethod',
        key: 'designMethod',
        width: 140,
        render: (v: string) => (designMethodLabels as Record<string, Record<Locale, string>>)[v]?.[locale] ?? v,
      },
      { title: t('pheno.study.plots'), dataIndex: 'plotCount', key: 'plotCount', width: 80 },
      { title: t('pheno.study.traits'), dataIndex: 'traitCount', key: 'traitCount', width: 80 },
      { title: t('pheno.study.observations'), dataIndex: 'observationCount', key: 'observationCount', width: 100 },
      dateTimeColumn(t('pheno.study.pushedAt'), 'pushedAt'),
      dateTimeColumn(t('pheno.study.analysedAt'), 'analysedAt'),
      actionsColumn<StudyRow>(t('common.actions'), [{ key: 'push', label: t('pheno.study.push'), onClick: () => undefined }], (r) => (
        <RowActions items={actionsOf(r)} />
      )),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, locale, canPush],
  );
  return (
    <>
      <DataTable<StudyRow>
        testId="study-table"
        tableName="pheno.study"
        endpoint={study.page}
        params={{ pushed, keyword: keyword || undefined }}
        columns={columns}
        rowKey="experimentId"
        toolbar={
          <>
            <Segmented
              value={pushed}
              onChange={(v) => setPushed(v as 'yes' | 'no')}
              options={[
                { value: 'yes', label: t('pheno.study.pushed') },
                { value: 'no', label: t('pheno.study.ready') },
              ]}
              data-testid="study-pushed"
            />
            <Input.Search allowClear placeholder={t('pheno.study.keyword')} style={{ width: 240 }} onSearch={setKeyword} data-testid="study-search" />
          </>
        }
      />
      <TraitsModal
        open={!!pushing}
        mode="push"
        experiment={pushing}
        onClose={() => setPushing(null)}
        onSaved={() => {
          const id = pushing!.experimentId;
          setPushing(null);
          void queryClient.invalidateQueries({ queryKey: study.$key });
          navigate(phenoPaths.study(id));
        }}
      />
    </>
  );
}
