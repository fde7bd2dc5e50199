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
  NURSERY_GROUP_EMPTY: { 'zh-CN': '材料组 {name} 没有材料', en: 'The entry group {name} has no members' },
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
  NURSERY_HARVEST_NONE_CHOSEN: { 'zh-CN': '请选择要收获的授粉，或选择收获全部待收获的授粉', en: 'Choose the pollinations to harvest, or harvest all waiting' },
  NURSERY_HARVEST_NONE_WAITING: { 'zh-CN': '苗圃 {code} 没有待收获的授粉', en: 'Nursery {code} has no pollinations waiting for harvest' },
  NURSERY_HARVEST_TOO_MANY: {
    'zh-CN': '一次最多收获 {max} 个授粉（本次 {count} 个）',
    en: 'At most {max} pollinations can be harvested at once ({count} chosen)',
  },
  NURSERY_CROSS_LIST_FORMAT: {
    'zh-CN': '杂交组合清单须为 .xlsx 或 .csv 文件，首行为表头（母本、父本）',
    en: 'A cross list is an .xlsx or .csv file whose first row names the columns (female, male)',
  },
  NURSERY_CROSS_LIST_EMPTY: { 'zh-CN': '杂交组合清单没有数据行', en: 'The cross list has no rows' },
  NURSERY_CROSS_LIST_TOO_MANY: { 'zh-CN': '杂交组合清单最多 {max} 行', en: 'A cross list has at most {max} rows' },
  NURSERY_CROSS_LIST_REQUIRED: { 'zh-CN': '缺少材料编号', en: 'The material number is missing' },
  NURSERY_CROSS_LIST_UNKNOWN: { 'zh-CN': '材料编号 {value} 不是本苗圃的材料', en: 'Material number {value} is not an entry of this nursery' },
  NURSERY_LAYOUT_NO_FIELD: { 'zh-CN': '苗圃 {code} 没有指定田块，不能排布', en: 'The nursery {code} has no field to lay out on' },
  NURSERY_LAYOUT_NO_ENTRIES: { 'zh-CN': '苗圃没有材料可排布', en: 'The nursery has no entries to lay out' },
  NURSERY_LAYOUT_TOO_MANY: {
    'zh-CN': '田块 {field} 放不下 {count} 份材料：每份 {rowsPerEntry} 行时最多 {capacity} 份',
    en: 'The field {field} cannot hold {count} entries: with {rowsPerEntry} row(s) an entry it holds {capacity}',
  },
  NURSERY_LAYOUT_IN_USE: {
    'zh-CN': '田块 {field} 的 {plots} 个小区本季已被使用：{users}',
    en: '{plots} plot(s) of the field {field} are used this season by {users}',
  },
  NURSERY_PLOT_LABELS_NONE: { 'zh-CN': '没有已排布的材料可打印小区标签', en: 'There are no laid-out entries to print plot labels for' },
  NURSERY_ENTRY_IMPORT_FORMAT: {
    'zh-CN': '材料文件须为 .xlsx，首行为表头，含“名称”和“世代”列',
    en: 'An entry file is an .xlsx file whose first row names the columns, with Name and Generation',
  },
  NURSERY_ENTRY_IMPORT_EMPTY: { 'zh-CN': '材料文件没有数据行', en: 'The entry file has no rows' },
  NURSERY_ENTRY_IMPORT_TOO_MANY: { 'zh-CN': '材料文件最多 {max} 行', en: 'An entry file has at most {max} rows' },
  NURSERY_ENTRY_IMPORT_REQUIRED: { 'zh-CN': '缺少{column}', en: 'The {column} is missing' },
  NURSERY_ENTRY_IMPORT_DUPLICATE: {
    'zh-CN': '材料编号 {value} 已是本苗圃的材料（重复）',
    en: 'Material number {value} is already an entry of this nursery (duplicate)',
  },
  NURSERY_ENTRY_IMPORT_REPEATED: { 'zh-CN': '材料编号 {value} 在第 {row} 行已出现', en: 'Material number {value} already appears in row {row}' },
  NURSERY_ENTRY_IMPORT_GENERATION: {
    'zh-CN': '世代 {value} 不是 F、D 或 BC 形式（如 F2、D0、BC1F1）',
    en: 'Generation {value} is not in F, D or BC form (F2, D0, BC1F1)',
  },
  NURSERY_LABELS_NONE: { 'zh-CN': '没有可打印标签的收获', en: 'There are no harvests to print labels for' },
  NURSERY_LABELS_TOO_MANY: {
    'zh-CN': '标签数 {count} 超过单个 PDF 上限 {max}',
    en: '{count} labels are more than one PDF can hold ({max})',
  },
  NURSERY_GENERATION_ADVANCE: {
    'zh-CN': '材料 {name} 的世代 {generation} 不能再推进',
    en: 'The generation {generation} of entry {name} cannot be advanced',
  },
  NURSERY_DH_FLOW_CODE_EXISTS: { 'zh-CN': 'DH 流程模板编码 {code} 已存在', en: 'DH flow template code {code} already exists' },
  NURSERY_DH_FLOW_IN_USE: {
    'zh-CN': 'DH 流程模板 {name} 已被 {count} 个 DH 批次使用，不能删除',
    en: 'DH flow template {name} is used by {count} DH batches and cannot be deleted',
  },
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
  NURSERY_DH_FIELD_CODE: {
    'zh-CN': 'DH 田间编号须为字母，或字母加数字，至少两个字符',
    en: 'A DH field code is letters, or letters followed by digits, at least two characters',
  },
  NURSERY_DH_SOURCE_REQUIRED: {
    'zh-CN': '请选择一个来源：DH 诱导的收获或一份 D0 种质',
    en: 'Choose one source: the harvest of a DH induction or a D0 germplasm record',
  },
  NURSERY_DH_SOURCE_NOT_D0: {
    'zh-CN': '来源 {name} 不是 D0 材料（世代 {generation}）',
    en: 'Source {name} is not D0 material (generation {generation})',
  },
  NURSERY_DH_BATCH_EXISTS: { 'zh-CN': 'DH 批次号 {batchNo} 已存在', en: 'DH batch number {batchNo} already exists' },
  NURSERY_DH_STEP_ORDER: {
    'zh-CN': 'DH 批次 {batchNo} 的下一步是“{expected}”，不能记录“{step}”',
    en: 'The next step of DH batch {batchNo} is "{expected}", not "{step}"',
  },
  NURSERY_DH_ENTRY_FINISHED: {
    'zh-CN': 'DH 批次 {batchNo} 已收获 D1 种子，不能再记录或删除',
    en: 'DH batch {batchNo} has its D1 seed harvested and can no longer be changed',
  },
  NURSERY_DH_COUNT_RANGE: {
    'zh-CN': '录入数量 {count} 须在 1 到 {max} 之间（上一步留下的数量）',
    en: 'The entered number {count} must be 1 to {max} (what the step before carried on)',
  },
  NURSERY_DH_VALUE_UNKNOWN: {
    'zh-CN': '{name} 不是流程模板 {flow} 的可录入属性',
    en: '{name} is not an attribute of flow template {flow} that can be entered',
  },
  NURSERY_DH_VALUE_INVALID: {
    'zh-CN': '属性 {attribute} 的值“{value}”无效（{rule}）',
    en: 'The value "{value}" of attribute {attribute} is not valid ({rule})',
  },
  NURSERY_DH_SEED_REQUIRED: {
    'zh-CN': 'D0 自交须填写 D1 种子的库位、单位和数量',
    en: 'D0 selfing needs the storage place, unit and quantity of the D1 seed',
  },
  NURSERY_SURVEY_OUT_OF_SCALE: {
    'zh-CN': '材料 {entry} 的性状 {trait} 值“{value}”无效：{ruleZh}',
    en: 'Entry {entry}, trait {trait}: value "{value}" {ruleEn}',
  },
  NURSERY_SURVEY_TRAIT_UNKNOWN: {
    'zh-CN': '性状 {trait} 不是苗圃 {code} 的调查性状',
    en: 'Trait {trait} is not one of the survey traits of nursery {code}',
  },
  NURSERY_SURVEY_TRAIT_NOT_IN_CROP: { 'zh-CN': '性状 {trait} 不是当前作物的性状', en: 'Trait {trait} is not a trait of the current crop' },
  NURSERY_SURVEY_TRAIT_HAS_DATA: {
    'zh-CN': '性状 {trait} 已有 {count} 个调查值，不能从苗圃中移除',
    en: 'Trait {trait} already has {count} survey values and cannot be removed from the nursery',
  },
  NURSERY_SURVEY_ENTRY_UNKNOWN: {
    'zh-CN': '材料编号 {materialNo} 不是苗圃 {code} 的材料',
    en: 'Material no. {materialNo} is not an entry of nursery {code}',
  },
  NURSERY_SURVEY_BOOK_FORMAT: {
    'zh-CN': '文件不是该苗圃的记载本：须有“材料编号”列和至少一个调查性状列',
    en: "The file is not this nursery's record book: it needs the material no. column and at least one survey trait column",
  },
  NURSERY_DH_HAS_EVENTS: {
    'zh-CN': 'DH 批次 {batchNo} 已有 {count} 个事件，不能删除',
    en: 'DH batch {batchNo} has {count} events and cannot be deleted',
  },
});

export const nurseryFieldLabels: Record<string, Translations> = {
  activityId: { 'zh-CN': '苗圃活动', en: 'Nursery activity' },
  germListId: { 'zh-CN': '种植清单', en: 'Planting list' },
  entryGroupId: { 'zh-CN': '材料组', en: 'Entry group' },
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
  harvestIds: { 'zh-CN': '收获', en: 'Harvests' },
  fields: { 'zh-CN': '标签字段', en: 'Label fields' },
  copies: { 'zh-CN': '份数', en: 'Copies' },
  labelFormat: { 'zh-CN': '标签规格', en: 'Label format' },
  attributes: { 'zh-CN': '属性', en: 'Attributes' },
  formula: { 'zh-CN': '公式', en: 'Formula' },
  order: { 'zh-CN': '顺序', en: 'Order' },
  harvestId: { 'zh-CN': '来源收获', en: 'Source harvest' },
  germplasmId: { 'zh-CN': '来源种质', en: 'Source germplasm' },
  listName: { 'zh-CN': '清单名称', en: 'List name' },
  germCount: { 'zh-CN': '粒数', en: 'Germ count' },
  batchNo: { 'zh-CN': '批次号', en: 'Batch number' },
  taskName: { 'zh-CN': '任务名称', en: 'Task name' },
  flowId: { 'zh-CN': '流程模板', en: 'Flow template' },
  count: { 'zh-CN': '录入数量', en: 'Entered number' },
  step: { 'zh-CN': '步骤', en: 'Step' },
  variableIds: { 'zh-CN': '调查性状', en: 'Survey traits' },
  rowsPerEntry: { 'zh-CN': '每份材料行数', en: 'Rows per entry' },
  corner: { 'zh-CN': '起始角', en: 'Start corner' },
  variableId: { 'zh-CN': '性状', en: 'Trait' },
  entryId: { 'zh-CN': '材料', en: 'Entry' },
  value: { 'zh-CN': '值', en: 'Value' },
};
