import { defineModuleErrors, type Translations } from '../errors';

/** Every error of the phenotype module: codes carry the PHENO_ prefix. */
export const phenoErrors = defineModuleErrors('PHENO', {
  PHENO_VARIABLE_CODE_EXISTS: { 'zh-CN': '性状缩写 {code} 已存在', en: 'Trait abbreviation {code} already exists' },
  PHENO_VARIABLE_CODE_REPEATED: {
    'zh-CN': '性状缩写 {code} 在文件中重复（第 {row} 行已使用）',
    en: 'Trait abbreviation {code} appears twice in the file (already used in row {row})',
  },
  PHENO_VARIABLE_IN_NURSERY: {
    'zh-CN': '性状 {code} 已被 {count} 个苗圃的田间调查使用，不能删除',
    en: 'Trait {code} is used by the field survey of {count} nurseries and cannot be deleted',
  },
  PHENO_VARIABLE_IN_USE: {
    'zh-CN': '性状 {code} 已被 {count} 个试验使用，不能删除',
    en: 'Trait {code} is used by {count} experiments and cannot be deleted',
  },
  PHENO_SCALE_RANGE: { 'zh-CN': '最小值 {min} 不能大于最大值 {max}', en: 'The minimum {min} cannot be greater than the maximum {max}' },
  PHENO_SCALE_PERCENT: { 'zh-CN': '百分比的范围须在 0 到 100 之间', en: 'A percentage range must lie between 0 and 100' },
  PHENO_SCALE_CATEGORIES: { 'zh-CN': '有序或名义标尺至少需要两个分类', en: 'An ordinal or nominal scale needs at least two categories' },
  PHENO_SCALE_CATEGORY_REPEATED: { 'zh-CN': '分类值 {value} 重复', en: 'Category value {value} appears twice' },
  PHENO_ONTOLOGY_ID: { 'zh-CN': '作物本体编号须形如 CO_321:0000020', en: 'A Crop Ontology id looks like CO_321:0000020' },
  PHENO_OUT_OF_SCALE: {
    'zh-CN': '小区 {plot} 的性状 {trait} 值“{value}”无效：{ruleZh}',
    en: 'Plot {plot}, trait {trait}: value "{value}" {ruleEn}',
  },
  PHENO_NOT_PUSHED: {
    'zh-CN': '试验 {code} 尚未推送到表型系统',
    en: 'Experiment {code} has not been pushed to phenotyping',
  },
  PHENO_NO_LAYOUT: { 'zh-CN': '试验 {code} 还没有田间排列（小区）', en: 'Experiment {code} has no field layout (plots) yet' },
  PHENO_TRAIT_NOT_IN_STUDY: { 'zh-CN': '性状 {trait} 不在试验 {code} 的观测性状中', en: 'Trait {trait} is not one of the traits of experiment {code}' },
  PHENO_TRAIT_HAS_DATA: {
    'zh-CN': '性状 {trait} 已有 {count} 条观测值，不能从试验中移除',
    en: 'Trait {trait} already has {count} observations and cannot be removed from the experiment',
  },
  PHENO_TRAITS_REQUIRED: { 'zh-CN': '请至少选择一个观测性状', en: 'Choose at least one trait to observe' },
  PHENO_VARIABLE_NOT_FOUND: { 'zh-CN': '性状 {id} 在当前作物中不存在', en: 'Trait {id} does not exist in the current crop' },
  PHENO_PLOT_NOT_FOUND: { 'zh-CN': '小区 {plot} 不属于试验 {code}', en: 'Plot {plot} does not belong to experiment {code}' },
  PHENO_PLOT_FILLER: { 'zh-CN': '小区 {plot} 是填充小区，不记录观测值', en: 'Plot {plot} is a filler and takes no observations' },
  PHENO_EXCLUDE_REASON: { 'zh-CN': '排除观测值须填写原因', en: 'Excluding a value needs a reason' },
  PHENO_FIELDBOOK_FORMAT: {
    'zh-CN': '无法识别的 Field Book 文件：需要 plot_id、trait、value 列（数据库格式）或 plot_id 与性状列（表格格式）',
    en: 'Not a Field Book export: expected plot_id, trait and value columns (database format) or plot_id and trait columns (table format)',
  },
  PHENO_FIELDBOOK_PLOT: { 'zh-CN': '小区 {plot} 不属于本试验', en: 'Plot {plot} is not in this experiment' },
  PHENO_FIELDBOOK_TRAIT: { 'zh-CN': '性状 {trait} 不是本试验的观测性状', en: 'Trait {trait} is not a trait of this experiment' },
  PHENO_DESIGN_UNSUPPORTED: {
    'zh-CN': '设计方法 {design} 没有对应的单点分析模型',
    en: 'Design method {design} has no single-trial analysis model',
  },
  PHENO_TRAIT_NOT_NUMERIC: { 'zh-CN': '性状 {trait} 不是数值型，不能做方差分析', en: 'Trait {trait} is not numeric and cannot be analysed' },
  PHENO_ANALYSIS_FAILED: { 'zh-CN': '性状 {trait} 分析失败：{reasonZh}', en: 'Analysis of trait {trait} failed: {reasonEn}' },
});

/** Labels of the module's payload fields, naming them in validation messages. */
export const phenoFieldLabels: Record<string, Translations> = {
  trait: { 'zh-CN': '性状', en: 'Trait' },
  method: { 'zh-CN': '方法', en: 'Method' },
  scaleType: { 'zh-CN': '标尺类型', en: 'Scale type' },
  minimum: { 'zh-CN': '最小值', en: 'Minimum' },
  maximum: { 'zh-CN': '最大值', en: 'Maximum' },
  ontologyId: { 'zh-CN': '作物本体编号', en: 'Crop Ontology id' },
  variableIds: { 'zh-CN': '观测性状', en: 'Traits' },
  variableId: { 'zh-CN': '性状', en: 'Trait' },
  plotRef: { 'zh-CN': '小区', en: 'Plot' },
  observationId: { 'zh-CN': '观测值', en: 'Observation' },
  excluded: { 'zh-CN': '排除', en: 'Excluded' },
  person: { 'zh-CN': '记录人', en: 'Recorded by' },
};
