import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Tabs, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { designMethodLabels } from '@breedwise/contracts/doe';
import { phenoPermissions as P } from '@breedwise/contracts/pheno';
import type { Locale } from '@breedwise/contracts';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { AnalysisPanel } from '../components/AnalysisPanel';
import { EntryGrid } from '../components/EntryGrid';
import { FieldBookPanel } from '../components/FieldBookPanel';
import { QcPanel } from '../components/QcPanel';
import { TraitsModal } from '../components/TraitsModal';

const study = api.pheno.study;

/** One experiment's phenotypes: the entry grid, the Field Book round trip, quality checks and the analysis. */
export default function StudyPage() {
  const { t, i18n } = useTranslation();
  const { params } = usePage();
  const id = Number(params.id);
  const queryClient = useQueryClient();
  const canPush = usePermission(P.studyPush);
  const canEdit = usePermission(P.observationEdit);
  const canRun = usePermission(P.analysisRun);
  const [tab, setTab] = useState('entry');
  const [editTraits, setEditTraits] = useState(false);
  const locale = (i18n.language === 'en' ? 'en' : 'zh-CN') as Locale;
  const detail = useQuery({ queryKey: [...study.detail.key, id], queryFn: () => study.detail({ id }) });
  const grid = useQuery({ queryKey: [...study.grid.key, id], queryFn: () => study.grid({ id }), enabled: !!detail.data?.pushed });
  useRecordTitle('pheno.study.viewTitle', detail.data?.code);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: study.$key });
  const d = detail.data;
  if (!d) return null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          title={
            <Space>
              <Typography.Text strong>{d.code}</Typography.Text>
              <Typography.Text>{d.name}</Typography.Text>
            </Space>
          }
          extra={
            canPush && d.pushed ? (
              <Button onClick={() => setEditTraits(true)} data-testid="study-traits">
                {t('pheno.study.editTraits')}
              </Button>
            ) : null
          }
        >
          <Descriptions.Item label={t('pheno.study.design')}>
            {(designMethodLabels as Record<string, Record<Locale, string>>)[d.designMethod]?.[locale] ?? d.designMethod}
          </Descriptions.Item>
          <Descriptions.Item label={t('pheno.study.plots')}>{d.plotCount}</Descriptions.Item>
          <Descriptions.Item label={t('pheno.study.observations')}>{d.observationCount}</Descriptions.Item>
          <Descriptions.Item label={t('pheno.study.traits')}>
            <Space wrap size={[4, 4]}>
              {d.traits.map((v) => (
                <Tag key={v.id} title={v.name}>
                  {v.code}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {!d.pushed ? (
        <Alert type="info" showIcon message={t('pheno.study.notPushed')} />
      ) : (
        <Card size="small">
          <Tabs
            activeKey={tab}
            onChange={setTab}
            destroyOnHidden
            items={[
              {
                key: 'entry',
                label: t('pheno.study.tabs.entry'),
                children: grid.data ? (
                  <EntryGrid
                    experimentId={id}
                    grid={grid.data}
                    editable={canEdit}
                    onSaved={() => void queryClient.invalidateQueries({ queryKey: [...study.detail.key, id] })}
                  />
                ) : null,
              },
              {
                key: 'fieldbook',
                label: t('pheno.study.tabs.fieldbook'),
                children: <FieldBookPanel experimentId={id} editable={canEdit} onImported={refresh} />,
              },
              { key: 'qc', label: t('pheno.study.tabs.qc'), children: <QcPanel experimentId={id} traits={d.traits} editable={canEdit} /> },
              { key: 'analysis', label: t('pheno.study.tabs.analysis'), children: <AnalysisPanel experimentId={id} canRun={canRun} /> },
            ]}
          />
        </Card>
      )}
      <TraitsModal
        open={editTraits}
        mode="edit"
        experiment={d}
        current={d.traits}
        onClose={() => setEditTraits(false)}
        onSaved={() => {
          setEditTraits(false);
          refresh();
        }}
      />
    </Space>
  );
}
