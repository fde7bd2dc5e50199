import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sortByMatch } from '../../../../components/common';
import { api } from '../../api';

const location = api.doe.location;

type LocationOption = { value: number; label: string; name: string; code: string };

/** Enabled locations (all of them, they are few), filtered in the browser: exact, then prefix, then anywhere. */
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
      showSearch={{ optionFilterProp: 'label', filterSort: sortByMatch<LocationOption>((o) => [o.name, o.code, o.label]) }}
      placeholder={t('select.placeholder')}
      {...props}
      options={(data?.rows ?? []).map((l): LocationOption => ({ value: l.id, label: `${l.name} (${l.code})`, name: l.name, code: l.code }))}
    />
  );
}
