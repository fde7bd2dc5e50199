import type { Translations } from '../errors';
import type { Locale } from '../constants';
import type { DesignMethod, ExperimentAction, ExperimentStatus, PlotEntryType } from './experiment';
import type { EnableStatus, Season } from './shared';

/**
 * Texts the server writes in the caller's language (refusal parameters, files, PDFs, import and export
 * columns), beside the module's errors; the web's own texts live in its locales.
 */

export const enableStatusLabels: Record<EnableStatus, Translations> = {
  enabled: { 'zh-CN': '启用', en: 'Enabled' },
  disabled: { 'zh-CN': '停用', en: 'Disabled' },
};

export const seasonLabels: Record<Season, Translations> = {
  spring: { 'zh-CN': '春季', en: 'Spring' },
  summer: { 'zh-CN': '夏季', en: 'Summer' },
  autumn: { 'zh-CN': '秋季', en: 'Autumn' },
  winter: { 'zh-CN': '冬季', en: 'Winter' },
};

/** Experiment states as refusals name them ("the experiment is {status}"). */
export const experimentStatusLabels: Record<ExperimentStatus, Translations> = {
  temporary: { 'zh-CN': '暂存', en: 'in temporary storage' },
  designed: { 'zh-CN': '已设计', en: 'designed' },
  finished: { 'zh-CN': '已完成', en: 'finished' },
  harvested: { 'zh-CN': '已收获', en: 'harvested' },
};

/** Experiment transitions as refusals name them ("it cannot be {action}"). */
export const experimentActionLabels: Record<ExperimentAction | 'edit', Translations> = {
  design: { 'zh-CN': '设计', en: 'designed' },
  reset: { 'zh-CN': '重置设计', en: 'reset' },
  finish: { 'zh-CN': '完成', en: 'finished' },
  reopen: { 'zh-CN': '重新打开', en: 'reopened' },
  harvest: { 'zh-CN': '收获', en: 'harvested' },
  push: { 'zh-CN': '推送到表型系统', en: 'pushed to the phenotype system' },
  edit: { 'zh-CN': '修改', en: 'edited' },
};

export const designMethodLabels: Record<DesignMethod, Translations> = {
  crd: { 'zh-CN': '完全随机设计', en: 'completely randomised' },
  rcbd: { 'zh-CN': '随机完全区组设计', en: 'randomised complete block' },
  latin: { 'zh-CN': '拉丁方设计', en: 'Latin square' },
  lattice: { 'zh-CN': '格子设计', en: 'square lattice' },
  alpha: { 'zh-CN': 'α 设计', en: 'alpha lattice' },
  rowcol: { 'zh-CN': '行列设计', en: 'row-column' },
  augmented: { 'zh-CN': '增广设计', en: 'augmented' },
  diagonal: { 'zh-CN': '对角对照设计', en: 'diagonal checks' },
  prep: { 'zh-CN': '部分重复设计', en: 'partially replicated' },
  split: { 'zh-CN': '裂区设计', en: 'split-plot' },
  strip: { 'zh-CN': '条区设计', en: 'strip-plot' },
  'entry-order': { 'zh-CN': '顺序排列设计', en: 'entry-order' },
};

export const plotEntryTypeLabels: Record<PlotEntryType, Translations> = {
  check: { 'zh-CN': '对照', en: 'check' },
  test: { 'zh-CN': '参试', en: 'test' },
  filler: { 'zh-CN': '填充', en: 'filler' },
};

/** Columns of the Field Book app's field file (plot_id is the unique id; row and column order the plots). */
export const FIELD_BOOK_COLUMNS = [
  'plot_id',
  'plot_number',
  'rep',
  'block',
  'row',
  'column',
  'tier',
  'entry',
  'germplasm_name',
  'entry_type',
  'generation',
  'pedigree',
  'location',
  'field',
  'year',
  'season',
  'experiment',
] as const;
export type FieldBookColumn = (typeof FIELD_BOOK_COLUMNS)[number];

/** What each field-book column means (the xlsx field book's column sheet). */
export const fieldBookColumnLabels: Record<FieldBookColumn, Translations> = {
  plot_id: { 'zh-CN': '小区标识', en: 'Plot id' },
  plot_number: { 'zh-CN': '小区号', en: 'Plot number' },
  rep: { 'zh-CN': '重复', en: 'Rep' },
  block: { 'zh-CN': '区组', en: 'Block' },
  row: { 'zh-CN': '行', en: 'Row' },
  column: { 'zh-CN': '列', en: 'Column' },
  tier: { 'zh-CN': '层', en: 'Tier' },
  entry: { 'zh-CN': '材料编号', en: 'Entry' },
  germplasm_name: { 'zh-CN': '材料名称', en: 'Germplasm' },
  entry_type: { 'zh-CN': '类型', en: 'Entry type' },
  generation: { 'zh-CN': '世代', en: 'Generation' },
  pedigree: { 'zh-CN': '系谱', en: 'Pedigree' },
  location: { 'zh-CN': '地点', en: 'Location' },
  field: { 'zh-CN': '田块', en: 'Field' },
  year: { 'zh-CN': '年份', en: 'Year' },
  season: { 'zh-CN': '季节', en: 'Season' },
  experiment: { 'zh-CN': '试验编号', en: 'Experiment' },
};

/** Sheet names, headers and items of the xlsx field book. */
export const fieldBookTexts = {
  plotsSheet: { 'zh-CN': '田间记载本', en: 'Field book' },
  columnsSheet: { 'zh-CN': '列说明', en: 'Columns' },
  column: { 'zh-CN': '列', en: 'Column' },
  meaning: { 'zh-CN': '含义', en: 'Meaning' },
  experimentSheet: { 'zh-CN': '试验信息', en: 'Experiment' },
  item: { 'zh-CN': '项目', en: 'Item' },
  value: { 'zh-CN': '内容', en: 'Value' },
  experiment: { 'zh-CN': '试验', en: 'Experiment' },
  plan: { 'zh-CN': '方案', en: 'Plan' },
  design: { 'zh-CN': '设计方法', en: 'Design' },
  seed: { 'zh-CN': '随机种子', en: 'Seed' },
  locationField: { 'zh-CN': '地点 / 田块', en: 'Location / field' },
  yearSeason: { 'zh-CN': '年份 / 季节', en: 'Year / season' },
  plots: { 'zh-CN': '小区数', en: 'Plots' },
  layout: { 'zh-CN': '布局', en: 'Layout' },
} satisfies Record<string, Translations>;

/** Texts of the printable field map (PDF). */
export const fieldMapTexts = {
  seed: { 'zh-CN': '随机种子', en: 'seed' },
  rows: { 'zh-CN': '行', en: 'Rows' },
  columns: { 'zh-CN': '列', en: 'columns' },
  legend: {
    'zh-CN': '第 1 行在底边；橙色为对照，灰色为填充；粗线为重复，细线为区组，虚线为层界',
    en: 'Row 1 is the bottom edge; shaded: checks (orange), fillers (grey); thick lines: reps, thin: blocks, dashed: tiers',
  },
  empty: { 'zh-CN': '尚未保存布局', en: 'No layout saved yet' },
} satisfies Record<string, Translations>;

/** The harvest list xlsx: its sheet and column headers. */
export const harvestExportLabels = {
  sheet: { 'zh-CN': '收获清单', en: 'Harvest' },
  harvestNumber: { 'zh-CN': '收获编号', en: 'Harvest number' },
  plotId: { 'zh-CN': '小区标识', en: 'Plot id' },
  plotNumber: { 'zh-CN': '小区号', en: 'Plot' },
  entryNo: { 'zh-CN': '材料编号', en: 'Entry' },
  materialName: { 'zh-CN': '材料名称', en: 'Material' },
  generation: { 'zh-CN': '世代', en: 'Generation' },
  pedigree: { 'zh-CN': '系谱', en: 'Pedigree' },
  rep: { 'zh-CN': '重复', en: 'Rep' },
  weight: { 'zh-CN': '重量（克）', en: 'Weight (g)' },
  seedCount: { 'zh-CN': '粒数', en: 'Seeds' },
  remark: { 'zh-CN': '备注', en: 'Remark' },
} satisfies Record<string, Translations>;

/** A column of an xlsx import or export: its header and the rule shown in the template. */
export interface IoColumnLabel {
  label: Translations;
  hint?: Translations;
}

/** The location import and export: title and columns. */
export const locationIoLabels = {
  title: { 'zh-CN': '试验地点', en: 'Locations' },
  columns: {
    name: { label: { 'zh-CN': '地点名称', en: 'Name' }, hint: { 'zh-CN': '必填，最多 100 字', en: 'Required, at most 100 characters' } },
    code: {
      label: { 'zh-CN': '地点编码', en: 'Code' },
      hint: { 'zh-CN': '必填，组织内唯一；字母、数字、_ . -', en: 'Required, unique in the organisation; letters, digits, _ . -' },
    },
    country: { label: { 'zh-CN': '国家', en: 'Country' } },
    province: { label: { 'zh-CN': '省份', en: 'Province' } },
    city: { label: { 'zh-CN': '城市', en: 'City' } },
    longitude: {
      label: { 'zh-CN': '经度', en: 'Longitude' },
      hint: { 'zh-CN': '-180 ~ 180，与纬度同时填写或同时留空', en: '-180 to 180; give it with the latitude or leave both empty' },
    },
    latitude: { label: { 'zh-CN': '纬度', en: 'Latitude' }, hint: { 'zh-CN': '-90 ~ 90', en: '-90 to 90' } },
    remark: { label: { 'zh-CN': '备注', en: 'Remark' } },
    status: { label: { 'zh-CN': '状态', en: 'Status' } },
    createdBy: { label: { 'zh-CN': '创建人', en: 'Created by' } },
    updatedAt: { label: { 'zh-CN': '更新时间', en: 'Updated' } },
  } satisfies Record<string, IoColumnLabel>,
};

/** Planting-list types as the import reads and the export writes them. */
export const germListTypeLabels = {
  experiment: { 'zh-CN': '试验', en: 'experiment' },
  nursery: { 'zh-CN': '苗圃', en: 'nursery' },
  germplasm: { 'zh-CN': '种质', en: 'germplasm' },
} satisfies Record<string, Translations>;

/** The planting-list import and export: title, columns and the check mark. */
export const germListIoLabels = {
  title: { 'zh-CN': '种植清单', en: 'Planting lists' },
  yes: { 'zh-CN': '是', en: 'yes' },
  columns: {
    listName: {
      label: { 'zh-CN': '清单名称', en: 'List name' },
      hint: {
        'zh-CN': '必填；同名的行归入同一清单，已存在的清单追加材料',
        en: 'Required; rows with one name form one list, an existing list gets the rows appended',
      },
    },
    listType: {
      label: { 'zh-CN': '清单类型', en: 'List type' },
      hint: { 'zh-CN': '试验、苗圃或种质（experiment / nursery / germplasm）', en: 'experiment, nursery or germplasm' },
    },
    year: { label: { 'zh-CN': '年份', en: 'Year' } },
    season: { label: { 'zh-CN': '季节', en: 'Season' }, hint: { 'zh-CN': '春季、夏季、秋季或冬季', en: 'spring, summer, autumn or winter' } },
    usage: { label: { 'zh-CN': '用途', en: 'Usage' } },
    entryId: {
      label: { 'zh-CN': '材料编号', en: 'Entry id' },
      hint: { 'zh-CN': '必填，正整数，清单内唯一', en: 'Required, a positive whole number, unique in the list' },
    },
    materialName: { label: { 'zh-CN': '材料名称', en: 'Material' } },
    generation: {
      label: { 'zh-CN': '世代', en: 'Generation' },
      hint: { 'zh-CN': '必填，F、D 或 BC 形式，如 F1、D1、BC1F1', en: 'Required, F, D or BC form such as F1, D1, BC1F1' },
    },
    materialType: { label: { 'zh-CN': '材料类型', en: 'Material type' } },
    pedigree: { label: { 'zh-CN': '系谱', en: 'Pedigree' } },
    plantRows: { label: { 'zh-CN': '种植行数', en: 'Plant rows' } },
    sowingQuantity: { label: { 'zh-CN': '播种量', en: 'Sowing quantity' } },
    block: { label: { 'zh-CN': '区块', en: 'Block' } },
    plantPlotNumber: { label: { 'zh-CN': '种植小区号', en: 'Plant plot number' } },
    isCheck: { label: { 'zh-CN': '对照', en: 'Check' }, hint: { 'zh-CN': '核心对照填“是”', en: '“yes” for a core control' } },
    remark: { label: { 'zh-CN': '备注', en: 'Remark' } },
  } satisfies Record<string, IoColumnLabel>,
};

/**
 * Country names in both languages. A location's country is free text (as typed or imported); a name or
 * ISO code found here is shown in the user's language ("中国" reads "China" in English), others as typed.
 */
export const countryNames: Record<string, Translations> = {
  CN: { 'zh-CN': '中国', en: 'China' },
  US: { 'zh-CN': '美国', en: 'United States' },
  MX: { 'zh-CN': '墨西哥', en: 'Mexico' },
  BR: { 'zh-CN': '巴西', en: 'Brazil' },
  AR: { 'zh-CN': '阿根廷', en: 'Argentina' },
  CA: { 'zh-CN': '加拿大', en: 'Canada' },
  FR: { 'zh-CN': '法国', en: 'France' },
  DE: { 'zh-CN': '德国', en: 'Germany' },
  IT: { 'zh-CN': '意大利', en: 'Italy' },
  ES: { 'zh-CN': '西班牙', en: 'Spain' },
  GB: { 'zh-CN': '英国', en: 'United Kingdom' },
  NL: { 'zh-CN': '荷兰', en: 'Netherlands' },
  RU: { 'zh-CN': '俄罗斯', en: 'Russia' },
  UA: { 'zh-CN': '乌克兰', en: 'Ukraine' },
  IN: { 'zh-CN': '印度', en: 'India' },
  PK: { 'zh-CN': '巴基斯坦', en: 'Pakistan' },
  JP: { 'zh-CN': '日本', en: 'Japan' },
  KR: { 'zh-CN': '韩国', en: 'South Korea' },
  TH: { 'zh-CN': '泰国', en: 'Thailand' },
  VN: { 'zh-CN': '越南', en: 'Vietnam' },
  PH: { 'zh-CN': '菲律宾', en: 'Philippines' },
  ID: { 'zh-CN': '印度尼西亚', en: 'Indonesia' },
  AU: { 'zh-CN': '澳大利亚', en: 'Australia' },
  ZA: { 'zh-CN': '南非', en: 'South Africa' },
  KE: { 'zh-CN': '肯尼亚', en: 'Kenya' },
  ET: { 'zh-CN': '埃塞俄比亚', en: 'Ethiopia' },
  NG: { 'zh-CN': '尼日利亚', en: 'Nigeria' },
  EG: { 'zh-CN': '埃及', en: 'Egypt' },
  TR: { 'zh-CN': '土耳其', en: 'Turkey' },
  IR: { 'zh-CN': '伊朗', en: 'Iran' },
  KZ: { 'zh-CN': '哈萨克斯坦', en: 'Kazakhstan' },
  MN: { 'zh-CN': '蒙古', en: 'Mongolia' },
  CO: { 'zh-CN': '哥伦比亚', en: 'Colombia' },
  PE: { 'zh-CN': '秘鲁', en: 'Peru' },
  CL: { 'zh-CN': '智利', en: 'Chile' },
};

/** A stored country in the user's language: by ISO code or by its name in either language; else as stored. */
export function countryLabel(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const v = value.trim();
  const lower = v.toLowerCase();
  const hit = countryNames[v.toUpperCase()] ?? Object.values(countryNames).find((c) => c['zh-CN'] === v || c.en.toLowerCase() === lower);
  return hit ? hit[locale] : v;
}
