import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { ExportStarted } from '../common/io';
import { listSpec, resource } from '../http/endpoint';
import { doePermissions as P } from './permissions';
import { NamedOption, OptionQuery, Season, Year, optionalDate, optionalId, optionalText, requiredId, requiredText } from './shared';

/** Experiment states (spec section 4), in their order. */
export const EXPERIMENT_STATUSES = ['temporary', 'designed', 'finished', 'harvested'] as const;
export const ExperimentStatus = z.enum(EXPERIMENT_STATUSES);
export type ExperimentStatus = z.infer<typeof ExperimentStatus>;

/**
 * The named transitions and the states each may start from; `design` happens by saving a layout.
 * `push` hands the experiment to the phenotype system and locks its information (a flag, not a state,
 * and irreversible).
 */
export const EXPERIMENT_TRANSITIONS = {
  design: { from: ['temporary', 'designed'], to: 'designed' },
  reset: { from: ['designed'], to: 'temporary' },
  finish: { from: ['designed'], to: 'finished' },
  reopen: { from: ['finished'], to: 'designed' },
  harvest: { from: ['finished'], to: 'harvested' },
  push: { from: ['designed', 'finished', 'harvested'], to: null },
} as const satisfies Record<string, { from: readonly ExperimentStatus[]; to: ExperimentStatus | null }>;
export type ExperimentAction = keyof typeof EXPERIMENT_TRANSITIONS;
export const STATUS_ACTIONS = ['reset', 'finish', 'reopen', 'harvest', 'push'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];

/** Design methods offered for experiments (the engine's, without the pure factorial). */
export const EXPERIMENT_DESIGNS = [
  'crd',
  'rcbd',
  'latin',
  'lattice',
  'alpha',
  'rowcol',
  'augmented',
  'diagonal',
  'prep',
  'split',
  'strip',
  'entry-order',
] as const;
export const DesignMethod = z.enum(EXPERIMENT_DESIGNS);
export type DesignMethod = z.infer<typeof DesignMethod>;

/** Where the traits to observe come from. */
export const TRAIT_SOURCES = ['crop', 'template', 'custom'] as const;
export const TraitSource = z.enum(TRAIT_SOURCES);

/** Parameters each design method needs besides location, field, rows and columns (spec section 5). */
export const DESIGN_REQUIREMENTS: Record<DesignMethod, readonly ('reps' | 'blockCount' | 'checks' | 'checkStart' | 'checkInterval' | 'factor')[]> = {
  crd: ['reps', 'checks'],
  rcbd: ['reps', 'checks'],
  latin: ['checks'],
  lattice: ['reps', 'checks'],
  alpha: ['reps', 'blockCount', 'checks'],
  rowcol: ['reps', 'checks'],
  augmented: ['blockCount', 'checks'],
  diagonal: ['checks'],
  prep: ['checks'],
  split: ['reps', 'factor'],
  strip: ['reps', 'factor'],
  'entry-order': ['checks', 'checkStart', 'checkInterval'],
};

/** Largest randomisation seed (unsigned 32 bits, as the engine draws them). */
export const MAX_DESIGN_SEED = 0xffffffff;
export const MAX_DESIGN_REPS = 100;
export const MAX_DESIGN_DIGITS = 9;

const optionalInt = (min: number, max: number) =>
  z
    .number()
    .int()
    .min(min)
    .max(max)
    .nullish()
    .transform((v) => v ?? null);

export const ExperimentFields = z.object({
  /** Project, location and field are required (issue 14 item 2); the location and field are the experiment's first site. */
  projectId: requiredId,
  name: requiredText(100),
  /** Unique in the organisation; generated from the year and id when left empty. */
  code: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .refine((v) => !v || /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(v), { params: { rule: 'format', format: 'A-Z a-z 0-9 _ . -' } })
    .transform((v) => (v ? v : null)),
  locationId: requiredId,
  fieldId: requiredId,
  year: Year,
  season: Season,
  stage: optionalText(30),
  expType: optionalText(30),
  sowingDate: optionalDate,
  harvestDate: optionalDate,
  reps: z.number().int().min(1).max(MAX_DESIGN_REPS).default(1),
  designMethod: DesignMethod,
  traitSource: TraitSource.default('crop'),
  traits: z.array(z.string().trim().min(1).max(50)).max(200).default([]),
  seed: optionalInt(0, MAX_DESIGN_SEED),
  checkStart: optionalInt(1, 100_000),
  checkEnd: optionalInt(1, 100_000),
  checkInterval: optionalInt(1, 100_000),
  filler: optionalText(100),
  blockCount: optionalInt(1, 100_000),
  rows: optionalInt(1, 100_000),
  cols: optionalInt(1, 100_000),
  remark: optionalText(1000),
});

function experimentRules(
  v: { sowingDate: string | null; harvestDate: string | null; checkStart: number | null; checkEnd: number | null },
  ctx: z.RefinementCtx,
) {
  if (v.sowingDate && v.harvestDate && v.harvestDate < v.sowingDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['harvestDate'],
      message: 'reaping before sowing',
      params: { errorCode: 'DOE_DATE_ORDER', from: v.sowingDate, to: v.harvestDate },
    });
  }
  if (v.checkStart !== null && v.checkEnd !== null && v.checkEnd < v.checkStart) {
    ctx.addIssue({
      code: 'custom',
      path: ['checkEnd'],
      message: 'end before start',
      params: { errorCode: 'DOE_CHECK_END_BEFORE_START', start: v.checkStart, end: v.checkEnd },
    });
  }
}

export const ExperimentCreate = ExperimentFields.superRefine(experimentRules);
export type ExperimentCreate = z.input<typeof ExperimentCreate>;
export type ExperimentInput = z.output<typeof ExperimentCreate>;
export const ExperimentUpdate = ExperimentFields.extend({ id: z.number().int().positive() }).superRefine(experimentRules);
export type ExperimentUpdate = z.input<typeof ExperimentUpdate>;

export const LayoutSettings = z.object({
  order: z.enum(['serpentine', 'cartesian']).default('serpentine'),
  direction: z.enum(['rows', 'columns']).default('rows'),
  startCorner: z.enum(['bottom-left', 'top-left', 'bottom-right', 'top-right']).default('bottom-left'),
  repsArrangement: z.enum(['rows', 'columns']).default('rows'),
});
export type LayoutSettings = z.infer<typeof LayoutSettings>;

export const NumberingSettings = z.object({
  mode: z.enum(['block', 'continuous']).default('block'),
  startNumber: z.number().int().min(0).max(999_999_999).default(1),
  /** Serial digits: block mode digits of the serial within a rep, continuous mode digits of the number. */
  digits: z
    .number()
    .int()
    .min(1)
    .max(MAX_DESIGN_DIGITS)
    .nullish()
    .transform((v) => v ?? null),
});
export type NumberingSettings = z.infer<typeof NumberingSettings>;

/** A design as the editor sends it, for a preview or for saving (the experiment supplies entries, location and field). */
export const DesignParams = z.object({
  id: z.number().int().positive(),
  /** The location (site) to design; the experiment's first site when left out. */
  siteId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  /** The user confirmed sharing plots with another experiment of the same season on this field (recorded on the design). */
  sharePlots: z.boolean().default(false),
  /** Plan name (spec section 5: required). */
  planName: requiredText(100),
  designMethod: DesignMethod,
  reps: optionalInt(1, MAX_DESIGN_REPS),
  blockCount: optionalInt(1, 100_000),
  rows: optionalInt(1, 100_000),
  cols: optionalInt(1, 100_000),
  checkStart: optionalInt(1, 100_000),
  checkEnd: optionalInt(1, 100_000),
  checkInterval: optionalInt(1, 100_000),
  checkInsert: z.enum(['all', 'rotate']).default('all'),
  checkPercent: z
    .number()
    .min(1)
    .max(50)
    .nullish()
    .transform((v) => v ?? null),
  filler: optionalText(100),
  /** Split and strip plots: the treatment factor crossed with the entries. */
  factor: z
    .object({ name: requiredText(30), levels: z.array(z.string().trim().min(1).max(30)).min(2).max(50) })
    .nullish()
    .transform((v) => v ?? null),
  seed: optionalInt(0, MAX_DESIGN_SEED),
  layout: LayoutSettings.default({ order: 'serpentine', direction: 'rows', startCorner: 'bottom-left', repsArrangement: 'rows' }),
  numbering: NumberingSettings.default({ mode: 'block', startNumber: 1, digits: null }),
  avoidAdjacent: z.boolean().default(false),
});
export type DesignParams = z.input<typeof DesignParams>;
export type DesignParamsParsed = z.output<typeof DesignParams>;

/** Saving keeps exactly the previewed layout: the seed is required. */
export const DesignSave = DesignParams.extend({ seed: z.number().int().min(0).max(MAX_DESIGN_SEED) });
export type DesignSave = z.input<typeof DesignSave>;

export const PlotEntryType = z.enum(['check', 'test', 'filler']);
export type PlotEntryType = z.infer<typeof PlotEntryType>;

/** One plot of a layout. `plotId` is unique in the organisation (experiment code, site number from 2, engine plot id). */
export const PlotRow = z.object({
  /** The experiment's site (location) number, 1 for the first. */
  site: z.number().int(),
  plotId: z.string(),
  plotNumber: z.number().int(),
  rep: z.number().int().nullable(),
  block: z.number().int().nullable(),
  row: z.number().int(),
  col: z.number().int(),
  tier: z.number().int(),
  entryNo: z.number().int(),
  name: z.string(),
  entryType: PlotEntryType,
});
export type PlotRow = z.infer<typeof PlotRow>;

export const DesignStatistics = z.object({
  aEfficiency: z.number().nullable(),
  aEfficiencyRows: z.number().nullable(),
  aEfficiencyCols: z.number().nullable(),
  bound: z.number().nullable(),
  concurrenceMin: z.number().nullable(),
  concurrenceMax: z.number().nullable(),
});
export type DesignStatistics = z.infer<typeof DesignStatistics>;

export const DesignSummary = z.object({
  rows: z.number().int(),
  cols: z.number().int(),
  plots: z.number().int(),
  fillers: z.number().int(),
  treatments: z.number().int(),
  entries: z.number().int(),
  checks: z.number().int(),
  tiers: z.number().int(),
  digits: z.number().int(),
  blocksPerRep: z.number().int().nullable(),
  blockSize: z.number().int().nullable(),
});
export type DesignSummary = z.infer<typeof DesignSummary>;

/** Another experiment of the same season whose saved plots on the same field overlap a layout. */
export const PlotConflict = z.object({
  experimentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  plots: z.number().int(),
});
export type PlotConflict = z.infer<typeof PlotConflict>;

export const DesignPreview = z.object({
  seed: z.number().int(),
  siteId: z.number().int(),
  /** Plots this layout would share with other experiments of the season: saving needs `sharePlots`. */
  conflicts: z.array(PlotConflict),
  planName: z.string(),
  designMethod: DesignMethod,
  summary: DesignSummary,
  statistics: DesignStatistics,
  plots: z.array(PlotRow),
});
export type DesignPreview = z.infer<typeof DesignPreview>;

/** A saved design as the experiment keeps it. */
export const SavedDesign = z.object({
  planName: z.string(),
  designMethod: DesignMethod,
  seed: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  summary: DesignSummary,
  statistics: DesignStatistics,
  /** Experiments whose plots the user chose to share when saving. */
  sharedWith: z.array(PlotConflict).default([]),
  designedAt: z.string(),
  designedBy: z.string().nullable(),
});
export type SavedDesign = z.infer<typeof SavedDesign>;

export const ExperimentRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  fieldId: z.number().int().nullable(),
  fieldName: z.string().nullable(),
  /** The locations of every site, site 1 first (a multi-location trial lists them all). */
  siteLocations: z.array(z.string()),
  year: z.number().int(),
  season: Season,
  stage: z.string().nullable(),
  expType: z.string().nullable(),
  sowingDate: z.string().nullable(),
  harvestDate: z.string().nullable(),
  reps: z.number().int(),
  designMethod: DesignMethod,
  traitSource: TraitSource,
  traits: z.array(z.string()),
  seed: z.number().int().nullable(),
  checkStart: z.number().int().nullable(),
  checkEnd: z.number().int().nullable(),
  checkInterval: z.number().int().nullable(),
  filler: z.string().nullable(),
  blockCount: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  cols: z.number().int().nullable(),
  remark: z.string().nullable(),
  status: ExperimentStatus,
  locked: z.boolean(),
  pushedAt: z.string().nullable(),
  entryCount: z.number().int(),
  checkCount: z.number().int(),
  plotCount: z.number().int(),
  planName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExperimentRow = z.infer<typeof ExperimentRow>;

/** One location of an experiment with its field and its own design (spec: "a design and a location per design"). */
export const ExperimentSite = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  fieldId: z.number().int(),
  fieldName: z.string(),
  fieldRows: z.number().int(),
  fieldCols: z.number().int(),
  plotCount: z.number().int(),
  sharePlots: z.boolean(),
  design: SavedDesign.nullable(),
});
export type ExperimentSite = z.infer<typeof ExperimentSite>;

export const ExperimentSiteAdd = z.object({ id: z.number().int().positive(), locationId: requiredId, fieldId: requiredId });
export type ExperimentSiteAdd = z.input<typeof ExperimentSiteAdd>;

export const SiteQuery = z.object({ siteId: z.coerce.number().int().positive().optional() });

/** The detail also says what the caller may do next. */
export const ExperimentDetail = ExperimentRow.extend({
  /** The first site's design (single-location experiments). */
  design: SavedDesign.nullable(),
  sites: z.array(ExperimentSite),
  actions: z.array(z.enum(['edit', 'entries', 'design', 'reset', 'finish', 'reopen', 'harvest', 'push', 'remove'])),
});
export type ExperimentDetail = z.infer<typeof ExperimentDetail>;

export const ExperimentPageQuery = PageQuery.extend({
  status: ExperimentStatus.optional(),
  projectId: z.coerce.number().int().positive().optional(),
  locationId: z.coerce.number().int().positive().optional(),
  fieldId: z.coerce.number().int().positive().optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  season: Season.optional(),
});
export type ExperimentPageQuery = z.input<typeof ExperimentPageQuery>;
export type ExperimentPageParsed = z.output<typeof ExperimentPageQuery>;
export const ExperimentExportQuery = ExperimentPageQuery.omit({ pageNum: true, pageSize: true });
export type ExperimentExportQuery = z.output<typeof ExperimentExportQuery>;

export const ExperimentStatusUpdate = z.object({ id: z.number().int().positive(), action: z.enum(STATUS_ACTIONS) });
export type ExperimentStatusUpdate = z.infer<typeof ExperimentStatusUpdate>;

// ---- entries ----------------------------------------------------------------------------------------

export const EntryType = z.enum(['check', 'test']);
export const ExperimentEntryInput = z.object({
  entryNo: z.number().int().min(1).max(9_999_999),
  name: requiredText(100),
  type: EntryType.default('test'),
  generation: optionalText(20),
  pedigree: optionalText(500),
  materialType: optionalText(30),
  /** The germplasm bank's accession this entry is (kept when the entries are saved again). */
  germplasmId: optionalId,
});
export type ExperimentEntryInput = z.input<typeof ExperimentEntryInput>;

export const ExperimentEntriesSave = z.object({
  id: z.number().int().positive(),
  entries: z.array(ExperimentEntryInput).max(100_000),
});
export type ExperimentEntriesSave = z.input<typeof ExperimentEntriesSave>;

/** Copies a planting list's entries (its check flags become core controls). */
export const ExperimentEntriesFromList = z.object({ id: z.number().int().positive(), listId: z.number().int().positive() });
export type ExperimentEntriesFromList = z.infer<typeof ExperimentEntriesFromList>;

export const ExperimentEntryRow = z.object({
  entryNo: z.number().int(),
  name: z.string(),
  type: EntryType,
  generation: z.string().nullable(),
  pedigree: z.string().nullable(),
  materialType: z.string().nullable(),
  listEntryId: z.number().int().nullable(),
  germplasmId: z.number().int().nullable(),
  accessionNo: z.string().nullable(),
});
export type ExperimentEntryRow = z.infer<typeof ExperimentEntryRow>;

export const FieldBookQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
export const FieldMapQuery = z.object({
  siteId: z.coerce.number().int().positive().optional(),
  format: z.enum(['pdf']).default('pdf'),
  paper: z.enum(['A4', 'A3']).default('A3'),
});

// ---- dashboard ----------------------------------------------------------------------------------------

/** Experiments of the current crop over the recent five seasons, five years and twelve months (spec section 1). */
export const ExperimentStatistics = z.object({
  seasons: z.array(z.object({ year: z.number().int(), season: Season, count: z.number().int() })),
  years: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
  months: z.array(z.object({ month: z.string(), count: z.number().int() })),
  byStatus: z.record(ExperimentStatus, z.number().int()),
});
export type ExperimentStatistics = z.infer<typeof ExperimentStatistics>;

// ---- endpoints ------------------------------------------------------------------------------------

export const experimentList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    code: { type: 'text', repeatable: true },
    status: { type: 'select' },
    designMethod: { type: 'select' },
    season: { type: 'select' },
    stage: { type: 'select' },
    expType: { type: 'select' },
    year: { type: 'number', repeatable: true },
    reps: { type: 'number', repeatable: true },
    sowingDate: { type: 'date' },
    harvestDate: { type: 'date' },
    createdAt: { type: 'date' },
  },
  sortable: ['code', 'name', 'year', 'season', 'status', 'designMethod', 'sowingDate', 'createdAt', 'updatedAt'],
});

/** The plot total of the listed experiments (the list's summary row). */
export const ExperimentPageSummary = z.object({ plotCount: z.number().int() });

/** Experiments: information, entries, design and layout, state transitions, field book and field map. */
/**
 * An experiment laid out on a field, of any crop of the organisation: fields are shared by the crops, so
 * the field view lists them all (issue 14 item 1); only those of the current crop open from there.
 */
export const FieldExperimentRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  cropId: z.number().int(),
  /** The crop's name in the caller's language. */
  cropName: z.string(),
  /** Of the caller's current crop (it opens from the field view). */
  currentCrop: z.boolean(),
  year: z.number().int(),
  season: Season,
  status: ExperimentStatus,
  locked: z.boolean(),
  /** Plots this experiment has on this field. */
  plotCount: z.number().int(),
});
export type FieldExperimentRow = z.infer<typeof FieldExperimentRow>;

export const experiment = resource(
  { tag: 'doe: experiments', base: '/api/experiment' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.experimentList,
      summary: 'Experiments of the current crop, paged and filtered; the summary totals their plots',
      query: ExperimentPageQuery,
      page: ExperimentRow,
      pageSummary: ExperimentPageSummary,
      list: experimentList,
    },
    onField: {
      method: 'GET',
      path: '/onField/:id',
      permission: P.experimentList,
      summary: 'Experiments of every crop laid out on a field (any of their locations), newest first, with their plots on that field',
      params: IdParam,
      data: z.array(FieldExperimentRow),
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.experimentList,
      summary: 'One experiment with its saved design and the actions the caller may take next',
      params: IdParam,
      data: ExperimentDetail,
    },
    options: {
      method: 'GET',
      path: '/options',
      permission: P.experimentList,
      summary: 'Experiments of the current crop for pickers, newest first',
      query: OptionQuery,
      data: z.array(NamedOption),
    },
    statistics: {
      method: 'GET',
      path: '/statistics',
      permission: P.experimentList,
      summary: 'Experiments over the recent five seasons, five years and twelve months (dashboard)',
      data: ExperimentStatistics,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.experimentAdd,
      summary: 'Creates an experiment in temporary storage',
      body: ExperimentCreate,
      data: ExperimentRow,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.experimentEdit,
      summary: 'Updates an experiment; refused once pushed (locked), and location, field and code are fixed once designed',
      body: ExperimentUpdate,
      data: ExperimentRow,
    },
    status: {
      method: 'PUT',
      path: '/status',
      permission: P.experimentStatus,
      summary:
        'State transitions: reset (designed -> temporary), finish (designed -> finished), reopen (finished -> designed), harvest (finished -> harvested), push (locks the experiment; needs doe:experiment:push)',
      body: ExperimentStatusUpdate,
      data: ExperimentRow,
    },
    entries: {
      method: 'GET',
      path: '/entries/:id',
      permission: P.experimentList,
      summary: 'Entries of an experiment in entry order',
      params: IdParam,
      data: z.array(ExperimentEntryRow),
    },
    saveEntries: {
      method: 'PUT',
      path: '/entries',
      permission: P.experimentEdit,
      summary: 'Replaces the entries (only in temporary storage); checks are the core controls',
      body: ExperimentEntriesSave,
      data: z.array(ExperimentEntryRow),
    },
    entriesFromList: {
      method: 'POST',
      path: '/entries/fromList',
      permission: P.experimentEdit,
      summary: 'Takes the entries of a planting list (its checks become core controls)',
      body: ExperimentEntriesFromList,
      data: z.array(ExperimentEntryRow),
    },
    // Spec section 9: design calls may take up to 30 minutes (the client's default timeout).
    preview: {
      audit: false,
      method: 'POST',
      path: '/preview',
      permission: P.experimentDesign,
      summary: 'Generates a layout without saving it; without a seed a new one is drawn (re-randomise)',
      body: DesignParams,
      data: DesignPreview,
    },
    design: {
      method: 'POST',
      path: '/design',
      permission: P.experimentDesign,
      summary: 'Saves the previewed layout (same seed) as a task with progress; the experiment becomes designed',
      body: DesignSave,
      data: ExportStarted,
    },
    addSite: {
      method: 'POST',
      path: '/site',
      permission: P.experimentEdit,
      summary: 'Adds a location and field to a multi-location experiment (each gets its own design and randomisation)',
      body: ExperimentSiteAdd,
      data: ExperimentSite,
    },
    removeSite: {
      method: 'DELETE',
      path: '/site/:id',
      permission: P.experimentEdit,
      summary: 'Removes a location of an experiment (not the last one, and not while it has a saved design)',
      params: IdParam,
      data: z.null(),
    },
    plots: {
      method: 'GET',
      path: '/plots/:id',
      permission: P.experimentList,
      summary: 'The saved layout: every plot in planting order, of one site or of all (site by site)',
      params: IdParam,
      query: SiteQuery,
      data: z.array(PlotRow),
    },
    fieldbook: {
      method: 'GET',
      path: '/fieldbook/:id',
      permission: P.experimentExport,
      summary: 'The field book: xlsx (with trait columns) or the Field Book app CSV (unique plot_id)',
      params: IdParam,
      query: FieldBookQuery,
      file: true,
    },
    map: {
      method: 'GET',
      path: '/map/:id',
      permission: P.experimentExport,
      summary: 'The field map for printing (PDF, landscape A3 or A4, paged when larger)',
      params: IdParam,
      query: FieldMapQuery,
      file: true,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.experimentRemove,
      summary: 'Deletes an experiment in temporary storage or designed, not pushed',
      params: IdParam,
      data: z.null(),
    },
  },
);
