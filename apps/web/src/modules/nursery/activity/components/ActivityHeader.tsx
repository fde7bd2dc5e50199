import { Alert, Button, Descriptions, Popconfirm, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nurseryPermissions as P, type ActivityRow } from '@breedwise/contracts/nursery';
import { usePermission } from '../../../../lib/permissions';
import { nurseryPaths } from '../../paths';
import { useFinishActivity } from './useFinishActivity';

/** A nursery's facts, its links and the finish button (irreversible, asked first). */
export function ActivityHeader({ activity, links = true }: { activity: ActivityRow; links?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishActivity();
  const canFinish = usePermission(P.activityFinish);
  const canEdit = usePermission(P.activityEdit);
  const open = activity.status !== 'finished';
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, lg: 3, xxl: 4 }}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'code', label: t('nursery.activity.code'), children: activity.code },
          { key: 'name', label: t('nursery.activity.name'), children: activity.name },
          { key: 'field', label: t('nursery.activity.field'), children: activity.fieldName ?? '—' },
          { key: 'season', label: t('nursery.activity.season'), children: `${activity.year} ${t(`nursery.activity.seasons.${activity.season}`)}` },
          { key: 'maxMales', label: t('nursery.activity.maxMales'), children: activity.maxMales },
          {
            key: 'counts',
            label: `${t('nursery.activity.entries')} / ${t('nursery.activity.pollinations')} / ${t('nursery.activity.harvested')}`,
            children: `${activity.entryCount} / ${activity.pollinationCount} / ${activity.harvestedCount}`,
          },
          {
            key: 'status',
            label: t('nursery.activity.status'),
            children: (
              <Tag color={open ? 'processing' : 'default'} data-testid="activity-status">
                {t(`nursery.activity.statuses.${activity.status}`)}
              </Tag>
            ),
          },
          { key: 'remark', label: t('nursery.activity.remark'), children: activity.remark ?? '—' },
        ]}
      />
      {!open && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('nursery.activity.readOnly')} />}
      {links && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button onClick={() => navigate(nurseryPaths.entries(activity.id))}>{t('nursery.entry.title')}</Button>
          <Button onClick={() => navigate(nurseryPaths.harvest(activity.id))}>{t('nursery.harvest.title')}</Button>
          {open && canEdit && <Button onClick={() => navigate(nurseryPaths.activityEdit(activity.id))}>{t('common.edit')}</Button>}
          {open && canFinish && (
            <Popconfirm
              title={t('nursery.activity.finishConfirm', { code: activity.code })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'activity-finish-ok' }}
              onConfirm={() => finish(activity.id)}
            >
              <Button danger data-testid="activity-finish">
                {t('nursery.activity.finish')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </>
  );
}
