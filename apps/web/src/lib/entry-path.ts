import { session } from './storage';

const ENTRY_KEY = 'bw-entry-path';

/**
 * The path this browser tab entered the app at (e.g. /germbank): the server chooses the brand by it
 * and by the host, so a branded entry keeps its look for the whole visit.
 */
export function entryPath(): string {
  let path = session.get<string | null>(ENTRY_KEY, null);
  if (path === null) {
    path = typeof window === 'undefined' ? '/' : window.location.pathname;
    session.set(ENTRY_KEY, path);
  }
  return path;
}

// Remember it as the app loads, before any redirect (e.g. to /login) changes the address.
if (typeof window !== 'undefined') entryPath();
