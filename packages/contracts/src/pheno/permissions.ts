import type { RoleGrants } from '../roles';

/** Permission strings of the phenotype module, checked on the server; roles grant them through menu entries. */
export const phenoPermissions = {
  variableList: 'pheno:variable:list',
  variableAdd: 'pheno:variable:add',
  variableEdit: 'pheno:variable:edit',
  variableRemove: 'pheno:variable:remove',
  variableImport: 'pheno:variable:import',
  variableExport: 'pheno:variable:export',
  studyList: 'pheno:study:list',
  /** Push an experiment to phenotyping and choose its traits. */
  studyPush: 'pheno:study:push',
  /** Record, import and exclude observations. */
  observationEdit: 'pheno:observation:edit',
  /** Run the single-trial analysis. */
  analysisRun: 'pheno:analysis:run',
} as const;

const P = phenoPermissions;

/** What the built-in roles receive of this module. */
export const phenoRoleGrants: RoleGrants = {
  breeder: [P.variableList, P.variableAdd, P.variableEdit, P.variableImport, P.variableExport, P.studyList, P.studyPush, P.observationEdit, P.analysisRun],
  technician: [P.variableList, P.studyList, P.observationEdit],
};
