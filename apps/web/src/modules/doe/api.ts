import type {
  ActivityCategoryCreate, ActivityCategoryPageQuery, ActivityCategoryRow, ActivityCategoryUpdate, ActivityRecordCreate, ActivityRecordPageQuery,
  ActivityRecordRow, ActivityRecordUpdate, BlockCreate, BlockGenerate, BlockPageQuery, BlockRow, BlockUpdate, DesignParams, DesignPreview, DesignSave,
  EnableStatus, EntryGroupCreate, EntryGroupDetail, EntryGroupFromExperiment, EntryGroupPageQuery, EntryGroupRow, EntryGroupUpdate, ExperimentCreate,
  ExperimentDetail, ExperimentEntryInput, ExperimentEntryRow, ExperimentPageQuery, ExperimentRow, ExperimentStatistics, ExperimentUpdate, FieldCreate,
  FieldPageQuery, FieldRow, FieldUpdate, GermDesignCreate, GermDesignDetail, GermDesignPageQuery, GermDesignPlots, GermDesignRow, GermDesignUpdate,
  GermListCreate, GermListEntriesSave, GermListEntryPageQuery, GermListEntryRow, GermListPageQuery, GermListRow, GermListUpdate, HarvestEntriesUpdate,
  HarvestEntryPageQuery, HarvestEntryRow, HarvestGenerate, HarvestListRow, HarvestPageQuery, LocationCreate, LocationPageQuery, LocationRow,
  LocationStatus, LocationUpdate, MapDictData, MapEngine, MapServiceNode, MemberRow, MembersUpdate, NamedOption, PlotRow, ProjectCreate, ProjectOption,
  ProjectPageQuery, ProjectRow, ProjectUpdate, StatusAction, TeamCreate, TeamPageQuery, TeamRow, TeamUpdate, UserOption,
} from '@breedwise/contracts';
import { api, request, type PageResult } from '../../lib/request';

const base = '/doe/api/location';

export const locationKeys = { all: ['doe', 'location'] as const };

/** Typed calls of the DOE location endpoints (shapes from packages/contracts). */
export const locationApi = {
  page: (q: LocationPageQuery) => request<PageResult<LocationRow>>(`${base}/page`, { params: q, errorMode: 'silent' }),
  detail: (id: number) => api.get<LocationRow>(`${base}/detail/${id}`),
  create: (body: LocationCreate) => api.post<LocationRow>(`${base}/create`, body, { errorMode: 'silent' }),
  update: (body: LocationUpdate) => api.put<LocationRow>(`${base}/update`, body, { errorMode: 'silent' }),
  setStatus: (ids: number[], status: LocationStatus) => api.put<{ updated: number }>(`${base}/status`, { ids, status }),
  discard: (ids: number[], discarded: boolean) => api.put<{ updated: number }>(`${base}/discard`, { ids, discarded }),
  remove: (id: number) => api.del<null>(`${base}/${id}`),
};

const d = '/doe/api';
const page = <T>(url: string) => (q: Record<string, unknown>) => request<PageResult<T>>(`${d}${url}`, { params: q, errorMode: 'silent' });
type Updated = { updated: number };

export const doeKeys = {
  team: ['doe', 'team'] as const,
  project: ['doe', 'project'] as const,
  field: ['doe', 'field'] as const,
  block: ['doe', 'block'] as const,
  experiment: ['doe', 'experiment'] as const,
  germList: ['doe', 'germList'] as const,
  germDesign: ['doe', 'germDesign'] as const,
  group: ['doe', 'entryGroup'] as const,
  activity: ['doe', 'activity'] as const,
  harvest: ['doe', 'harvest'] as const,
};

export const teamApi = {
  page: page<TeamRow>('/team/page') as (q: TeamPageQuery) => Promise<PageResult<TeamRow>>,
  create: (b: TeamCreate) => api.post<TeamRow>(`${d}/team/create`, b, { errorMode: 'silent' }),
  update: (b: TeamUpdate) => api.put<TeamRow>(`${d}/team/update`, b, { errorMode: 'silent' }),
  setStatus: (ids: number[], status: EnableStatus) => api.put<Updated>(`${d}/team/status`, { ids, status }),
  members: (id: number) => api.get<MemberRow[]>(`${d}/team/members/${id}`),
  setMembers: (b: MembersUpdate) => api.put<MemberRow[]>(`${d}/team/members`, b),
  users: (keyword: string) => api.get<UserOption[]>(`${d}/team/userOptions`, { keyword }),
  remove: (id: number) => api.del<null>(`${d}/team/${id}`),
};

export const projectApi = {
  page: page<ProjectRow>('/project/page') as (q: ProjectPageQuery) => Promise<PageResult<ProjectRow>>,
  options: (keyword: string) => api.get<ProjectOption[]>(`${d}/project/options`, { keyword }),
  create: (b: ProjectCreate) => api.post<ProjectRow>(`${d}/project/create`, b, { errorMode: 'silent' }),
  update: (b: ProjectUpdate) => api.put<ProjectRow>(`${d}/project/update`, b, { errorMode: 'silent' }),
  setStatus: (ids: number[], status: EnableStatus) => api.put<Updated>(`${d}/project/status`, { ids, status }),
  members: (id: number) => api.get<MemberRow[]>(`${d}/project/members/${id}`),
  setMembers: (b: MembersUpdate) => api.put<MemberRow[]>(`${d}/project/members`, b),
  users: (keyword: string) => api.get<UserOption[]>(`${d}/project/userOptions`, { keyword }),
  remove: (id: number) => api.del<null>(`${d}/project/${id}`),
};

export const fieldApi = {
  page: page<FieldRow>('/field/page') as (q: FieldPageQuery) => Promise<PageResult<FieldRow>>,
  detail: (id: number) => api.get<FieldRow>(`${d}/field/detail/${id}`),
  create: (b: FieldCreate) => api.post<FieldRow>(`${d}/field/create`, b, { errorMode: 'silent' }),
  update: (b: FieldUpdate) => api.put<FieldRow>(`${d}/field/update`, b, { errorMode: 'silent' }),
  setStatus: (ids: number[], status: EnableStatus) => api.put<Updated>(`${d}/field/status`, { ids, status }),
  discard: (ids: number[], discarded: boolean) => api.put<Updated>(`${d}/field/discard`, { ids, discarded }),
  remove: (id: number) => api.del<null>(`${d}/field/${id}`),
};

export const blockApi = {
  page: page<BlockRow>('/block/page') as (q: BlockPageQuery) => Promise<PageResult<BlockRow>>,
  create: (b: BlockCreate) => api.post<BlockRow>(`${d}/block/create`, b, { errorMode: 'silent' }),
  update: (b: BlockUpdate) => api.put<BlockRow>(`${d}/block/update`, b, { errorMode: 'silent' }),
  generate: (b: BlockGenerate) => api.post<Updated>(`${d}/block/generate`, b),
  remove: (id: number) => api.del<null>(`${d}/block/${id}`),
};

export const experimentApi = {
  page: page<ExperimentRow>('/experiment/page') as (q: ExperimentPageQuery) => Promise<PageResult<ExperimentRow>>,
  detail: (id: number) => api.get<ExperimentDetail>(`${d}/experiment/detail/${id}`),
  options: (keyword: string) => api.get<NamedOption[]>(`${d}/experiment/options`, { keyword }),
  statistics: () => api.get<ExperimentStatistics>(`${d}/experiment/statistics`, undefined, { errorMode: 'silent' }),
  create: (b: ExperimentCreate) => api.post<ExperimentRow>(`${d}/experiment/create`, b, { errorMode: 'silent' }),
  update: (b: ExperimentUpdate) => api.put<ExperimentRow>(`${d}/experiment/update`, b, { errorMode: 'silent' }),
  status: (id: number, action: StatusAction) => api.put<ExperimentRow>(`${d}/experiment/status`, { id, action }, { errorMode: 'modal' }),
  entries: (id: number) => api.get<ExperimentEntryRow[]>(`${d}/experiment/entries/${id}`),
  saveEntries: (id: number, entries: ExperimentEntryInput[]) => api.put<ExperimentEntryRow[]>(`${d}/experiment/entries`, { id, entries }, { errorMode: 'modal' }),
  entriesFromList: (id: number, listId: number) => api.post<ExperimentEntryRow[]>(`${d}/experiment/entries/fromList`, { id, listId }, { errorMode: 'modal' }),
  // Spec section 8: design method errors show in a modal; spec section 9: design calls may take 30 minutes.
  preview: (b: DesignParams) => api.post<DesignPreview>(`${d}/experiment/preview`, b, { errorMode: 'modal' }),
  save: (b: DesignSave) => api.post<{ taskId: number }>(`${d}/experiment/design`, b, { errorMode: 'modal' }),
  plots: (id: number) => api.get<PlotRow[]>(`${d}/experiment/plots/${id}`),
  remove: (id: number) => api.del<null>(`${d}/experiment/${id}`),
};

export const germListApi = {
  page: page<GermListRow>('/germList/page') as (q: GermListPageQuery) => Promise<PageResult<GermListRow>>,
  entries: page<GermListEntryRow>('/germList/entries') as (q: GermListEntryPageQuery) => Promise<PageResult<GermListEntryRow>>,
  create: (b: GermListCreate) => api.post<GermListRow>(`${d}/germList/create`, b, { errorMode: 'silent' }),
  update: (b: GermListUpdate) => api.put<GermListRow>(`${d}/germList/update`, b, { errorMode: 'silent' }),
  saveEntries: (b: GermListEntriesSave) => api.put<GermListRow>(`${d}/germList/entries`, b, { errorMode: 'silent' }),
  remove: (id: number) => api.del<null>(`${d}/germList/${id}`),
};

export const germDesignApi = {
  page: page<GermDesignRow>('/germDesign/page') as (q: GermDesignPageQuery) => Promise<PageResult<GermDesignRow>>,
  detail: (id: number) => api.get<GermDesignDetail>(`${d}/germDesign/detail/${id}`),
  plots: (id: number) => api.get<GermDesignPlots[]>(`${d}/germDesign/plots/${id}`),
  create: (b: GermDesignCreate) => api.post<GermDesignDetail>(`${d}/germDesign/create`, b, { errorMode: 'silent' }),
  update: (b: GermDesignUpdate) => api.put<GermDesignDetail>(`${d}/germDesign/update`, b, { errorMode: 'silent' }),
  generate: (id: number) => api.post<GermDesignDetail>(`${d}/germDesign/generate/${id}`, undefined, { errorMode: 'modal' }),
  reset: (id: number) => api.post<GermDesignDetail>(`${d}/germDesign/reset/${id}`),
  remove: (id: number) => api.del<null>(`${d}/germDesign/${id}`),
};

export const groupApi = {
  page: page<EntryGroupRow>('/entryGroup/page') as (q: EntryGroupPageQuery) => Promise<PageResult<EntryGroupRow>>,
  detail: (id: number) => api.get<EntryGroupDetail>(`${d}/entryGroup/detail/${id}`),
  create: (b: EntryGroupCreate) => api.post<EntryGroupDetail>(`${d}/entryGroup/create`, b, { errorMode: 'silent' }),
  fromExperiment: (b: EntryGroupFromExperiment) => api.post<EntryGroupDetail>(`${d}/entryGroup/fromExperiment`, b, { errorMode: 'silent' }),
  toList: (id: number, name: string) => api.post<GermListRow>(`${d}/entryGroup/toList`, { id, name }, { errorMode: 'modal' }),
  update: (b: EntryGroupUpdate) => api.put<EntryGroupDetail>(`${d}/entryGroup/update`, b, { errorMode: 'silent' }),
  remove: (id: number) => api.del<null>(`${d}/entryGroup/${id}`),
};

export const activityApi = {
  categories: page<ActivityCategoryRow>('/activityCategory/page') as (q: ActivityCategoryPageQuery) => Promise<PageResult<ActivityCategoryRow>>,
  createCategory: (b: ActivityCategoryCreate) => api.post<ActivityCategoryRow>(`${d}/activityCategory/create`, b, { errorMode: 'silent' }),
  updateCategory: (b: ActivityCategoryUpdate) => api.put<ActivityCategoryRow>(`${d}/activityCategory/update`, b, { errorMode: 'silent' }),
  categoryStatus: (ids: number[], status: EnableStatus) => api.put<Updated>(`${d}/activityCategory/status`, { ids, status }),
  removeCategory: (id: number) => api.del<null>(`${d}/activityCategory/${id}`),
  records: page<ActivityRecordRow>('/activityRecord/page') as (q: ActivityRecordPageQuery) => Promise<PageResult<ActivityRecordRow>>,
  createRecord: (b: ActivityRecordCreate) => api.post<ActivityRecordRow>(`${d}/activityRecord/create`, b, { errorMode: 'silent' }),
  updateRecord: (b: ActivityRecordUpdate) => api.put<ActivityRecordRow>(`${d}/activityRecord/update`, b, { errorMode: 'silent' }),
  removeRecord: (id: number) => api.del<null>(`${d}/activityRecord/${id}`),
};

export const harvestApi = {
  page: page<HarvestListRow>('/harvest/page') as (q: HarvestPageQuery) => Promise<PageResult<HarvestListRow>>,
  entries: page<HarvestEntryRow>('/harvest/entries') as (q: HarvestEntryPageQuery) => Promise<PageResult<HarvestEntryRow>>,
  generate: (b: HarvestGenerate) => api.post<{ taskId: number }>(`${d}/harvest/generate`, b, { errorMode: 'modal' }),
  saveEntries: (b: HarvestEntriesUpdate) => api.put<Updated>(`${d}/harvest/entries`, b),
  remove: (id: number) => api.del<null>(`${d}/harvest/${id}`),
};

export const mapApi = {
  nodes: () => api.post<MapServiceNode[]>('/auth/api/getServiceNodes', undefined, { errorMode: 'silent' }),
  dict: () => api.post<MapDictData>('/auth/api/getDictData', undefined, { errorMode: 'silent' }),
  set: (engine: MapEngine) => api.post<{ engine: MapEngine }>('/auth/api/setMapEngine', { engine }),
};
