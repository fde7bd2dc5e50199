/** Permission strings of the genomic-selection module, checked on the server; roles grant them through menu entries. */
export const gsPermissions = {
  datasetList: 'gs:dataset:list',
  datasetAdd: 'gs:dataset:add',
  datasetEdit: 'gs:dataset:edit',
  datasetRemove: 'gs:dataset:remove',
  datasetExport: 'gs:dataset:export',
  modelList: 'gs:model:list',
  modelAdd: 'gs:model:add',
  modelEdit: 'gs:model:edit',
  modelRemove: 'gs:model:remove',
  predictList: 'gs:predict:list',
  predictAdd: 'gs:predict:add',
  predictRemove: 'gs:predict:remove',
  predictVerify: 'gs:predict:verify',
} as const;
