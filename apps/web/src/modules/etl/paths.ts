/** Where the pipeline screens live. */
export const etlPaths = {
  list: '/bpm/pipeline',
  create: '/bpm/pipeline/new',
  edit: (id: number) => `/bpm/pipeline/edit/${id}`,
  data: (businessId: number, runId?: number) => `/bpm/pipeline/business/${businessId}${runId ? `?runId=${runId}` : ''}`,
};
