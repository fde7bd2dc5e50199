import { defineModuleErrors, type Translations } from '../errors';

/**
 * Errors of the genomic-selection module (spec sections 5 and 8). File rules come from the engine, which
 * names the file, the line and the rule; `GS_FILE_RULE` carries its message in the caller's language.
 */
export const gsErrors = defineModuleErrors('GS', {
  GS_FILE_RULE: { 'zh-CN': '{detail}（规则：{rule}）', en: '{detail} (rule: {rule})' },
  GS_FILE_MISSING: { 'zh-CN': '缺少文件：{file}', en: 'The file {file} is missing' },
  GS_GENOTYPE_NOT_ZIP: {
    'zh-CN': '基因型文件 {file} 须为包含 .bed/.bim/.fam 的 PLINK .zip 文件',
    en: 'The genotype file {file} must be a PLINK .zip holding .bed/.bim/.fam',
  },
  GS_PHENOTYPE_NOT_CSV: {
    'zh-CN': '表型文件 {file} 须为系统模板生成的 .csv 文件',
    en: 'The phenotype file {file} must be a .csv made from the system template',
  },
  GS_TRAIT_NOT_IN_FILE: { 'zh-CN': '性状 {trait} 不在表型文件 {file} 的表头中', en: 'Trait {trait} is not a column of the phenotype file {file}' },
  GS_TRAIT_CODE_INVALID: {
    'zh-CN': '性状编码“{code}”不能含中文、特殊字符、空格或逗号',
    en: 'Trait code "{code}" must not contain Chinese, special characters, spaces or commas',
  },
  GS_NAME_EXISTS: { 'zh-CN': '名称重复：{name}', en: 'Name duplicate: {name}' },
  GS_TRAIT_NOT_IN_DATASET: { 'zh-CN': '数据集中没有性状 {trait}', en: 'The dataset has no trait {trait}' },
  GS_MODEL_NOT_FINISHED: { 'zh-CN': '模型 {name} 尚未训练完成', en: 'Model {name} has not finished training' },
  GS_MODEL_TRAIT_REPEATED: {
    'zh-CN': '每个性状只能选择一个模型：性状 {trait} 选择了多个模型',
    en: 'One model per trait: trait {trait} has more than one model',
  },
  GS_MODELS_DIFFERENT_DATASETS: {
    'zh-CN': '预测须来自同一测试群体：所选模型属于不同数据集',
    en: 'Predictions must come from the same test group: the chosen models belong to different datasets',
  },
  GS_SAMPLES_UNKNOWN: { 'zh-CN': '测试群体中的样品不在数据集的基因型中：{codes}', en: 'Test-group samples not genotyped in the dataset: {codes}' },
  GS_TEST_GROUP_EMPTY: { 'zh-CN': '测试群体为空：请填写样品编号', en: 'The test group is empty: give sample codes' },
  GS_DATASET_IN_USE: { 'zh-CN': '数据集 {name} 仍有模型在训练中，不能删除', en: 'Dataset {name} still has models in training and cannot be deleted' },
  GS_PREDICTION_NOT_FINISHED: { 'zh-CN': '预测任务尚未完成，不能验证', en: 'The prediction has not finished and cannot be verified yet' },
  GS_VERIFY_NO_OVERLAP: {
    'zh-CN': '观测值文件 {file} 与预测样品没有可比较的记录（性状 {trait}）',
    en: 'The observed-values file {file} has no records matching the predicted samples (trait {trait})',
  },
  GS_CROP_REQUIRED: { 'zh-CN': '请先选择当前作物', en: 'Choose a current crop first' },
  GS_SYSTEM_TRAIT_NOT_ANALYSED: {
    'zh-CN': '性状 {trait} 在所选试验中没有单试验分析结果：请先在表型模块中分析',
    en: 'Trait {trait} has no single-trial analysis in the chosen experiments: analyse it in the phenotype module first',
  },
  GS_PANEL_OTHER_CROP: {
    'zh-CN': '基因型面板（数据集 {panel}）属于其他作物：请选择当前作物的数据集',
    en: 'The genotype panel (dataset {panel}) belongs to another crop: choose a dataset of the current crop',
  },
  GS_SYSTEM_NO_OVERLAP: {
    'zh-CN': '所选试验的材料与基因型面板（数据集 {panel}）没有共同样品：材料名称或种质编号须与样品编号一致',
    en: 'The experiments’ entries share no sample with the genotype panel (dataset {panel}): entry names or germplasm accessions must equal the sample codes',
  },
  GS_MERGE_SAME_DATASET: { 'zh-CN': '请选择两个不同的数据集', en: 'Choose two different datasets' },
  GS_MERGE_TYPE_DIFFERS: {
    'zh-CN': '数据集 {a} 与 {b} 的类型不同（自交系/杂交种），不能合并',
    en: 'Datasets {a} and {b} are of different types (inbred/hybrid) and cannot be merged',
  },
  GS_MERGE_CROP_DIFFERS: { 'zh-CN': '数据集 {a} 与 {b} 属于不同作物，不能合并', en: 'Datasets {a} and {b} belong to different crops and cannot be merged' },
  GS_MERGE_BUILD_DIFFERS: {
    'zh-CN': '数据集 {a} 与 {b} 的参考基因组版本不同，不能合并',
    en: 'Datasets {a} and {b} use different genome builds and cannot be merged',
  },
  GS_MERGE_MAP_DIFFERS: {
    'zh-CN': '标记 {marker} 在两个数据集中的染色体或位置不同（{a} 与 {b}），标记图谱不一致，不能合并',
    en: 'Marker {marker} has a different chromosome or position in the two datasets ({a} against {b}): the maps disagree and cannot be merged',
  },
  GS_MERGE_ALLELES_DIFFER: {
    'zh-CN': '标记 {marker} 在两个数据集中的等位基因不同（{a} 与 {b}），不能合并',
    en: 'Marker {marker} has different alleles in the two datasets ({a} against {b}) and cannot be merged',
  },
  GS_MERGE_NO_COMMON_MARKERS: { 'zh-CN': '数据集 {a} 与 {b} 没有共同的标记，不能合并', en: 'Datasets {a} and {b} share no marker and cannot be merged' },
  GS_CANDIDATES_EMPTY: { 'zh-CN': '候选列表为空：请先加入候选材料', en: 'The candidate list is empty: add candidates first' },
  GS_CANDIDATES_NO_GERMPLASM: {
    'zh-CN': '以下候选材料在当前作物中没有种质记录（种质编号须与样品编号一致），不能发送到种植清单：{codes}',
    en: 'These candidates have no germplasm record in the current crop (the accession number must equal the sample code) and cannot go to a planting list: {codes}',
  },
  GS_COMPARE_COUNT: { 'zh-CN': '请选择 2 到 {max} 个已完成的模型进行比较', en: 'Choose 2 to {max} finished models to compare' },
});

export const gsFieldLabels: Record<string, Translations> = {
  datasetId: { 'zh-CN': '数据集', en: 'Dataset' },
  traitCode: { 'zh-CN': '性状', en: 'Trait' },
  traitCodes: { 'zh-CN': '性状', en: 'Traits' },
  algorithm: { 'zh-CN': '算法', en: 'Algorithm' },
  folds: { 'zh-CN': '交叉验证折数', en: 'CV folds' },
  seed: { 'zh-CN': '随机种子', en: 'Seed' },
  modelIds: { 'zh-CN': '模型', en: 'Models' },
  sampleCodes: { 'zh-CN': '测试群体', en: 'Test group' },
  favorite: { 'zh-CN': '收藏', en: 'Favourite' },
  panelDatasetId: { 'zh-CN': '基因型面板', en: 'Genotype panel' },
  experimentIds: { 'zh-CN': '试验', en: 'Experiments' },
  datasetIds: { 'zh-CN': '数据集', en: 'Datasets' },
  weights: { 'zh-CN': '性状权重', en: 'Trait weights' },
  trend: { 'zh-CN': '趋势', en: 'Trend' },
};
