import type { ReactNode } from 'react';
import { Watermark } from 'antd';

/** Spec section 9: a 150 x 150 tile rotated -45 degrees carrying the user's name. */
export function PageWatermark({ text, enabled = true, children }: { text: string; enabled?: boolean; children: ReactNode }) {
  if (!enabled) return <>{children}</>;
  return (
    <Watermark content={text} width={150} height={150} rotate={-45} gap={[0, 0]} font={{ color: 'rgba(0,0,0,.06)', fontSize: 14 }}>
      {children}
    </Watermark>
  );
}
