import { useQuery } from '@tanstack/react-query';
import { api } from './auth-api';
import { useSession } from './session';
import { entryPath } from './entry-path';

/** The query key of the session's login info: invalidating it reloads user, permissions, menu and brand. */
export const loginInfoKey = api.auth.login.info.key;

/** Silent: the guard shows what went wrong (the first-login password form, a retry, the lost-session dialog). */
export const fetchLoginInfo = () => api.auth.login.info({ path: entryPath() }, { errorMode: 'silent' });

/** User info, permissions, organisation, crops and menu of the session (loaded at first entry). */
export function useLoginInfo() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: [...loginInfoKey, token], queryFn: fetchLoginInfo, enabled: !!token, staleTime: 5 * 60_000 });
}
