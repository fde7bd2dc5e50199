import type { FeedbackCreate, FeedbackRow } from '@breedwise/contracts';
import { api, request, type PageResult } from '../../lib/request';

export const feedbackKeys = { all: ['auth', 'feedback'] as const };

export const feedbackApi = {
  /** Multipart as the spec has it; attachments uploaded beforehand travel as fileIds. */
  add: (input: FeedbackCreate, fileIds: string[]) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== null && v !== '') form.append(k, String(v).trim());
    if (fileIds.length) form.append('fileIds', fileIds.join(','));
    return request<{ data: { id: number } }>('/auth/feedback/add', { method: 'POST', multipart: form, errorMode: 'silent' });
  },
  list: (q: Record<string, unknown>) => request<PageResult<FeedbackRow>>('/auth/feedback/list', { params: q, errorMode: 'silent' }),
  resolve: (id: number) => api.put<null>(`/auth/feedback/resolve/${id}`),
  remove: (id: number) => api.del<null>(`/auth/feedback/remove/${id}`),
};
