import type { SelectProps } from 'antd';
import { RemoteSelect, type SeedOption } from '../../../../components/common';
import { api } from '../../api';

/** The project selector: enabled projects of the current crop, the caller's first. */
export function ProjectSelect(props: Omit<SelectProps, 'options'> & { seed?: SeedOption[] }) {
  return (
    <RemoteSelect
      allowClear
      {...props}
      fetch={async (keyword) => (await api.doe.project.options({ keyword })).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
    />
  );
}
