import { defineModuleErrors, type Translations } from '../errors';

/** Every error of the nursery module (spec sections 4, 5 and 8): codes carry the NURSERY_ prefix. */
export const nurseryErrors = defineModuleErrors('NURSERY', {
  NURSERY_CODE_EXISTS: { 'zh-CN': '苗圃编号 {code} 已存在', en: 'Nursery code {code} already exists' },
  NURSERY_FINISHED: {
    'zh-CN': '苗圃活动 {code} 已完成，不能再修改',
    en: 'Nursery activity {code} is finished and can no longer be changed',
  },
  NURSERY_HAS_HARVESTS: {
    'zh-CN': '苗圃活动 {code} 已有 {count} 个收获，不能删除',
    en: 'Nursery activity {code} has {count} harvests and cannot be deleted',
  },
  NURSERY_GENERATION_INVALID: {
    'zh-CN': '世代“{value}”格式无效，应为 F、D 或 BC 形式（如 F1、D1、BC1F1）',
    en: 'Generation "{value}" must be in F, D or BC form (for example F1, D1, BC1F1)',
  },
  NURSERY_SELECT_MALE_FEMALE: { 'zh-CN': '请至少选择一个母本和一个父本', en: 'Select at least one female and one male' },
  NURSERY_MALE_EXCESS: {
    'zh-CN': '母本 {name} 的父本数将为 {count}，超过每个材料最多 {max} 个父本的限制',
    en: 'Female {name} would have {count} male parents, more than the limit of {max} per material',
  },
  NURSERY_SINGLE_PAIRS: {
    'zh-CN': '单交计划须母本与父本一一对应（母本 {females} 个，父本 {males} 个）',
    en: 'A single-cross plan pairs females and males one to one ({females} females, {males} males)',
  },
  NURSERY_SELF_CROSS: { 'zh-CN': '材料 {name} 不能与自身杂交，请用自交', en: 'Entry {name} cannot be crossed with itself: plan a self instead' },
  NURSERY_ENTRY_NOT_IN_ACTIVITY: { 'zh-CN': '材料 {id} 不属于该苗圃', en: 'Entry {id} does not belong to this nursery' },
  NURSERY_ENTRY_IN_USE: {
    'zh-CN': '材料 {name} 已有 {count} 个授粉记录，不能删除',
    en: 'Entry {name} has {count} pollinations and cannot be deleted',
  },
  NURSERY_LIST_EMPTY: { 'zh-CN': '所选清单没有材料', en: 'The chosen list has no entries' },
  NURSERY_POLLINATION_FINISHED: {
    'zh-CN': '授粉 {code} 已完成，不能再修改',
    en: 'Pollination {code} is finished and can no longer be changed',
  },
  NURSERY_RESULT_REQUIRED: {
    'zh-CN': '授粉 {code} 尚未记录结果，不能完成',
    en: 'Pollination {code} has no recorded result and cannot be finished',
  },
  NURSERY_NOT_HARVESTABLE: {
    'zh-CN': '授粉 {code} 须已完成且结果为成功才能收获',
    en: 'Pollination {code} must be finished with a successful result to be harvested',
  },
  NURSERY_ALREADY_HARVESTED: { 'zh-CN': '授粉 {code} 已收获', en: 'Pollination {code} has already been harvested' },
  NURSERY_GENERATION_ADVANCE: {
    'zh-CN': '材料 {name} 的世代 {generation} 不能再推进',
    en: 'The generation {generation} of entry {name} cannot be advanced',
  },
  NURSERY_DH_FLOW_CODE_EXISTS: { 'zh-CN': 'DH 流程模板编码 {code} 已存在', en: 'DH flow template code {code} already exists' },
  NURSERY_DH_ATTRIBUTE_REPEATED: { 'zh-CN': '属性编码 {code} 重复', en: 'Attribute code {code} appears twice' },
  NURSERY_DH_FORMULA_REQUIRED: { 'zh-CN': '公式属性 {attribute} 需要公式', en: 'Formula attribute {attribute} needs a formula' },
  NURSERY_DH_FORMULA_UNKNOWN: {
    'zh-CN': '属性 {attribute} 的公式引用了不存在的属性 {name}',
    en: 'The formula of {attribute} names an unknown attribute {name}',
  },
  NURSERY_DH_FORMULA_CYCLE: {
    'zh-CN': '属性 {attribute} 的公式引用了自身或排在其后的公式属性 {name}',
    en: 'The formula of {attribute} names itself or the later formula attribute {name}',
  },
  NURSERY_DH_FORMULA_INVALID: { 'zh-CN': '属性 {attribute} 的公式无效：{reason}', en: 'The formula of {attribute} is not valid: {reason}' },
  NURSERY_DH_FORMULA_FAILED: { 'zh-CN': '无法计算属性 {attribute}：{reason}', en: 'Attribute {attribute} cannot be computed: {reason}' },
});

export const nurseryFieldLabels: Record<string, Translations> = {
  activityId: { 'zh-CN': '苗圃活动', en: 'Nursery activity' },
  germListId: { 'zh-CN': '种植清单', en: 'Planting list' },
  germplasmIds: { 'zh-CN': '种质', en: 'Germplasm' },
  entryIds: { 'zh-CN': '材料', en: 'Entries' },
  femaleEntryIds: { 'zh-CN': '母本', en: 'Females' },
  maleEntryIds: { 'zh-CN': '父本', en: 'Males' },
  maxMales: { 'zh-CN': '每个材料最多父本数', en: 'Male parents per material' },
  pollinationIds: { 'zh-CN': '授粉记录', en: 'Pollinations' },
  bags: { 'zh-CN': '套袋数', en: 'Bags' },
  person: { 'zh-CN': '授粉人', en: 'Person' },
  result: { 'zh-CN': '结果', en: 'Result' },
  fieldNo: { 'zh-CN': '田间编号', en: 'Field number' },
  placeId: { 'zh-CN': '库位', en: 'Storage place' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  unit: { 'zh-CN': '单位', en: 'Unit' },
  harvestType: { 'zh-CN': '收获方式', en: 'Harvest type' },
  attributes: { 'zh-CN': '属性', en: 'Attributes' },
  formula: { 'zh-CN': '公式', en: 'Formula' },
  order: { 'zh-CN': '顺序', en: 'Order' },
};
