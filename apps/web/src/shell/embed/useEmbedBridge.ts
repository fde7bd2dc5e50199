import { useEffect, useRef } from 'react';
import { EmbedMessage, isAllowedOrigin, TAB_CLOSE_RELOAD_MS } from './messages';

export interface EmbedHandlers {
  open(path: string): void;
  openFrame(name: string, url: string, title?: string): void;
  /** The tab whose embedded page sent the message, by its key. */
  replace(sourceTab: string | null, path: string): void;
  refresh(tabKey: string | null): void;
  /** Closes a tab; answers the key of the tab shown afterwards. */
  close(tabKey: string | null): string | null;
}

/** Which tab holds the frame a message came from (frames sit inside their tab's pane). */
function sourceTab(source: MessageEventSource | null): string | null {
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow === source) return (frame.closest('[data-tab]') as HTMLElement | null)?.dataset.tab ?? null;
  }
  return null;
}

/** Listens to embedded pages' requests and carries out those from allowed origins (spec section 2). */
export function useEmbedBridge(allowedOrigins: string[], handlers: EmbedHandlers) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isAllowedOrigin(event.origin, window.location.origin, allowedOrigins)) return;
      const parsed = EmbedMessage.safeParse(event.data);
      if (!parsed.success) return;
      const m = parsed.data;
      const from = sourceTab(event.source);
      const h = ref.current;
      switch (m.action) {
        case 'openTab':
          return h.open(m.path);
        case 'openIframeTab':
          return h.openFrame(m.name, m.url, m.title);
        case 'replaceTab':
          return h.replace(from, m.path);
        case 'refreshTab':
          return h.refresh(m.path ?? from);
        case 'closeTab': {
          const next = h.close(m.path ?? from);
          if (m.reloadParent && next) setTimeout(() => ref.current.refresh(next), TAB_CLOSE_RELOAD_MS);
        }
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [allowedOrigins]);
}
