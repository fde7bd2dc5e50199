import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../doe';

/** A field of the organisation (DOE fields), named with its location. */
export function FieldSelect(props: Omit<SelectProps, 'options'>) {
  const { data } = useQuery({
    queryKey: [...api.doe.field.page.key, 'nursery-options'],
    queryFn: () => api.doe.field.page({ pageSize: 200, status: 'enabled' }),
  });
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      {...props}
      options={(data?.rows ?? []).map((f) => ({ value: f.id, label: `${f.locationName} / ${f.name} (${f.code})` }))}
    />
  );
}
