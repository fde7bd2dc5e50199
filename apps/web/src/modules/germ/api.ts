import type {
  CartCheckout, CartRow, DocDetail, DocKind, DocPageQuery, DocRow, GermplasmCreate, GermplasmType,
  GermplasmDetail, GermplasmOption, GermplasmPageQuery, GermplasmRow, GermplasmUpdate, InventoryStatistic, LabelRequest, LotAdjust, LotCreate,
  LotDeposit, LotDiscard, LotMerge, LotOperationResult, LotPageQuery, LotRow, LotSplit, LotTransfer, LotWithdraw, MyTodoStatistic,
  PedigreeCheckResult, PedigreeGraph, PlaceCreate, PlaceRow, PlaceUpdate, TraitGroup, TraitRow, TraitValuesSave,
  TxnPageQuery, TxnRow,
} from '@breedwise/contracts';
import { TOKEN_HEADER } from '@breedwise/contracts';
import i18n from '../../lib/i18n';
import { ApiError, api, request, type PageResult } from '../../lib/request';
import { saveBlob } from '../../lib/download';
import { useSession } from '../../lib/session';

const base = '/germ/api';

export const germKeys = {
  germplasm: ['germ', 'germplasm'] as const,
  lots: ['germ', 'lots'] as const,
  txns: ['germ', 'txns'] as const,
  places: ['germ', 'places'] as const,
  cart: ['germ', 'cart'] as const,
  docs: (kind: DocKind) => ['germ', 'docs', kind] as const,
  stats: ['germ', 'stats'] as const,
  todo: ['dashboard', 'todo'] as const,
};

/** Typed calls of the germplasm and seed inventory endpoints (shapes from packages/contracts). */
export const germplasmApi = {
  page: (q: GermplasmPageQuery) => request<PageResult<GermplasmRow>>(`${base}/germplasm/page`, { params: q, errorMode: 'silent' }),
  options: (keyword: string) => api.get<GermplasmOption[]>(`${base}/germplasm/options`, { keyword: keyword || undefined }, { errorMode: 'silent' }),
  detail: (id: number) => api.get<GermplasmDetail>(`${base}/germplasm/detail/${id}`),
  pedigree: (id: number, depth: number) => api.get<PedigreeGraph>(`${base}/germplasm/pedigree/${id}`, { depth }),
  checkPedigree: (text: string) => api.post<PedigreeCheckResult>(`${base}/germplasm/pedigree/check`, { text }, { errorMode: 'silent' }),
  create: (body: GermplasmCreate) => api.post<GermplasmDetail>(`${base}/germplasm/create`, body, { errorMode: 'silent' }),
  update: (body: GermplasmUpdate) => api.put<GermplasmDetail>(`${base}/germplasm/update`, body, { errorMode: 'silent' }),
  remove: (id: number) => api.del<null>(`${base}/germplasm/${id}`),
  traitGroups: (id: number, group = 'all') => api.get<TraitGroup[]>(`/germ/front/germplasm/traitGroup/list/${id}/${encodeURIComponent(group)}`),
  saveTraits: (body: TraitValuesSave) => api.put<null>(`${base}/germplasm/traits`, body),
  traits: () => api.get<TraitRow[]>(`${base}/trait/list`),
};

export const inventoryApi = {
  places: () => api.get<PlaceRow[]>(`${base}/place/list`),
  createPlace: (body: PlaceCreate) => api.post<PlaceRow>(`${base}/place/create`, body, { errorMode: 'silent' }),
  updatePlace: (body: PlaceUpdate) => api.put<PlaceRow>(`${base}/place/update`, body, { errorMode: 'silent' }),
  removePlace: (id: number) => api.del<null>(`${base}/place/${id}`),
  lots: (q: LotPageQuery) => request<PageResult<LotRow>>(`${base}/lot/page`, { params: q, errorMode: 'silent' }),
  lot: (id: number) => api.get<LotRow>(`${base}/lot/detail/${id}`),
  createLot: (body: LotCreate) => api.post<LotRow>(`${base}/lot/create`, body, { errorMode: 'silent' }),
  txns: (q: TxnPageQuery) => request<PageResult<TxnRow>>(`${base}/lot/transactions`, { params: q, errorMode: 'silent' }),
  deposit: (b: LotDeposit) => api.post<LotOperationResult>(`${base}/lot/deposit`, b, { errorMode: 'silent' }),
  withdraw: (b: LotWithdraw) => api.post<LotOperationResult>(`${base}/lot/withdraw`, b, { errorMode: 'silent' }),
  discard: (b: LotDiscard) => api.post<LotOperationResult>(`${base}/lot/discard`, b, { errorMode: 'silent' }),
  adjust: (b: LotAdjust) => api.post<LotOperationResult>(`${base}/lot/adjust`, b, { errorMode: 'silent' }),
  transfer: (b: LotTransfer) => api.post<LotOperationResult>(`${base}/lot/transfer`, b, { errorMode: 'silent' }),
  split: (b: LotSplit) => api.post<LotOperationResult>(`${base}/lot/split`, b, { errorMode: 'silent' }),
  merge: (b: LotMerge) => api.post<LotOperationResult>(`${base}/lot/merge`, b, { errorMode: 'silent' }),
};

export const cartApi = {
  list: () => api.get<CartRow[]>(`${base}/outbound/cache`),
  add: (items: { lotId: number; quantity: number }[]) => api.post<CartRow[]>(`${base}/outbound/addOutboundToCache`, { items }),
  update: (lotId: number, quantity: number) => api.put<CartRow[]>(`${base}/outbound/cache`, { lotId, quantity }),
  remove: (lotId: number) => api.del<CartRow[]>(`${base}/outbound/cache/${lotId}`),
  clear: () => api.del<CartRow[]>(`${base}/outbound/cache`),
  checkout: (body: CartCheckout) => api.post<DocDetail>(`${base}/outbound/createFromCache`, body, { errorMode: 'silent' }),
};

export const docApi = (kind: DocKind) => ({
  page: (q: DocPageQuery) => request<PageResult<DocRow>>(`${base}/${kind}/page`, { params: q, errorMode: 'silent' }),
  detail: (id: number) => api.get<DocDetail>(`${base}/${kind}/detail/${id}`),
  create: (body: unknown) => api.post<DocDetail>(`${base}/${kind}/create`, body, { errorMode: 'silent' }),
  update: (body: unknown) => api.put<DocDetail>(`${base}/${kind}/update`, body, { errorMode: 'silent' }),
  remove: (id: number) => api.del<null>(`${base}/${kind}/${id}`),
  status: (id: number, action: 'submit' | 'withdraw' | 'reopen', comment?: string) => api.put<DocDetail>(`${base}/${kind}/status`, { id, action, comment }),
  audit: (id: number, action: 'approve' | 'reject', comment?: string) => api.put<DocDetail>(`${base}/${kind}/audit`, { id, action, comment }),
});

export const statsApi = {
  cropType: (crop: number) => api.get<{ type: GermplasmType; count: number }[]>(`${base}/statistics/cropTypeStatistic/${crop}`),
  fiveYear: () => api.get<{ year: number; accessions: number; lots: number; inbound: number; outbound: number }[]>(`${base}/statistics/fiveYearStatistic`),
  recentYear: () => api.get<{ month: string; deposits: number; withdrawals: number; discards: number; adjustments: number }[]>(`${base}/statistics/inRecentYear`),
  crops: () => api.get<{ cropId: number; code: string; nameZh: string; nameEn: string; accessions: number; lots: number }[]>(`${base}/statistics/cropStatistic`),
  inventory: () => api.get<InventoryStatistic>(`${base}/statistics/inventoryStatistic`),
  todo: () => api.get<MyTodoStatistic>('/germ/common/my-todo-statistic', undefined, { errorMode: 'silent' }),
};

/** Prints labels: the server answers a PDF, opened in a new tab (and saved when the browser blocks it). */
export async function printLabels(body: LabelRequest): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(`/api${base}/label/pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': i18n.language || 'zh-CN', ...(token ? { [TOKEN_HEADER]: token } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const err = (await res.json().catch(() => ({}))) as { msg?: string; code?: number; errorCode?: string };
    throw new ApiError(err.msg ?? i18n.t('germ.label.failed'), res.status, err.code, err.errorCode);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const win = window.open(url, '_blank');
  if (!win) saveBlob(blob, `labels-${new Date().toISOString().slice(0, 10)}.pdf`);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
