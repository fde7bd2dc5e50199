import type { DictSeed } from '../../platform/module';

/** Dictionaries of the DOE module (seasons, field types, experiment states and stages, design methods). */
export const doeDictionaries: DictSeed[] = [
  {
    type: 'doe_season',
    appKey: 'doe',
    zh: '季节',
    en: 'Season',
    entries: [
      { value: 'spring', zh: '春季', en: 'Spring' },
      { value: 'summer', zh: '夏季', en: 'Summer' },
      { value: 'autumn', zh: '秋季', en: 'Autumn' },
      { value: 'winter', zh: '冬季（南繁）', en: 'Winter (off-season)' },
    ],
  },
  {
    type: 'doe_field_type',
    appKey: 'doe',
    zh: '田块类型',
    en: 'Field type',
    entries: [
      { value: '1', zh: '试验田', en: 'Test field' },
      { value: '2', zh: '育种圃', en: 'Breeding nursery' },
      { value: '3', zh: '种质圃', en: 'Germplasm field' },
    ],
  },
  {
    type: 'doe_exp_status',
    appKey: 'doe',
    zh: '试验状态',
    en: 'Experiment status',
    entries: [
      { value: 'temporary', zh: '暂存', en: 'Temporary storage', listClass: 'info' },
      { value: 'designed', zh: '已设计', en: 'Designed', listClass: 'primary' },
      { value: 'finished', zh: '已完成', en: 'Finished', listClass: 'success' },
      { value: 'harvested', zh: '已收获', en: 'Harvested', listClass: 'warning' },
    ],
  },
  {
    type: 'doe_exp_stage',
    appKey: 'doe',
    zh: '试验阶段',
    en: 'Trial stage',
    entries: [
      { value: 'OBS', zh: '观察试验', en: 'Observation nursery' },
      { value: 'PYT', zh: '初级产量试验', en: 'Preliminary yield trial' },
      { value: 'AYT', zh: '高级产量试验', en: 'Advanced yield trial' },
      { value: 'MET', zh: '多点试验', en: 'Multi-environment trial' },
      { value: 'REG', zh: '区域试验', en: 'Regional trial' },
    ],
  },
  {
    type: 'doe_design_method',
    appKey: 'doe',
    zh: '设计方法',
    en: 'Design method',
    entries: [
      { value: 'crd', zh: '完全随机设计', en: 'Completely randomised' },
      { value: 'rcbd', zh: '随机完全区组', en: 'Randomised complete block' },
      { value: 'latin', zh: '拉丁方', en: 'Latin square' },
      { value: 'lattice', zh: '格子设计', en: 'Square lattice' },
      { value: 'alpha', zh: 'α 设计', en: 'Alpha lattice' },
      { value: 'rowcol', zh: '行列设计', en: 'Row-column' },
      { value: 'augmented', zh: '增广设计', en: 'Augmented RCBD' },
      { value: 'diagonal', zh: '对角对照设计', en: 'Diagonal checks' },
      { value: 'prep', zh: '部分重复设计', en: 'Partially replicated' },
      { value: 'split', zh: '裂区设计', en: 'Split plot' },
      { value: 'strip', zh: '条区设计', en: 'Strip plot' },
      { value: 'entry-order', zh: '顺序排列（插入对照）', en: 'Entry order with checks' },
    ],
  },
];
