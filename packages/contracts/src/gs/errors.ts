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
  GS_PEDIGREE_NOT_CSV: {
    'zh-CN': '系谱文件 {file} 须为 .csv 文件（列：杂交种、母本、父本）',
    en: 'The pedigree file {file} must be a .csv (columns: hybrid, female, male)',
  },
  GS_PEDIGREE_PARENTS_MISSING: {
    'zh-CN': '系谱文件 {file} 第 {line} 行：杂交种 {hybrid} 须同时有母本（第一群体）和父本（第二群体）',
    en: 'Pedigree file {file} line {line}: hybrid {hybrid} needs both a female (pool 1) and a male (pool 2) parent',
  },
  GS_HYBRID_NOT_IN_PEDIGREE: {
    'zh-CN': '表型文件 {file} 第 {line} 行：杂交种 {hybrid} 不在系谱文件中',
    en: 'Phenotype file {file} line {line}: hybrid {hybrid} is not in the pedigree file',
  },
  GS_PARENT_NOT_GENOTYPED: {
    'zh-CN': '系谱文件 {file} 第 {line} 行：亲本 {parent} 不在基因型文件中',
    en: 'Pedigree file {file} line {line}: parent {parent} is not in the genotype file',
  },
  GS_HYBRID_NO_RECORDS: {
    'zh-CN': '表型文件 {file} 中没有可用于亲本均有基因型的杂交种的观测值',
    en: 'The phenotype file {file} has no observations of hybrids whose parents are genotyped',
  },
  GS_DATASET_NOT_HYBRID: {
    'zh-CN': '数据集 {name} 是自交系数据集：GCA 任务需要杂交种数据集',
    en: 'Dataset {name} is an inbred dataset: GCA tasks need a hybrid dataset',
  },
  GS_DATASET_HYBRID: {
    'zh-CN': '数据集 {name} 是杂交种数据集：请用杂交种预测（GCA 任务）',
    en: 'Dataset {name} is a hybrid dataset: use hybrid prediction (GCA tasks)',
  },
  GS_GCA_RUNNING: { 'zh-CN': 'GCA 任务 {name} 仍在排队或计算中，不能重置', en: 'GCA task {name} is still queued or running and cannot be reset' },
  GS_GCA_FIXED_UNKNOWN: {
    'zh-CN': '固定效应 {column} 不是表型文件 {file} 中可用的列（不能是杂交种列或所分析的性状）',
    en: 'Fixed effect {column} is not a usable column of the phenotype file {file} (not the hybrid column nor the trait analysed)',
  },
  GS_GCA_NOT_FINISHED: { 'zh-CN': 'GCA 任务尚未完成', en: 'The GCA task has not finished' },
  GS_HG_COLUMNS: {
    'zh-CN': '杂交组合文件 {file} 第 1 行：须有列 female 和 male（来自导出的模板）',
    en: 'Hybrid template {file} line 1: the columns female and male are required (from the exported template)',
  },
  GS_HG_PARENT_UNKNOWN: {
    'zh-CN': '杂交组合文件 {file} 第 {line} 行：{parent} 不是第{pool}群体的亲本',
    en: 'Hybrid template {file} line {line}: {parent} is not a parent of pool {pool}',
  },
  GS_HG_EMPTY: { 'zh-CN': '杂交组合文件 {file} 没有组合', en: 'The hybrid template {file} lists no crosses' },
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
  GS_MERGE_HYBRID: {
    'zh-CN': '数据集 {a} 与 {b} 是杂交种数据集：杂交种数据集（含系谱）暂不能合并',
    en: 'Datasets {a} and {b} are hybrid datasets: hybrid datasets (with their pedigrees) cannot be merged',
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
  sca: { 'zh-CN': '特殊配合力（SCA）', en: 'SCA' },
  method: { 'zh-CN': '方差组分算法', en: 'Variance-component method' },
  panelDatasetId: { 'zh-CN': '基因型面板', en: 'Genotype panel' },
  experimentIds: { 'zh-CN': '试验', en: 'Experiments' },
  datasetIds: { 'zh-CN': '数据集', en: 'Datasets' },
  weights: { 'zh-CN': '性状权重', en: 'Trait weights' },
  trend: { 'zh-CN': '趋势', en: 'Trend' },
};
