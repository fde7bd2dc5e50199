import { useQuery } from '@tanstack/react-query';
import type { LoginData, LoginInfoData, LoginInitData, Locale } from '@breedwise/contracts';
import { api, request } from '../lib/request';
import { useSession } from '../lib/session';
import { entryPath } from './entry-path';

export const loginInfoKey = ['auth', 'loginInfo'] as const;

export const authApi = {
  init: () => api.get<LoginInitData>('/auth/api/login/init', { path: entryPath() }, { retry: true, errorMode: 'silent' }),
  login: async (form: { username: string; password: string; code?: string; uuid?: string }) =>
    (await request<{ data: LoginData }>('/auth/api/login', { method: 'POST', form, errorMode: 'silent' })).data,
  info: () => api.get<LoginInfoData>('/auth/api/login/info', { path: entryPath() }),
  setCrop: (cropId: number) => api.post<null>(`/auth/api/login/setCropId/${cropId}`),
  setOrg: (orgId: number) => api.post<null>(`/auth/api/login/setOrgId/${orgId}`),
  changeLocale: (locale: Locale) => api.get<{ locale: Locale }>(`/auth/api/login/changeLocal/${locale}`, undefined, { errorMode: 'silent' }),
};

/** User info, permissions, organisation, crops and menu of the session (loaded at first entry). */
export function useLoginInfo() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: [...loginInfoKey, token], queryFn: authApi.info, enabled: !!token, staleTime: 5 * 60_000 });
}
