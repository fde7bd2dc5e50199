import { z } from 'zod';
import { PageQuery } from '../query';
import { listSpec, resource } from '../http/endpoint';
import { optionalText, requiredText } from '../doe/shared';
import { DynamicFormSchema } from '../common/dynamic-form';
import { bpmPermissions as P } from './permissions';

/** (Defined here, not imported from ./model, which imports this file.) */
const IdQuery = z.object({ id: z.coerce.number().int().positive() });
/** A picker entry with its key. */
export const SimpleKeyed = z.object({ id: z.number().int(), key: z.string(), name: z.string() });

/**
 * Workflow forms (issue 15 item 2): a dynamic-form schema with a key; a start event or user task names it
 * by `bw:formKey`. Deploying a model copies the forms it names into the definition version, so running
 * processes keep the form they started with.
 */
export const FormFields = z.object({
  /** Letters, digits, `_` and `-`: what `bw:formKey` holds (unique in the organisation). */
  key: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/),
  name: requiredText(100),
  remark: optionalText(500),
  schema: DynamicFormSchema,
});
export const FormCreate = FormFields;
export type FormCreate = z.input<typeof FormCreate>;
export const FormUpdate = FormFields.extend({ id: z.number().int().positive() });
export type FormUpdate = z.input<typeof FormUpdate>;

export const FormRow = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  schema: DynamicFormSchema,
  fieldCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormRow = z.infer<typeof FormRow>;
export const formList = listSpec({ filters: {}, sortable: ['key', 'name', 'createdAt', 'updatedAt'] });

/** A form as a definition version holds it (copied at deployment). */
export const FormSnapshot = z.object({ key: z.string(), name: z.string(), schema: DynamicFormSchema });
export type FormSnapshot = z.infer<typeof FormSnapshot>;

/** Form values submitted at one step (the start or a task decision), for the instance detail. */
export const SubmittedForm = z.object({
  /** The task row, null for the start form. */
  taskId: z.number().int().nullable(),
  step: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  form: FormSnapshot,
  values: z.record(z.string(), z.unknown()),
});
export type SubmittedForm = z.infer<typeof SubmittedForm>;

export const form = resource(
  { tag: 'bpm: forms', base: '/bpm/form' },
  {
    page: { method: 'GET', path: '/page', permission: P.formQuery, summary: 'Workflow forms, paged', query: PageQuery, page: FormRow, list: formList },
    get: { method: 'GET', path: '/get', permission: P.formQuery, summary: 'One form with its schema', query: IdQuery, data: FormRow },
    listAllSimple: {
      method: 'GET',
      path: '/list-all-simple',
      permission: P.formQuery,
      summary: 'Every form (id, key, name) for the designer’s form picker',
      data: z.array(SimpleKeyed),
    },
    create: { method: 'POST', path: '/create', permission: P.formCreate, summary: 'Creates a form', body: FormCreate, data: FormRow },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.formUpdate,
      summary: 'Changes a form (definitions deployed later use the new schema)',
      body: FormUpdate,
      data: FormRow,
    },
    delete: { method: 'DELETE', path: '/delete', permission: P.formDelete, summary: 'Deletes a form no model names', query: IdQuery, data: z.null() },
  },
);
