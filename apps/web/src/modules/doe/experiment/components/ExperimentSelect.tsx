import type { SelectProps } from 'antd';
import { RemoteSelect, type SeedOption } from '../../../../components/common';
import { api } from '../../api';

/** Experiments of the current crop, newest first. */
export function ExperimentSelect(props: Omit<SelectProps, 'options'> & { seed?: SeedOption[] }) {
  return (
    <RemoteSelect
      allowClear
      {...props}
      fetch={async (keyword) => (await api.doe.experiment.options({ keyword })).map((e) => ({ value: e.id, label: `${e.name} (${e.code})` }))}
    />
  );
}
