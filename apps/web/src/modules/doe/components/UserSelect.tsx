import type { SelectProps } from 'antd';
import { RemoteSelect, type SeedOption } from '../../../components/common';
import { api } from '../api';

/** Users of the organisation for leader and member pickers, through the team's or the project's permission. */
export function UserSelect({ source = 'team', ...props }: Omit<SelectProps, 'options'> & { source?: 'team' | 'project'; seed?: SeedOption[] }) {
  const load = source === 'team' ? api.doe.team.userOptions : api.doe.project.userOptions;
  return (
    <RemoteSelect
      allowClear
      {...props}
      fetch={async (keyword) => (await load({ keyword })).map((u) => ({ value: u.id, label: u.nickName ? `${u.nickName} (${u.username})` : u.username }))}
    />
  );
}
