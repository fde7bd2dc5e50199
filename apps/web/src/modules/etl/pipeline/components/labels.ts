import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BusinessType, RunStatus } from '@breedwise/contracts/etl';
import type { Locale } from '@breedwise/contracts';
import { api } from '../../api';

export const RUN_COLOURS: Record<RunStatus, string> = { queued: 'default', running: 'processing', succeeded: 'green', refused: 'orange', failed: 'red' };
export const LINE_COLOURS: Record<string, string> = { inserted: 'green', updated: 'blue', unchanged: 'default', skipped: 'default', refused: 'red' };

/** Every business type with its fields (built-in targets and business data tables). */
export function useBusinessTypes() {
  return useQuery({ queryKey: api.etl.business.types.key, queryFn: () => api.etl.business.types() });
}

/** A business type's name in the current language. */
export function useTypeLabel() {
  const { i18n } = useTranslation();
  const types = useBusinessTypes();
  const locale = (i18n.language === 'en' ? 'en' : 'zh-CN') as Locale;
  return useCallback(
    (type: string) => {
      const found = types.data?.find((b: BusinessType) => b.type === type);
      return found ? found.label[locale] : type;
    },
    [types.data, locale],
  );
}
