import { z } from 'zod';
import { PageQuery } from '../query';
import { listSpec, resource } from '../http/endpoint';
import { optionalText, requiredText } from '../doe/shared';
import { bpmPermissions as P } from './permissions';
import { FormSnapshot } from './form';

/** A BPMN text as bpmn-js saves it (the server reads it strictly; 2 MiB like the engine's cap). */
export const BpmnXml = z
  .string()
  .min(1)
  .max(2 * 1024 * 1024);
export const IdQuery = z.object({ id: z.coerce.number().int().positive() });
export type IdQuery = z.input<typeof IdQuery>;

export const DEFINITION_STATES = ['active', 'suspended'] as const;
export const DefinitionState = z.enum(DEFINITION_STATES);
export type DefinitionState = z.infer<typeof DefinitionState>;

export const ModelCreate = z.object({
  /** The process key: letters, digits and `_`; a BPMN id (unique in the organisation). */
  key: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/),
  name: requiredText(100),
  category: optionalText(50),
  description: optionalText(500),
  bpmnXml: BpmnXml.nullish().transform((v) => v ?? null),
});
export type ModelCreate = z.input<typeof ModelCreate>;
export const ModelUpdate = ModelCreate.omit({ key: true }).extend({ id: z.number().int().positive() });
export type ModelUpdate = z.input<typeof ModelUpdate>;

export const DefinitionBrief = z.object({ id: z.number().int(), version: z.number().int(), state: DefinitionState, deployedAt: z.string() });
export const ModelRow = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  latest: DefinitionBrief.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModelRow = z.infer<typeof ModelRow>;
export const ModelDetail = ModelRow.extend({ bpmnXml: z.string().nullable() });
export type ModelDetail = z.infer<typeof ModelDetail>;

export const modelList = listSpec({ filters: {}, sortable: ['key', 'name', 'createdAt', 'updatedAt'] });
export const ModelPageQuery = PageQuery.extend({ category: z.string().trim().max(50).optional() });

export const UserTaskInfo = z.object({
  key: z.string(),
  name: z.string(),
  countersign: z.enum(['all', 'any']).nullable(),
  rejectTarget: z.string().nullable(),
  formKey: z.string().nullable(),
});
export const DefinitionRow = z.object({
  id: z.number().int(),
  modelId: z.number().int(),
  key: z.string(),
  name: z.string(),
  version: z.number().int(),
  state: DefinitionState,
  deployedAt: z.string(),
  deployedBy: z.string().nullable(),
  userTasks: z.array(UserTaskInfo),
  /** The start event's form (filled in the start dialog), copied at deployment. */
  startForm: FormSnapshot.nullable(),
});
export type DefinitionRow = z.infer<typeof DefinitionRow>;
export const DefinitionPageQuery = PageQuery.extend({
  modelId: z.coerce.number().int().positive().optional(),
  key: z.string().trim().max(64).optional(),
  state: DefinitionState.optional(),
});
export const DefinitionListQuery = z.object({ state: DefinitionState.optional(), modelId: z.coerce.number().int().positive().optional() });
export const definitionList = listSpec({ filters: {}, sortable: ['key', 'version', 'deployedAt'] });
export const DefinitionStateUpdate = z.object({ id: z.number().int().positive(), state: DefinitionState });
export type DefinitionStateUpdate = z.input<typeof DefinitionStateUpdate>;

/** Process models: BPMN drawn in the designer or imported; deploying makes an immutable definition version. */
export const model = resource(
  { tag: 'bpm: process models', base: '/bpm/model' },
  {
    page: { method: 'GET', path: '/page', permission: P.modelQuery, summary: 'Process models, paged', query: ModelPageQuery, page: ModelRow, list: modelList },
    get: { method: 'GET', path: '/get', permission: P.modelQuery, summary: 'One model with its BPMN XML', query: IdQuery, data: ModelDetail },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.modelCreate,
      summary: 'Creates a model; a given BPMN text must be valid BPMN 2.0',
      body: ModelCreate,
      data: ModelDetail,
    },
    update: { method: 'PUT', path: '/update', permission: P.modelUpdate, summary: 'Updates a model (name, diagram)', body: ModelUpdate, data: ModelDetail },
    delete: {
      method: 'DELETE',
      path: '/delete',
      permission: P.modelDelete,
      summary: 'Deletes a model not bound to a business type',
      query: IdQuery,
      data: z.null(),
    },
    import: {
      method: 'POST',
      path: '/import',
      permission: P.modelImport,
      summary: 'Imports one .bpmn file (multipart: optional name, then file) as a new model; refused when it is not valid BPMN 2.0',
      bodyType: 'multipart',
      data: ModelDetail,
    },
    deploy: {
      method: 'POST',
      path: '/deploy',
      permission: P.modelDeploy,
      summary: 'Deploys the model: a new immutable definition version (running instances keep theirs)',
      body: z.object({ id: z.number().int().positive() }),
      data: DefinitionRow,
    },
    updateState: {
      method: 'PUT',
      path: '/update-state',
      permission: P.definitionUpdate,
      summary: 'Suspends or activates a definition version (a suspended one starts no new instance)',
      body: DefinitionStateUpdate,
      data: DefinitionRow,
    },
  },
);

/** Deployed definitions (read only). */
export const definition = resource(
  { tag: 'bpm: process definitions', base: '/bpm/process-definition' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.definitionQuery,
      summary: 'Definition versions, paged',
      query: DefinitionPageQuery,
      page: DefinitionRow,
      list: definitionList,
    },
    list: {
      method: 'GET',
      path: '/list',
      permission: P.instanceCreate,
      summary: 'Definitions (latest first)',
      query: DefinitionListQuery,
      data: z.array(DefinitionRow),
    },
    getBpmnXml: {
      method: 'GET',
      path: '/get-bpmn-xml',
      permission: P.instanceQuery,
      summary: 'The BPMN XML of a definition version',
      query: IdQuery,
      data: z.string(),
    },
  },
);
