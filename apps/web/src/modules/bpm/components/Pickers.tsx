import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

type Props = Omit<SelectProps<number | number[]>, 'options'>;

/** Users of the organisation (id, name). */
export function UserPicker(props: Props) {
  const { data } = useQuery({ queryKey: api.bpm.user.listSimpleUsers.key, queryFn: () => api.bpm.user.listSimpleUsers() });
  return <Select showSearch optionFilterProp="label" options={(data ?? []).map((u) => ({ value: u.id, label: u.name }))} {...props} />;
}

export function RolePicker(props: Props) {
  const { data } = useQuery({ queryKey: api.bpm.user.listSimpleRoles.key, queryFn: () => api.bpm.user.listSimpleRoles() });
  return <Select showSearch optionFilterProp="label" options={(data ?? []).map((u) => ({ value: u.id, label: u.name }))} {...props} />;
}

export function GroupPicker(props: Props) {
  const { data } = useQuery({ queryKey: api.bpm.userGroup.listAllSimple.key, queryFn: () => api.bpm.userGroup.listAllSimple() });
  return <Select showSearch optionFilterProp="label" options={(data ?? []).map((u) => ({ value: u.id, label: u.name }))} {...props} />;
}
