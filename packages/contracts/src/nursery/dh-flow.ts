import { z } from 'zod';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { nurseryPermissions as P } from './permissions';
import { codeText, optionalText, requiredText } from './shared';

export const DH_ATTRIBUTE_TYPES = ['number', 'text', 'date', 'select', 'formula'] as const;
export const DhAttributeType = z.enum(DH_ATTRIBUTE_TYPES);
export type DhAttributeType = z.infer<typeof DhAttributeType>;

/** An attribute code is what formulas name: a letter, then letters, digits or `_`. */
const attributeCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((v) => /^[A-Za-z][A-Za-z0-9_]*$/.test(v), { params: { rule: 'format', format: 'A-Z a-z 0-9 _' } });

export const DhAttribute = z.object({
  name: requiredText(60),
  code: attributeCode,
  type: DhAttributeType,
  order: z.number().int().min(0).max(999),
  /** For a formula attribute: an expression over the other attributes' codes, e.g. `haploid / total`. */
  formula: optionalText(500),
  /** For a select attribute: its choices. */
  options: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
});
export type DhAttribute = z.output<typeof DhAttribute>;
/** An attribute as answered (plain fields, no input transforms). */
export const DhAttributeRow = z.object({
  name: z.string(),
  code: z.string(),
  type: DhAttributeType,
  order: z.number().int(),
  formula: z.string().nullable(),
  options: z.array(z.string()),
});

const FlowFields = z.object({
  name: requiredText(60),
  code: codeText(40),
  remark: optionalText(500),
  attributes: z.array(DhAttribute).min(1).max(60),
});
export const DhFlowCreate = FlowFields;
export type DhFlowCreate = z.input<typeof DhFlowCreate>;
export const DhFlowUpdate = FlowFields.extend({ id: z.number().int().positive() });
export type DhFlowUpdate = z.input<typeof DhFlowUpdate>;

export const DhFlowRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  remark: z.string().nullable(),
  attributes: z.array(DhAttributeRow),
  attributeCount: z.number().int(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type DhFlowRow = z.infer<typeof DhFlowRow>;

export const dhFlowList = listSpec({ filters: { name: { type: 'text' }, code: { type: 'text' } }, sortable: ['name', 'code', 'updatedAt'] });
export const DhFlowPageQuery = PageQuery;

/** Values of a template's attributes in, its formula attributes computed out. */
export const DhFlowCompute = z.object({
  id: z.number().int().positive(),
  values: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
});
export const DhFlowComputed = z.object({ values: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])) });

/** DH flow templates: the attributes recorded along a double-haploid pipeline, formula attributes computed safely. */
export const dhFlow = resource(
  { tag: 'nursery: DH flow templates', base: '/api/dhFlow' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.dhFlowList,
      summary: 'DH flow templates of the current crop',
      query: DhFlowPageQuery,
      page: DhFlowRow,
      list: dhFlowList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.dhFlowList, summary: 'One DH flow template', params: IdParam, data: DhFlowRow },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.dhFlowAdd,
      summary: 'Creates a DH flow template; formulas may name only the template’s other attributes and are never run as code',
      body: DhFlowCreate,
      data: DhFlowRow,
    },
    update: { method: 'PUT', path: '/update', permission: P.dhFlowEdit, summary: 'Updates a DH flow template', body: DhFlowUpdate, data: DhFlowRow },
    compute: {
      method: 'POST',
      path: '/compute',
      permission: P.dhFlowList,
      summary: 'Computes the formula attributes of a template from values of the others (a division by zero is refused)',
      body: DhFlowCompute,
      data: DhFlowComputed,
      audit: false,
    },
    remove: { method: 'DELETE', path: '/:id', permission: P.dhFlowRemove, summary: 'Deletes a DH flow template', params: IdParam, data: z.null() },
  },
);
