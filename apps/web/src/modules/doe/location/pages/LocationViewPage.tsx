import { Card, Descriptions, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@breedwise/contracts';
import { countryLabel } from '@breedwise/contracts/doe';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { FieldsPanel } from '../../field/components/FieldsPanel';
import { LocationMap } from '../components/map/LocationMap';

/** /doe/exp/location/viewLocation?id=: a location on the map with its fields. */
export default function LocationViewPage() {
  const { t, i18n } = useTranslation();
  const id = Number(usePage().search.get('id'));
  const { data, isError } = useQuery({ queryKey: [...api.doe.location.$key, id], queryFn: () => api.doe.location.detail({ id }) });
  useRecordTitle('doe.location.viewTitle', data?.name);
  if (!data) return <DetailState failed={isError} />;
  return (
    <div className="bw-page">
      <Card variant="borderless" title={`${data.name} (${data.code})`}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'r',
              label: t('doe.location.region'),
              children: [countryLabel(data.country, i18n.language as Locale), data.province, data.city].filter(Boolean).join(' / ') || '—',
            },
            { key: 'c', label: t('doe.location.coordinates'), children: data.longitude === null ? '—' : `${data.longitude}, ${data.latitude}` },
            {
              key: 's',
              label: t('common.status'),
              children: <Tag color={data.status === 'enabled' ? 'success' : 'default'}>{t(`common.${data.status}`)}</Tag>,
            },
            { key: 'm', label: t('doe.location.remark'), span: 3, children: data.remark ?? '—' },
          ]}
        />
        {data.longitude !== null && (
          <div style={{ marginTop: 12 }}>
            <LocationMap locations={[data]} height={320} />
          </div>
        )}
      </Card>
      <Card variant="borderless" title={t('doe.location.fields')} style={{ marginTop: 12 }}>
        <FieldsPanel locationId={id} />
      </Card>
    </div>
  );
}
