import { App, Button, Card, Descriptions, Result, Space, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P } from '@breedwise/contracts/doe';
import { DictTag } from '../../../../components/common';
import { usePermission } from '../../../../lib/permissions';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { FieldMap } from '../../components/FieldMap';
import { doePaths } from '../../paths';

const germDesign = api.doe.germDesign;

/** /doe/germplasm/design/viewDesign/:id: the plan, its designs and their generated layouts. */
export default function GermDesignViewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(usePage().params.id);
  const canEdit = usePermission(P.germDesignEdit);
  const { data, isError } = useQuery({ queryKey: [...germDesign.detail.key, id], queryFn: () => germDesign.detail({ id }) });
  useRecordTitle('doe.germDesign.viewTitle', data?.planName);
  const plots = useQuery({
    queryKey: [...germDesign.plots.key, id, data?.status],
    queryFn: () => germDesign.plots({ id }),
    enabled: data?.status === 'designed',
  });
  if (!data) return <DetailState failed={isError} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: germDesign.$key });
  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={
          <Space>
            {data.planName}
            <Tag color={data.status === 'designed' ? 'processing' : 'default'}>{t(`doe.experiment.status.${data.status}`)}</Tag>
          </Space>
        }
        extra={
          canEdit && (
            <Space>
              {data.status === 'temporary' && <Button onClick={() => navigate(doePaths.germDesignEdit(id))}>{t('common.edit')}</Button>}
              {data.status === 'temporary' && (
                <Button
                  type="primary"
                  onClick={async () => {
                    // Spec section 8: a refused layout shows in a modal.
                    await germDesign.generate({ id }, { errorMode: 'modal' });
                    void message.success(t('doe.germDesign.generated'));
                    void refresh();
                  }}
                  data-testid="germdesign-generate"
                >
                  {t('doe.germDesign.generate')}
                </Button>
              )}
              {data.status === 'designed' && (
                <Button
                  danger
                  onClick={async () => {
                    await germDesign.reset({ id });
                    void refresh();
                  }}
                >
                  {t('doe.germDesign.reset')}
                </Button>
              )}
            </Space>
          )
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 4 }}
          items={[
            { key: 'k', label: t('doe.germDesign.kind'), children: t(`doe.germDesign.kinds.${data.kind}`) },
            {
              key: 'y',
              label: t('doe.experiment.yearSeason'),
              children: (
                <Space size={4}>
                  {data.year}
                  <DictTag dictType="doe_season" appKey="doe" value={data.season} />
                </Space>
              ),
            },
            { key: 'p', label: t('doe.experiment.project'), children: data.projectName ?? '—' },
            { key: 'n', label: t('doe.experiment.plots'), children: data.plotCount },
          ]}
        />
        <Tabs
          style={{ marginTop: 12 }}
          items={data.designs.map((d, i) => ({
            key: String(d.id),
            label: t('doe.germDesign.designN', { n: i + 1 }),
            children: (
              <>
                <Descriptions
                  size="small"
                  column={{ xs: 1, md: 4 }}
                  style={{ marginBottom: 8 }}
                  items={[
                    { key: 'l', label: t('doe.experiment.location'), children: [d.locationName, d.fieldName].filter(Boolean).join(' / ') },
                    { key: 'li', label: t('doe.germList.title'), children: d.listName },
                    { key: 'n', label: t('doe.design.numbering'), children: t('doe.germDesign.numbering', { start: d.startNumber, digits: d.digits }) },
                    {
                      key: 'c',
                      label: t('doe.germDesign.checks'),
                      children: d.checkStart ? t('doe.germDesign.checkRule', { start: d.checkStart, interval: d.checkInterval }) : '—',
                    },
                  ]}
                />
                {data.status === 'designed' ? (
                  <FieldMap
                    plots={plots.data?.find((p) => p.lineId === d.id)?.plots ?? []}
                    rows={d.rows}
                    cols={d.cols}
                    exportName={`${data.planName}-${i + 1}`}
                  />
                ) : (
                  <Result status="info" title={t('doe.germDesign.notGenerated')} />
                )}
              </>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
