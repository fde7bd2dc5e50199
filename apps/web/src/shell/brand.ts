import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type { Brand } from '@breedwise/contracts/system';
import { entryPath } from '../lib/entry-path';
import { api } from './auth-api';

export const DEFAULT_BRAND: Brand = {
  brandKey: 'breedwise',
  name: '育种智汇',
  nameI18n: { 'zh-CN': '育种智汇', en: 'Breedwise' },
  logoUrl: null,
  primaryColor: '#1677ff',
  dashboardType: null,
  pathPrefix: null,
};

/** The brand in force, for the theme (App) and the logo and name (login page, side bar). */
export const useBrandStore = create<{ brand: Brand; setBrand(b: Brand): void }>((set) => ({
  brand: DEFAULT_BRAND,
  setBrand: (brand) => set({ brand }),
}));

/** The login page's brand (from login/init), also put in force for the theme. */
export function useBrand(): Brand {
  const init = useQuery({
    queryKey: api.auth.login.init.key,
    queryFn: () => api.auth.login.init({ path: entryPath() }, { retry: true, errorMode: 'silent' }),
    staleTime: Infinity,
    retry: 2,
    retryDelay: 15_000,
  });
  const setBrand = useBrandStore((s) => s.setBrand);
  const brand = init.data?.brand ?? DEFAULT_BRAND;
  useEffect(() => {
    if (init.data?.brand) setBrand(init.data.brand);
  }, [init.data?.brand, setBrand]);
  return { ...DEFAULT_BRAND, ...brand };
}
