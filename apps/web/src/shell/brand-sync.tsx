import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginInfoData } from '@breedwise/contracts/auth';
import { useBrandStore } from './brand';

/** Puts the session's brand in force; a branded entry path (e.g. /germbank) leads to the dashboard. */
export function BrandSync({ info }: { info: LoginInfoData }) {
  const setBrand = useBrandStore((s) => s.setBrand);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => setBrand(info.brand), [info.brand, setBrand]);
  useEffect(() => {
    if (info.brand.pathPrefix && location.pathname === info.brand.pathPrefix) navigate('/', { replace: true });
  }, [info.brand.pathPrefix, location.pathname, navigate]);
  return null;
}
