import { useQuery } from '@tanstack/react-query';
import { TOKEN_HEADER } from '@breedwise/contracts';
import type { LoginInfoData } from '@breedwise/contracts/auth';
import { api } from './auth-api';
import { useSession } from './session';
import { entryPath } from './entry-path';
import { queryClient } from './query';

/** The query key of the session's login info: invalidating it reloads user, permissions, menu and brand. */
export const loginInfoKey = api.auth.login.info.key;

/** Silent: the guard shows what went wrong (the first-login password form, a retry, the lost-session dialog). */
export const fetchLoginInfo = () => api.auth.login.info({ path: entryPath() }, { errorMode: 'silent' });

/** The session's login info query (the login page starts it as the login answers, the guard draws it). */
export const loginInfoQuery = (token: string | null) => ({ queryKey: [...loginInfoKey, token], queryFn: fetchLoginInfo, staleTime: 5 * 60_000 });

/**
 * The login info of a session just opened, before its token is stored (the login page enters the workspace
 * once it is in): the same query as the guard's, so the guard draws it without asking again.
 */
export function fetchNewSessionInfo(token: string): Promise<LoginInfoData> {
  return queryClient.fetchQuery({
    ...loginInfoQuery(token),
    queryFn: () => api.auth.login.info({ path: entryPath() }, { errorMode: 'silent', headers: { [TOKEN_HEADER]: token } }),
  });
}

/** User info, permissions, organisation, crops and menu of the session (loaded at first entry). */
export function useLoginInfo() {
  const token = useSession((s) => s.token);
  return useQuery({ ...loginInfoQuery(token), enabled: !!token });
}
