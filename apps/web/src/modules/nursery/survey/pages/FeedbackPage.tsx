import { useState } from 'react';
import { Card, Empty, Select, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nurseryPermissions as P } from '@breedwise/contracts/nursery';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { nurseryPaths } from '../../paths';
import { BookPanel } from '../components/BookPanel';
import { useSurveyGrid } from '../components/SurveyPanel';

/** /nursery/feedback: the feedback books: a nursery's printable record book and the import of a filled one. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [id, setId] = useState<number | null>(null);
  const canEdit = usePermission(P.surveyEdit);
  const activities = useQuery({
    queryKey: [...api.nursery.activity.page.key, 'feedback-options'],
    queryFn: () => api.nursery.activity.page({ pageSize: 200 }),
  });
  const chosen = activities.data?.rows.find((a) => a.id === id) ?? null;
  const grid = useSurveyGrid(id ?? 0, !!id);
  return (
    <div className="bw-page">
      <Card variant="borderless" title={t('nursery.book.pageTitle')}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('nursery.book.pageHelp')}
          </Typography.Paragraph>
          <Space wrap>
            <Typography.Text strong>{t('nursery.book.nursery')}</Typography.Text>
            <Select
              showSearch
              style={{ width: 360 }}
              optionFilterProp="label"
              value={id ?? undefined}
              onChange={setId}
              loading={activities.isLoading}
              placeholder={t('nursery.book.choose')}
              data-testid="book-nursery"
              options={(activities.data?.rows ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
            />
            {chosen && <a onClick={() => navigate(nurseryPaths.activityView(chosen.id))}>{t('nursery.book.openNursery')}</a>}
          </Space>
          {chosen && grid.data ? (
            <>
              <Typography.Text type="secondary" data-testid="book-traits">
                {grid.data.traits.length
                  ? t('nursery.book.traitsOf', { count: grid.data.entries.length, traits: grid.data.traits.map((v) => v.code).join(', ') })
                  : t('nursery.book.noTraits')}
              </Typography.Text>
              <BookPanel
                activityId={chosen.id}
                editable={canEdit && chosen.status !== 'finished'}
                onImported={() => queryClient.invalidateQueries({ queryKey: api.nursery.survey.$key })}
              />
            </>
          ) : (
            <Empty description={t('nursery.book.choose')} />
          )}
        </Space>
      </Card>
    </div>
  );
}
