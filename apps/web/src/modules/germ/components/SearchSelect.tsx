import type { ComponentProps } from 'react';
import { RemoteSelect, type RemoteOption } from '../../../components/common';

/**
 * The shared RemoteSelect, also knowing the labels of values chosen earlier (`known`), so an edited
 * record shows its parent or lot by name before anything is searched. A thin wrapper until the shared
 * select takes such seeded labels itself.
 */
export function SearchSelect({ known = [], ...rest }: ComponentProps<typeof RemoteSelect> & { known?: RemoteOption[] }) {
  return <RemoteSelect {...rest} labelRender={(v) => v.label ?? known.find((k) => k.value === v.value)?.label ?? v.value} />;
}
