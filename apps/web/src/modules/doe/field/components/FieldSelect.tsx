import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';

const field = api.doe.field;

/** Fields of a location that are in use (enabled, not discarded), optionally of one type. */
export function FieldSelect({ locationId, type, ...props }: Omit<SelectProps, 'options'> & { locationId?: number | null; type?: number }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: [...field.$key, 'select', locationId, type],
    queryFn: () => field.page({ pageSize: 200, locationId: locationId ?? undefined, status: 'enabled', type }),
    enabled: !!locationId,
  });
  return (
    <Select
      allowClear
      placeholder={locationId ? t('select.placeholder') : t('doe.common.pickLocationFirst')}
      disabled={!locationId}
      {...props}
      options={(data?.rows ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code}) · ${f.rows}×${f.cols}` }))}
    />
  );
}
