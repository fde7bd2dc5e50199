import type { TableSettings } from '@breedwise/contracts';
import { api } from '../../lib/request';

export const tableSettingsApi = {
  get: (name: string) => api.get<TableSettings | null>(`/common/table-setting/${encodeURIComponent(name)}`, undefined, { errorMode: 'silent' }),
  save: (name: string, settings: TableSettings) => api.put<null>(`/common/table-setting/${encodeURIComponent(name)}`, settings, { errorMode: 'silent' }),
  reset: (name: string) => api.del<null>(`/common/table-setting/${encodeURIComponent(name)}`, { errorMode: 'silent' }),
};
