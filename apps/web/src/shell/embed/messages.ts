import { z } from 'zod';

/**
 * What an embedded page may ask of the shell (spec section 2): open a tab, open an iframe tab,
 * replace the current tab, refresh a tab, or close one (optionally reloading the tab it came from
 * after 200 ms).
 */
export const EmbedMessage = z.discriminatedUnion('action', [
  z.object({ source: z.literal('breedwise'), action: z.literal('openTab'), path: z.string().startsWith('/').max(2000) }),
  z.object({
    source: z.literal('breedwise'),
    action: z.literal('openIframeTab'),
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    url: z.string().max(2000),
    title: z.string().max(100).optional(),
  }),
  z.object({ source: z.literal('breedwise'), action: z.literal('replaceTab'), path: z.string().startsWith('/').max(2000) }),
  z.object({ source: z.literal('breedwise'), action: z.literal('refreshTab'), path: z.string().startsWith('/').max(2000).optional() }),
  z.object({
    source: z.literal('breedwise'),
    action: z.literal('closeTab'),
    path: z.string().startsWith('/').max(2000).optional(),
    reloadParent: z.boolean().optional(),
  }),
]);
export type EmbedMessage = z.infer<typeof EmbedMessage>;

/** Delay before the parent tab reloads after a close (spec section 9). */
export const TAB_CLOSE_RELOAD_MS = 200;

/** Messages and frame addresses are obeyed only from our own origin or a configured one. */
export function isAllowedOrigin(origin: string, own: string, configured: string[]): boolean {
  return origin === own || configured.includes(origin);
}

/** A frame address is a path of ours or a URL on an allowed origin; anything else (javascript:, data:) is refused. */
export function frameSource(url: string, own: string, configured: string[]): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const u = new URL(url);
    if (!['http:', 'https:'].includes(u.protocol)) return null;
    return isAllowedOrigin(u.origin, own, configured) ? u.toString() : null;
  } catch {
    return null;
  }
}
