import { lazy, Suspense, useMemo } from 'react';
import { usePermissionChecker } from '../../lib/permissions';
import { registryValue } from '../routing';

/** The header parts the modules declare (`header` in a manifest), each loaded when first shown. */
export function HeaderItems() {
  const granted = usePermissionChecker();
  const parts = useMemo(() => registryValue.headerItems.map((h) => ({ ...h, Component: lazy(h.load) })), []);
  return (
    <>
      {parts
        .filter((h) => !h.permission || granted(h.permission))
        .map(({ key, Component }) => (
          <Suspense key={key} fallback={null}>
            <Component />
          </Suspense>
        ))}
    </>
  );
}
