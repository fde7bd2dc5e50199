import { z } from 'zod';
import { IdParam } from '../envelope';
import type { Translations } from '../errors';
import { listSpec, resource } from '../http/endpoint';
import { LabelCode, LabelFormat } from '../label-format';
import { PageQuery } from '../query';
import { nurseryPermissions as P } from './permissions';
import { NurseryGeneration, optionalText, PollinationType, Updated } from './shared';

export const EntryFromList = z.object({ activityId: z.number().int().positive(), germListId: z.number().int().positive() });
export const EntryFromGroup = z.object({ activityId: z.number().int().positive(), entryGroupId: z.number().int().positive() });
export type EntryFromGroup = z.input<typeof EntryFromGroup>;
export const EntryFromGermplasm = z.object({
  activityId: z.number().int().positive(),
  germplasmIds: z.array(z.number().int().positive()).min(1).max(500),
});
export const EntryUpdate = z.object({
  id: z.number().int().positive(),
  generation: NurseryGeneration,
  fieldNo: optionalText(50),
  remark: optionalText(500),
});
export type EntryUpdate = z.input<typeof EntryUpdate>;

export const EntryRow = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  entryNo: z.number().int(),
  materialNo: z.string(),
  name: z.string(),
  germplasmId: z.number().int().nullable(),
  generation: z.string(),
  pedigree: z.string().nullable(),
  femaleParent: z.string().nullable(),
  maleParent: z.string().nullable(),
  plotNo: z.number().int(),
  fieldNo: z.string().nullable(),
  /** Its place on the nursery's field once laid out: the first field row, how many rows, the range (column). */
  fieldRow: z.number().int().nullable(),
  fieldRows: z.number().int().nullable(),
  fieldRange: z.number().int().nullable(),
  source: z.string().nullable(),
  /** The pollination types this entry takes part in, and how many harvests came from it. */
  pollinationTypes: z.array(PollinationType),
  harvestNumbers: z.array(z.string()),
  remark: z.string().nullable(),
});
export type EntryRow = z.infer<typeof EntryRow>;

export const entryList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    entryNo: { type: 'number', repeatable: true },
    generation: { type: 'text' },
    pedigree: { type: 'text' },
    plotNo: { type: 'number', repeatable: true },
    fieldNo: { type: 'text' },
  },
  sortable: ['entryNo', 'name', 'generation', 'plotNo'],
});

/** The corner of the field the first plot is in. */
export const LAYOUT_CORNERS = ['bottom-left', 'bottom-right', 'top-left', 'top-right'] as const;
export const LayoutCorner = z.enum(LAYOUT_CORNERS);
export type LayoutCorner = z.infer<typeof LayoutCorner>;
export const layoutCornerLabels: Record<LayoutCorner, Translations> = {
  'bottom-left': { 'zh-CN': '左下角', en: 'Bottom left' },
  'bottom-right': { 'zh-CN': '右下角', en: 'Bottom right' },
  'top-left': { 'zh-CN': '左上角', en: 'Top left' },
  'top-right': { 'zh-CN': '右上角', en: 'Top right' },
};

/**
 * Lays a nursery's entries out on its DOE field, in entry order: from the start corner along the rows of a
 * range (column), then the next range (serpentine: every other range runs back); each entry takes
 * `rowsPerEntry` consecutive rows of one range and gets the plot number of its place in that order.
 */
export const EntryLayoutRequest = z.object({
  activityId: z.number().int().positive(),
  corner: LayoutCorner.default('bottom-left'),
  serpentine: z.boolean().default(true),
  rowsPerEntry: z.number().int().min(1).max(50).default(1),
});
export type EntryLayoutRequest = z.input<typeof EntryLayoutRequest>;

export const EntryLayout = z.object({
  field: z.object({ id: z.number().int(), name: z.string(), code: z.string(), rows: z.number().int(), cols: z.number().int() }).nullable(),
  plots: z.array(
    z.object({
      entryId: z.number().int(),
      entryNo: z.number().int(),
      materialNo: z.string(),
      name: z.string(),
      plotNo: z.number().int(),
      row: z.number().int(),
      rows: z.number().int(),
      range: z.number().int(),
    }),
  ),
  /** Entries not laid out (added after the layout). */
  unplaced: z.number().int(),
});
export type EntryLayout = z.infer<typeof EntryLayout>;

/** Plot labels of laid-out entries (all when none chosen): material no., name, plot, row and range, generation. */
export const PlotLabelRequest = z.object({
  activityId: z.number().int().positive(),
  entryIds: z.array(z.number().int().positive()).max(5000).default([]),
  code: LabelCode.default('both'),
  labelFormat: LabelFormat.default('a4-3x8'),
  copies: z.number().int().min(1).max(10).default(1),
});
export type PlotLabelRequest = z.input<typeof PlotLabelRequest>;
export const plotLabelTitle: Translations = { 'zh-CN': '小区标签', en: 'Plot labels' };

export const ENTRY_IMPORT_MAX_ROWS = 5_000;
export const ENTRY_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const EntryImportQuery = z.object({ activityId: z.coerce.number().int().positive() });
export type EntryImportQuery = z.input<typeof EntryImportQuery>;
/** What an entry import did: every row checked; any refused row imports nothing (all or nothing). */
export const EntryImportReport = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  imported: z.number().int(),
  refused: z.boolean(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type EntryImportReport = z.infer<typeof EntryImportReport>;

export const EntryPageQuery = PageQuery.extend({ activityId: z.coerce.number().int().positive() });
export type EntryPageQuery = z.input<typeof EntryPageQuery>;

/** A nursery's entries: material number, entry id, generation, pedigree, parents, plot and field numbers. */
export const entry = resource(
  { tag: 'nursery: entries', base: '/api/entry' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.entryList,
      summary: "A nursery's entries, paged, sorted and filtered",
      query: EntryPageQuery,
      page: EntryRow,
      list: entryList,
    },
    fromList: {
      method: 'POST',
      path: '/fromList',
      permission: P.entryAdd,
      summary: 'Adds the entries of a planting list to a nursery (plot numbers follow on)',
      body: EntryFromList,
      data: Updated,
    },
    export: {
      method: 'GET',
      path: '/export',
      permission: P.entryList,
      summary: "A nursery's entries (with the table's keyword and filters) as xlsx",
      query: EntryPageQuery,
      file: true,
    },
    fromGroup: {
      method: 'POST',
      path: '/fromGroup',
      permission: P.entryAdd,
      summary: 'Adds the members of a DOE entry group (nursery or experiment group) to a nursery (plot numbers follow on)',
      body: EntryFromGroup,
      data: Updated,
    },
    fromGermplasm: {
      method: 'POST',
      path: '/fromGermplasm',
      permission: P.entryAdd,
      summary: 'Adds germplasm records to a nursery as entries',
      body: EntryFromGermplasm,
      data: Updated,
    },
    import: {
      method: 'POST',
      path: '/import',
      permission: P.entryAdd,
      summary:
        'Adds entries from an xlsx file (multipart `file`; activityId in the query): name (germplasm by accession number or name), generation (F, D or BC form), pedigree, parents; a row report, all or nothing',
      query: EntryImportQuery,
      bodyType: 'multipart',
      data: EntryImportReport,
    },
    layout: {
      method: 'POST',
      path: '/layout',
      permission: P.entryEdit,
      summary: "Lays the nursery's entries out on its DOE field (start corner, serpentine, rows per entry): row, range and plot number of each",
      body: EntryLayoutRequest,
      data: EntryLayout,
    },
    map: {
      method: 'GET',
      path: '/map/:id',
      permission: P.entryList,
      summary: "The nursery's field and where its entries lie on it",
      params: IdParam,
      data: EntryLayout,
    },
    labels: {
      method: 'POST',
      path: '/labels',
      permission: P.entryList,
      summary: 'Plot labels (PDF) of laid-out entries: material no., name, plot, row and range, generation; QR code and/or Code 128 carrying the material no.',
      body: PlotLabelRequest,
      file: true,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.entryEdit,
      summary: "Updates an entry's generation (F, D or BC form), field number and remark",
      body: EntryUpdate,
      data: EntryRow,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.entryRemove,
      summary: 'Deletes an entry without pollinations',
      params: IdParam,
      data: z.null(),
    },
  },
);
