import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';

const location = api.doe.location;

/** Enabled locations (all of them, they are few). */
export function LocationSelect(props: Omit<SelectProps, 'options'>) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: [...location.$key, 'select'],
    queryFn: () => location.page({ pageSize: 200, status: 'enabled' }),
    staleTime: 60_000,
  });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('select.placeholder')}
      {...props}
      options={(data?.rows ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.code})` }))}
    />
  );
}
