import type { SelectProps } from 'antd';
import type { GermListType } from '@breedwise/contracts/doe';
import { RemoteSelect, type SeedOption } from '../../../../components/common';
import { api } from '../../api';

/** Planting lists of the current crop (optionally of one type), with their material counts. */
export function GermListSelect({ type, ...props }: Omit<SelectProps, 'options'> & { type?: GermListType; seed?: SeedOption[] }) {
  return (
    <RemoteSelect
      allowClear
      {...props}
      fetch={async (keyword) =>
        (await api.doe.germList.page({ keyword, type, pageSize: 50 })).rows.map((l) => ({ value: l.id, label: `${l.name} (${l.materialCount})` }))
      }
    />
  );
}
