import { lazy, Suspense, type ComponentProps } from 'react';

// antd's Result carries three large illustrations (403, 404, 500): the first download (the login page,
// the session guard) takes it only when a result is actually shown.
const AntResult = lazy(() => import('antd/es/result'));

/** antd's `Result`, loaded when first shown. */
export function Result(props: ComponentProps<typeof AntResult>) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
