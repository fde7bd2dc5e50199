import type { FilterItem, SavedFilter } from '@breedwise/contracts';
import { api } from '../../lib/request';

/** Saved ("commonly used") filters of one drawer, per user (payload {title, filterObj}). */
export const savedFilterApi = {
  my: (name: string) => api.get<SavedFilter[]>(`/common/filter/${encodeURIComponent(name)}/my`),
  save: (name: string, title: string, filterObj: FilterItem[]) => api.post<SavedFilter>(`/common/filter/${encodeURIComponent(name)}`, { title, filterObj }),
  remove: (id: number) => api.del<null>(`/common/filter/my/${id}`),
};
