import type { RoleGrants } from '../roles';

/** Permission strings of the data pipelines (spec section 7, bpm: etl/pipeline and etl/business). */
export const etlPermissions = {
  pipelineList: 'bpm:pipeline:list',
  pipelineAdd: 'bpm:pipeline:add',
  pipelineEdit: 'bpm:pipeline:edit',
  pipelineRemove: 'bpm:pipeline:remove',
  /** Run a pipeline now and read its runs and row reports. */
  pipelineRun: 'bpm:pipeline:run',
  /** Business data tables: their definitions and rows. */
  businessList: 'bpm:business:list',
  businessAdd: 'bpm:business:add',
  businessData: 'bpm:business:data',
} as const;

const P = etlPermissions;

/** What the built-in roles receive of this module. */
export const etlRoleGrants: RoleGrants = {
  breeder: [P.pipelineList, P.pipelineRun, P.businessList],
};
