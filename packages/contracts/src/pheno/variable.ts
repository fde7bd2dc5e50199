import { z } from 'zod';
import { IdParam } from '../envelope';
import { PageQuery } from '../query';
import { ioEndpoints } from '../common/io';
import { listSpec, resource } from '../http/endpoint';
import { phenoPermissions as P } from './permissions';
import { ScaleCategory, ScaleType } from './scale';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalNumber = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number()
    .min(-1e12)
    .max(1e12)
    .nullish()
    .transform((v) => v ?? null),
);

/** "1=Low|2=Medium|3=High" (the import's cell) or a list of {value, label}. */
const categoryList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[|\n]/)
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const at = part.indexOf('=');
            return at < 0 ? { value: part, label: '' } : { value: part.slice(0, at).trim(), label: part.slice(at + 1).trim() };
          })
      : (v ?? []),
  z.array(ScaleCategory).max(100),
);

/** "PH; PLHT" (the import's cell) or a list. */
const synonymList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[;；,，\n]/)
          .map((s) => s.trim())
          .filter(Boolean)
      : (v ?? []),
  z.array(z.string().trim().min(1).max(100)).max(20),
);

export const VariableFields = z.object({
  /** The abbreviation: the column and trait name in Field Book files, unique per crop. */
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((v) => /^[A-Za-z][A-Za-z0-9_.-]*$/.test(v), { params: { rule: 'format', format: 'A-Z a-z 0-9 _ . - (a letter first)' } }),
  /** The variable's name, e.g. "Plant height in cm". */
  name: z.string().trim().min(1).max(100),
  /** The trait observed, e.g. "Plant height". */
  trait: z.string().trim().min(1).max(100),
  /** How it is measured. */
  method: optionalText(300),
  scaleType: ScaleType,
  unit: optionalText(30),
  minimum: optionalNumber,
  maximum: optionalNumber,
  categories: categoryList,
  synonyms: synonymList,
  /** Crop Ontology variable id, kept as given (CO_321:0000020). */
  ontologyId: optionalText(40),
  description: optionalText(500),
});

function scaleRules(v: z.output<typeof VariableFields>, ctx: z.RefinementCtx) {
  const numeric = v.scaleType === 'numeric' || v.scaleType === 'percentage';
  if (numeric && v.minimum !== null && v.maximum !== null && v.minimum > v.maximum) {
    ctx.addIssue({ code: 'custom', path: ['maximum'], message: 'min > max', params: { errorCode: 'PHENO_SCALE_RANGE', min: v.minimum, max: v.maximum } });
  }
  if (v.scaleType === 'percentage' && [v.minimum, v.maximum].some((x) => x !== null && (x < 0 || x > 100))) {
    ctx.addIssue({ code: 'custom', path: ['minimum'], message: 'percentage range', params: { errorCode: 'PHENO_SCALE_PERCENT' } });
  }
  if ((v.scaleType === 'ordinal' || v.scaleType === 'nominal') && v.categories.length < 2) {
    ctx.addIssue({ code: 'custom', path: ['categories'], message: 'two categories', params: { errorCode: 'PHENO_SCALE_CATEGORIES' } });
  }
  const seen = new Set<string>();
  for (const c of v.categories) {
    if (seen.has(c.value)) {
      ctx.addIssue({ code: 'custom', path: ['categories'], message: 'repeated', params: { errorCode: 'PHENO_SCALE_CATEGORY_REPEATED', value: c.value } });
      break;
    }
    seen.add(c.value);
  }
  if (v.ontologyId && !/^[A-Za-z]+_\d+:\d+$/.test(v.ontologyId)) {
    ctx.addIssue({ code: 'custom', path: ['ontologyId'], message: 'ontology id', params: { errorCode: 'PHENO_ONTOLOGY_ID' } });
  }
}

/** Only what the scale type uses is kept: a numeric scale has no categories, a nominal one no range (the server stores this). */
export function tidyScale<T extends z.output<typeof VariableFields>>(v: T): T {
  const numeric = v.scaleType === 'numeric' || v.scaleType === 'percentage';
  const categorical = v.scaleType === 'ordinal' || v.scaleType === 'nominal';
  return {
    ...v,
    minimum: numeric ? v.minimum : null,
    maximum: numeric ? v.maximum : null,
    unit: v.scaleType === 'percentage' ? '%' : numeric ? v.unit : null,
    categories: categorical ? v.categories : [],
  };
}

export const VariableCreate = VariableFields.superRefine(scaleRules);
export type VariableCreate = z.input<typeof VariableCreate>;
export type VariableInput = z.output<typeof VariableCreate>;
export const VariableUpdate = VariableFields.extend({ id: z.number().int().positive() }).superRefine(scaleRules);
export type VariableUpdate = z.input<typeof VariableUpdate>;

export const VariableRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  trait: z.string(),
  method: z.string().nullable(),
  scaleType: ScaleType,
  unit: z.string().nullable(),
  minimum: z.number().nullable(),
  maximum: z.number().nullable(),
  categories: z.array(z.object({ value: z.string(), label: z.string() })),
  synonyms: z.array(z.string()),
  ontologyId: z.string().nullable(),
  description: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VariableRow = z.infer<typeof VariableRow>;

export const variableList = listSpec({
  filters: {
    code: { type: 'text', repeatable: true },
    name: { type: 'text', repeatable: true },
    trait: { type: 'text' },
    scaleType: { type: 'select' },
    ontologyId: { type: 'text' },
    createdAt: { type: 'date' },
  },
  sortable: ['code', 'name', 'trait', 'scaleType', 'createdAt', 'updatedAt'],
});

export const VariablePageQuery = PageQuery.extend({ scaleType: ScaleType.optional() });
export type VariablePageQuery = z.input<typeof VariablePageQuery>;
export type VariablePageParsed = z.output<typeof VariablePageQuery>;
export const VariableExportQuery = VariablePageQuery.omit({ pageNum: true, pageSize: true });
export type VariableExportQuery = z.output<typeof VariableExportQuery>;

/** Labels of the trait list's import and export columns. */
export const variableIoLabels = {
  title: { 'zh-CN': '表型性状', en: 'Phenotype traits' },
  columns: {
    code: {
      label: { 'zh-CN': '缩写', en: 'Abbreviation' },
      hint: { 'zh-CN': '必填，作物内唯一；字母开头，字母、数字、_ . -', en: 'Required, unique in the crop; a letter first, then letters, digits, _ . -' },
    },
    name: { label: { 'zh-CN': '变量名称', en: 'Variable name' } },
    trait: { label: { 'zh-CN': '性状', en: 'Trait' } },
    method: { label: { 'zh-CN': '方法', en: 'Method' } },
    scaleType: {
      label: { 'zh-CN': '标尺类型', en: 'Scale type' },
      hint: { 'zh-CN': 'numeric、percentage、ordinal、nominal、date、text', en: 'numeric, percentage, ordinal, nominal, date, text' },
    },
    unit: { label: { 'zh-CN': '单位', en: 'Unit' } },
    minimum: { label: { 'zh-CN': '最小值', en: 'Minimum' } },
    maximum: { label: { 'zh-CN': '最大值', en: 'Maximum' } },
    categories: {
      label: { 'zh-CN': '分类', en: 'Categories' },
      hint: { 'zh-CN': '值=说明，用 | 分隔，如 1=抗|5=感', en: 'value=label separated by |, e.g. 1=Resistant|5=Susceptible' },
    },
    synonyms: { label: { 'zh-CN': '同义词', en: 'Synonyms' }, hint: { 'zh-CN': '用 ; 分隔', en: 'Separated by ;' } },
    ontologyId: { label: { 'zh-CN': '作物本体编号', en: 'Crop Ontology id' } },
    description: { label: { 'zh-CN': '说明', en: 'Description' } },
    createdBy: { label: { 'zh-CN': '创建人', en: 'Created by' } },
    updatedAt: { label: { 'zh-CN': '更新时间', en: 'Updated' } },
  },
};

/** Phenotype variables (trait, method, scale) of the current crop. */
export const variable = resource(
  { tag: 'pheno: traits', base: '/api/variable' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.variableList,
      summary: 'Traits (variables) of the current crop, paged, sorted and filtered',
      query: VariablePageQuery,
      page: VariableRow,
      list: variableList,
    },
    listAll: {
      method: 'GET',
      path: '/list-all',
      permission: P.variableList,
      summary: 'Every trait of the current crop (for choosing the traits of an experiment)',
      data: z.array(VariableRow),
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.variableList, summary: 'One trait', params: IdParam, data: VariableRow },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.variableAdd,
      summary: 'Creates a trait; the abbreviation is unique in the crop',
      body: VariableCreate,
      data: VariableRow,
    },
    update: { method: 'PUT', path: '/update', permission: P.variableEdit, summary: 'Updates a trait', body: VariableUpdate, data: VariableRow },
    ...ioEndpoints('trait', { import: P.variableImport, export: P.variableExport, exportQuery: VariableExportQuery }),
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.variableRemove,
      summary: 'Deletes a trait that no experiment uses',
      params: IdParam,
      data: z.null(),
    },
  },
);
