import { z } from 'zod';
import { isGeneration, normalizeGeneration, PEDIGREE_ERROR_MESSAGES, tryParsePurdy } from '@breedwise/pedigree';
import type { Translations } from '../errors';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { ioEndpoints } from '../common/io';
import { listSpec, resource } from '../http/endpoint';
import { germPermissions as P } from './permissions';
import { codeText, optionalDate, optionalText, requiredText } from '../doe/shared';

/** Kinds of germplasm a maize, rice, wheat or soybean bank keeps (BrAPI germplasm types, simplified). */
export const GERMPLASM_TYPES = ['inbred', 'hybrid', 'landrace', 'opv', 'population', 'dh', 'breeding', 'variety', 'wild', 'other'] as const;
export const GermplasmType = z.enum(GERMPLASM_TYPES);
export type GermplasmType = z.infer<typeof GermplasmType>;

/** Fixed lines: written by their own name inside other records' pedigrees, never expanded into their cross. */
export const FIXED_GERMPLASM_TYPES: readonly GermplasmType[] = ['inbred', 'dh', 'variety', 'landrace', 'opv', 'population', 'wild'];

export const germplasmTypeLabels: Record<GermplasmType, Translations> = {
  inbred: { 'zh-CN': '自交系', en: 'Inbred line' },
  hybrid: { 'zh-CN': '杂交种', en: 'Hybrid' },
  landrace: { 'zh-CN': '地方品种', en: 'Landrace' },
  opv: { 'zh-CN': '开放授粉品种', en: 'Open-pollinated variety' },
  population: { 'zh-CN': '群体', en: 'Population' },
  dh: { 'zh-CN': 'DH 系', en: 'DH line' },
  breeding: { 'zh-CN': '育种材料', en: 'Breeding line' },
  variety: { 'zh-CN': '审定品种', en: 'Released variety' },
  wild: { 'zh-CN': '野生近缘种', en: 'Wild relative' },
  other: { 'zh-CN': '其他', en: 'Other' },
};

/** A generation code: F1, BC1F1, D1, S0 ... (spec section 5), written canonically. */
export const generationText = z
  .string()
  .trim()
  .max(10)
  .nullish()
  .refine((v) => !v || isGeneration(v), { params: { rule: 'format', format: 'F1, BC1F1, D1, S0' } })
  .transform((v) => (v ? normalizeGeneration(v)! : null));

/** A Purdy pedigree: checked with the engine, the error naming the position of the fault. */
export const pedigreeText = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .superRefine((v, ctx) => {
    if (!v) return;
    const parsed = tryParsePurdy(v);
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.message,
        params: {
          errorCode: 'GERM_PEDIGREE_SYNTAX',
          reason: parsed.error.code,
          // The reason in words, never the engine's code (MISSING_PARENT).
          reasonZh: PEDIGREE_ERROR_MESSAGES[parsed.error.code]['zh-CN'],
          reasonEn: PEDIGREE_ERROR_MESSAGES[parsed.error.code].en,
          position: parsed.error.position + 1,
        },
      });
    }
  })
  .transform((v) => (v ? v : null));

const fileId = z.string().uuid();

export const GermplasmAttribute = z.object({ key: requiredText(50), value: z.string().trim().max(500) });
export type GermplasmAttribute = z.infer<typeof GermplasmAttribute>;

export const GermplasmFields = z.object({
  accessionNo: codeText(50),
  name: requiredText(100),
  synonyms: z.array(requiredText(100)).max(20).default([]),
  type: GermplasmType,
  origin: optionalText(100),
  source: optionalText(200),
  generation: generationText,
  femaleParentId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  maleParentId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  pedigree: pedigreeText,
  introducedOn: optionalDate,
  attributes: z.array(GermplasmAttribute).max(50).default([]),
  imageIds: z.array(fileId).max(20).default([]),
  documentIds: z.array(fileId).max(20).default([]),
  remark: optionalText(500),
});

function parentsDiffer(v: { femaleParentId: number | null; maleParentId: number | null }, ctx: z.RefinementCtx) {
  // Selfing records one parent; the same record on both sides is almost always a slip.
  if (v.femaleParentId !== null && v.femaleParentId === v.maleParentId) {
    ctx.addIssue({ code: 'custom', path: ['maleParentId'], message: 'same parent twice', params: { errorCode: 'GERM_PARENTS_SAME' } });
  }
}

/** A manual accession number; empty: the next number of the crop's series (`accessionSeries`). */
export const optionalAccessionNo = z
  .string()
  .trim()
  .max(50)
  .nullish()
  .refine((v) => !v || /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(v), { params: { rule: 'format', format: 'A-Z a-z 0-9 _ . -' } })
  .transform((v) => (v ? v : null));

export const GermplasmCreate = GermplasmFields.extend({ accessionNo: optionalAccessionNo }).superRefine(parentsDiffer);
export type GermplasmCreate = z.input<typeof GermplasmCreate>;
/** A record as stored: the accession number is known (given, or allocated from the series). */
export type GermplasmInput = z.output<typeof GermplasmFields>;
/** A registration as sent: without an accession number the crop's series allocates one. */
export type GermplasmCreateInput = z.output<typeof GermplasmCreate>;
export const GermplasmUpdate = GermplasmFields.extend({ id: z.number().int().positive() }).superRefine(parentsDiffer);
export type GermplasmUpdate = z.input<typeof GermplasmUpdate>;

/**
 * An xlsx import row: parents by accession number instead of id; an empty accession number takes the next
 * of the crop's series, as a registration does.
 */
export const GermplasmImportRow = GermplasmFields.omit({
  accessionNo: true,
  femaleParentId: true,
  maleParentId: true,
  imageIds: true,
  documentIds: true,
  attributes: true,
  synonyms: true,
}).extend({
  synonyms: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) =>
      v
        ? v
            .split(/[;；,，]/)
            .map((s) => s.trim())
            .filter(Boolean)
            .slice(0, 20)
        : [],
    ),
  accessionNo: optionalAccessionNo,
  femaleParent: optionalText(50),
  maleParent: optionalText(50),
});
export type GermplasmImportRow = z.output<typeof GermplasmImportRow>;

export const StockByUnit = z.object({ unit: z.string(), quantity: z.number() });

export const GermplasmRow = z.object({
  id: z.number().int(),
  cropId: z.number().int(),
  accessionNo: z.string(),
  name: z.string(),
  synonyms: z.array(z.string()),
  type: GermplasmType,
  origin: z.string().nullable(),
  source: z.string().nullable(),
  generation: z.string().nullable(),
  femaleParentId: z.number().int().nullable(),
  femaleParentName: z.string().nullable(),
  femaleParentAccession: z.string().nullable(),
  maleParentId: z.number().int().nullable(),
  maleParentName: z.string().nullable(),
  maleParentAccession: z.string().nullable(),
  pedigree: z.string().nullable(),
  introducedOn: z.string().nullable(),
  remark: z.string().nullable(),
  lotCount: z.number().int(),
  stock: z.array(StockByUnit),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GermplasmRow = z.infer<typeof GermplasmRow>;

export const FileRef = z.object({ fileId: z.string(), fileName: z.string(), url: z.string() });
export type FileRef = z.infer<typeof FileRef>;

export const GermplasmDetail = GermplasmRow.extend({
  attributes: z.array(GermplasmAttribute),
  images: z.array(FileRef),
  documents: z.array(FileRef),
  /** The Purdy string written from the parent records (6 cross levels; fixed lines by name), when the parents are known. */
  generatedPedigree: z.string().nullable(),
  childCount: z.number().int(),
});
export type GermplasmDetail = z.infer<typeof GermplasmDetail>;

export const GermplasmPageQuery = PageQuery.extend({
  type: GermplasmType.optional(),
  /** Only records with stock (`true`) or without (`false`). */
  inStock: z.enum(['true', 'false']).optional(),
});
export const GermplasmExportQuery = GermplasmPageQuery.omit({ pageNum: true, pageSize: true });
export type GermplasmPageQuery = z.input<typeof GermplasmPageQuery>;
export type GermplasmPageParsed = z.output<typeof GermplasmPageQuery>;
export type GermplasmExportQuery = z.output<typeof GermplasmExportQuery>;

/** Options for parent pickers: accession and name, by keyword. */
export const GermplasmOption = z.object({
  id: z.number().int(),
  accessionNo: z.string(),
  name: z.string(),
  type: GermplasmType,
  generation: z.string().nullable(),
});
export type GermplasmOption = z.infer<typeof GermplasmOption>;
const MAX_ID = 2_147_483_647;
export const GermplasmOptionQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  /** Comma-separated ids (labels of values chosen earlier). */
  ids: z
    .string()
    .max(2000)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .refine((v) => v.split(',').every((id) => Number(id) >= 1 && Number(id) <= MAX_ID), { params: { rule: 'format', format: '1,2,3' } })
    .optional(),
});

export const PedigreeQuery = z.object({ depth: z.coerce.number().int().min(1).max(10).default(4) });
export const PedigreeNode = z.object({
  id: z.number().int(),
  accessionNo: z.string(),
  name: z.string(),
  type: GermplasmType,
  generation: z.string().nullable(),
  pedigree: z.string().nullable(),
});
export const PedigreeGraph = z.object({
  rootId: z.number().int(),
  purdy: z.string().nullable(),
  truncated: z.boolean(),
  nodes: z.array(PedigreeNode),
  edges: z.array(z.object({ child: z.number().int(), parent: z.number().int(), role: z.enum(['female', 'male']) })),
  /** Records that name this one as a parent. */
  children: z.array(PedigreeNode),
});
export type PedigreeGraph = z.infer<typeof PedigreeGraph>;

export const PedigreeCheck = z.object({ text: z.string().max(1000) });
export const PedigreeCheckResult = z.object({
  ok: z.boolean(),
  normalized: z.string().nullable(),
  error: z.object({ code: z.string(), position: z.number().int(), message: z.string() }).nullable(),
  /** Names in the pedigree and the records of this crop that carry them (by name or accession). */
  names: z.array(z.object({ name: z.string(), matches: z.array(GermplasmOption) })),
});
export type PedigreeCheckResult = z.infer<typeof PedigreeCheckResult>;

// Traits and trait groups (descriptors): the record page's trait tabs.
export const TRAIT_DATA_TYPES = ['number', 'text', 'category'] as const;
export const TraitFields = z.object({
  groupName: requiredText(50),
  code: codeText(50),
  name: requiredText(100),
  unit: optionalText(20),
  dataType: z.enum(TRAIT_DATA_TYPES),
  /** Allowed values of a category trait. */
  categories: z.array(requiredText(50)).max(50).default([]),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const TraitCreate = TraitFields;
export type TraitCreate = z.input<typeof TraitCreate>;
export type TraitInput = z.output<typeof TraitCreate>;
export const TraitUpdate = TraitFields.extend({ id: z.number().int().positive() });
export type TraitUpdate = z.input<typeof TraitUpdate>;
export const TraitRow = z.object({
  id: z.number().int(),
  groupName: z.string(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  dataType: z.enum(TRAIT_DATA_TYPES),
  categories: z.array(z.string()),
  sort: z.number().int(),
});
export type TraitRow = z.infer<typeof TraitRow>;

export const TraitGroupParams = z.object({ germplasmId: z.coerce.number().int().positive(), group: z.string().trim().min(1).max(50) });
export const TraitGroup = z.object({
  groupName: z.string(),
  traits: z.array(TraitRow.extend({ value: z.string().nullable(), updatedAt: z.string().nullable() })),
});
export type TraitGroup = z.infer<typeof TraitGroup>;
export const TraitValuesSave = z.object({
  germplasmId: z.number().int().positive(),
  values: z
    .array(z.object({ traitId: z.number().int().positive(), value: z.string().trim().max(200).nullable() }))
    .min(1)
    .max(200),
});
export type TraitValuesSave = z.input<typeof TraitValuesSave>;

export const germplasmFieldLabels: Record<string, Translations> = {
  accessionNo: { 'zh-CN': '种质编号', en: 'Accession number' },
  synonyms: { 'zh-CN': '别名', en: 'Synonyms' },
  origin: { 'zh-CN': '原产地', en: 'Origin' },
  source: { 'zh-CN': '来源', en: 'Source' },
  generation: { 'zh-CN': '世代', en: 'Generation' },
  femaleParentId: { 'zh-CN': '母本', en: 'Female parent' },
  maleParentId: { 'zh-CN': '父本', en: 'Male parent' },
  femaleParent: { 'zh-CN': '母本', en: 'Female parent' },
  maleParent: { 'zh-CN': '父本', en: 'Male parent' },
  pedigree: { 'zh-CN': '系谱', en: 'Pedigree' },
  introducedOn: { 'zh-CN': '入库日期', en: 'Date introduced' },
  attributes: { 'zh-CN': '属性', en: 'Attributes' },
  imageIds: { 'zh-CN': '图片', en: 'Images' },
  documentIds: { 'zh-CN': '文档', en: 'Documents' },
  groupName: { 'zh-CN': '性状组', en: 'Trait group' },
  dataType: { 'zh-CN': '数据类型', en: 'Data type' },
  categories: { 'zh-CN': '可选值', en: 'Categories' },
  traitId: { 'zh-CN': '性状', en: 'Trait' },
  germplasmId: { 'zh-CN': '种质', en: 'Germplasm' },
  depth: { 'zh-CN': '层数', en: 'Depth' },
  inStock: { 'zh-CN': '有库存', en: 'In stock' },
};

/** What a germplasm list may be filtered and sorted by (the drawer and the server read this). */
export const germplasmList = listSpec({
  filters: {
    accessionNo: { type: 'text', repeatable: true },
    name: { type: 'text', repeatable: true },
    type: { type: 'select' },
    generation: { type: 'text' },
    pedigree: { type: 'text', repeatable: true },
    origin: { type: 'text' },
    source: { type: 'text' },
    remark: { type: 'text' },
    introducedOn: { type: 'date' },
    createdAt: { type: 'date' },
  },
  sortable: ['accessionNo', 'name', 'type', 'origin', 'source', 'generation', 'introducedOn', 'createdAt', 'updatedAt'],
});

/** Germplasm records of the current crop: passport data, parents, pedigree, trait values, import and export. */
export const germplasm = resource(
  { tag: 'germ: germplasm', base: '/api/germplasm' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.germplasmList,
      summary: 'Germplasm of the current crop, paged, sorted and filtered (keyword: accession, name, synonyms, pedigree)',
      query: GermplasmPageQuery,
      page: GermplasmRow,
      list: germplasmList,
    },
    options: {
      method: 'GET',
      path: '/options',
      permission: P.germplasmList,
      summary: 'Germplasm for pickers: by keyword (accession or name) or by ids',
      query: GermplasmOptionQuery,
      data: z.array(GermplasmOption),
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.germplasmQuery,
      summary: 'One germplasm with attributes, images, documents and the pedigree written from its parents',
      params: IdParam,
      data: GermplasmDetail,
    },
    pedigree: {
      method: 'GET',
      path: '/pedigree/:id',
      permission: P.germplasmQuery,
      summary: 'Ancestry graph (nodes, female/male edges) to a depth, the generated Purdy string, and the direct offspring',
      params: IdParam,
      query: PedigreeQuery,
      data: PedigreeGraph,
    },
    checkPedigree: {
      audit: false,
      method: 'POST',
      path: '/pedigree/check',
      permission: P.germplasmList,
      summary: 'Checks a Purdy string (error with position), writes it canonically and finds the records its names refer to',
      body: PedigreeCheck,
      data: PedigreeCheckResult,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.germplasmAdd,
      summary: 'Registers a germplasm; the accession number (unique in the crop) is the next of the crop’s series unless given; parents must not form a cycle',
      body: GermplasmCreate,
      data: GermplasmDetail,
    },
    update: { method: 'PUT', path: '/update', permission: P.germplasmEdit, summary: 'Updates a germplasm', body: GermplasmUpdate, data: GermplasmDetail },
    saveTraits: {
      method: 'PUT',
      path: '/traits',
      permission: P.germplasmEdit,
      summary: 'Saves trait values of one germplasm (empty clears a value)',
      body: TraitValuesSave,
      data: z.null(),
    },
    ...ioEndpoints('germplasm', { import: P.germplasmImport, export: P.germplasmExport, exportQuery: GermplasmExportQuery }),
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.germplasmRemove,
      summary: 'Deletes a germplasm without lots or offspring',
      params: IdParam,
      data: z.null(),
    },
  },
);

/** The record page's trait tabs (`front/germplasm/traitGroup/list/{germplasmId}/{group}`). */
export const traitGroup = resource(
  { tag: 'germ: germplasm', base: '/front/germplasm' },
  {
    list: {
      method: 'GET',
      path: '/traitGroup/list/:germplasmId/:group',
      permission: P.germplasmQuery,
      summary: 'Trait groups of the crop with the values of one germplasm; group `all` for every group',
      params: TraitGroupParams,
      data: z.array(TraitGroup),
    },
  },
);

/** Trait descriptors of the current crop. */
export const trait = resource(
  { tag: 'germ: traits', base: '/api/trait' },
  {
    list: { method: 'GET', path: '/list', permission: P.germplasmList, summary: 'Trait descriptors of the current crop', data: z.array(TraitRow) },
    create: { method: 'POST', path: '/create', permission: P.traitEdit, summary: 'Adds a trait descriptor', body: TraitCreate, data: TraitRow },
    update: { method: 'PUT', path: '/update', permission: P.traitEdit, summary: 'Updates a trait descriptor', body: TraitUpdate, data: TraitRow },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.traitEdit,
      summary: 'Deletes a trait descriptor and its values',
      params: IdParam,
      data: z.null(),
    },
  },
);
