import { defineModuleErrors, type Translations } from '../errors';

/** Germplasm and seed inventory errors (issue 8). */
export const germErrors = defineModuleErrors('GERM', {
  GERM_ACCESSION_EXISTS: { 'zh-CN': '种质编号 {accessionNo} 已存在', en: 'Accession number {accessionNo} already exists' },
  GERM_SERIES_FULL: {
    'zh-CN': '编号序列 {prefix} 的 {digits} 位数字已用完，请在“种质编号规则”中增加位数或更换前缀',
    en: 'The {digits} digits of series {prefix} are used up; add digits or change the prefix under "Accession number series"',
  },
  GERM_ACCESSION_REPEATED: {
    'zh-CN': '种质编号 {accessionNo} 在文件中重复（第 {row} 行已使用）',
    en: 'Accession number {accessionNo} appears twice in the file (already used in row {row})',
  },
  GERM_PEDIGREE_SYNTAX: { 'zh-CN': '系谱格式错误（第 {position} 个字符）：{reasonZh}', en: 'Pedigree syntax error at character {position}: {reasonEn}' },
  GERM_PARENTS_SAME: { 'zh-CN': '父本与母本不能是同一份种质', en: 'The female and male parent cannot be the same record' },
  GERM_PARENT_NOT_FOUND: { 'zh-CN': '{field}“{value}”在当前作物中不存在', en: '{field} "{value}" does not exist in the current crop' },
  GERM_PARENT_CYCLE: { 'zh-CN': '{field}会形成系谱循环：{name} 是本种质的后代', en: '{field} would make a pedigree cycle: {name} descends from this record' },
  GERM_IN_USE: {
    'zh-CN': '该种质有 {lots} 个库存批次或 {children} 个后代记录，不能删除',
    en: 'This germplasm has {lots} seed lots or {children} offspring records and cannot be deleted',
  },
  GERM_TRAIT_CODE_EXISTS: { 'zh-CN': '性状编码 {code} 已存在', en: 'Trait code {code} already exists' },
  GERM_TRAIT_VALUE: { 'zh-CN': '性状“{trait}”的值“{value}”无效：{rule}', en: 'Value "{value}" of trait "{trait}" is invalid: {rule}' },
  GERM_PLACE_CODE_EXISTS: { 'zh-CN': '位置编码 {code} 已存在', en: 'Place code {code} already exists' },
  GERM_PLACE_LEVEL: { 'zh-CN': '{level}须放在{parentLevel}下', en: 'A {level} must be inside a {parentLevel}' },
  GERM_PLACE_IN_USE: {
    'zh-CN': '该位置下还有 {children} 个子位置或 {lots} 个批次，不能删除',
    en: 'This place still holds {children} places or {lots} lots and cannot be deleted',
  },
  GERM_LOT_NO_EXISTS: { 'zh-CN': '批次号 {lotNo} 已存在', en: 'Lot number {lotNo} already exists' },
  GERM_INSUFFICIENT_STOCK: {
    'zh-CN': '库存不足：批次 {lotNo} 现有 {available} {unit}，需要 {requested} {unit}',
    en: 'Insufficient stock: lot {lotNo} holds {available} {unit}, {requested} {unit} needed',
  },
  GERM_QUANTITY_LIMIT: { 'zh-CN': '批次结存不能超过 {max}', en: 'A lot cannot hold more than {max}' },
  GERM_LOT_NOT_EMPTY: { 'zh-CN': '批次 {lotNo} 仍有库存，不能删除', en: 'Lot {lotNo} still holds stock and cannot be deleted' },
  GERM_MERGE_MISMATCH: {
    'zh-CN': '批次 {lotNo} 与目标批次的种质或单位不同，不能合并',
    en: 'Lot {lotNo} differs from the target lot in germplasm or unit and cannot be merged',
  },
  GERM_SAME_PLACE: { 'zh-CN': '批次已在该位置', en: 'The lot is already at that place' },
  GERM_INBOUND_TARGET: {
    'zh-CN': '请选择已有批次，或填写种质、位置和单位以新建批次',
    en: 'Choose an existing lot, or give a germplasm, place and unit for a new lot',
  },
  GERM_LINE_DUPLICATE_LOT: { 'zh-CN': '批次 {lotNo} 在明细中出现多次', en: 'Lot {lotNo} appears on more than one line' },
  GERM_DOC_TRANSITION: { 'zh-CN': '单据 {docNo} 当前为“{status}”，不能{action}', en: 'Document {docNo} is {status} and cannot be {action}' },
  GERM_DOC_NOT_EDITABLE: {
    'zh-CN': '单据 {docNo} 当前为“{status}”，只有草稿可以修改或删除',
    en: 'Document {docNo} is {status}; only drafts can be changed or deleted',
  },
  GERM_DOC_NOT_OWNER: { 'zh-CN': '只有单据创建人可以修改单据 {docNo}', en: 'Only the creator of document {docNo} can change it' },
  GERM_CART_EMPTY: { 'zh-CN': '出库车是空的', en: 'The outbound cart is empty' },
  GERM_LABEL_FIELD: { 'zh-CN': '标签字段 {field} 不可用，可选：{allowed}', en: 'Label field {field} is not available; choose from {allowed}' },
});

/** Status and action words used inside the messages above. */
export const docStatusLabels: Record<string, Translations> = {
  draft: { 'zh-CN': '草稿', en: 'draft' },
  submitted: { 'zh-CN': '待审核', en: 'submitted' },
  approved: { 'zh-CN': '已审核', en: 'approved' },
  rejected: { 'zh-CN': '已驳回', en: 'rejected' },
};
export const docActionLabels: Record<string, Translations> = {
  submit: { 'zh-CN': '提交', en: 'submitted' },
  withdraw: { 'zh-CN': '撤回', en: 'withdrawn' },
  reopen: { 'zh-CN': '重新打开', en: 'reopened' },
  approve: { 'zh-CN': '审核通过', en: 'approved' },
  reject: { 'zh-CN': '驳回', en: 'rejected' },
};

/** Document kinds as messages name them. */
export const docKindLabels: Record<'inbound' | 'outbound' | 'stocktaking' | 'scrap', Translations> = {
  inbound: { 'zh-CN': '入库单', en: 'inbound document' },
  outbound: { 'zh-CN': '出库单', en: 'outbound document' },
  stocktaking: { 'zh-CN': '盘点单', en: 'stocktaking document' },
  scrap: { 'zh-CN': '报废单', en: 'scrap document' },
};

/** The message (inbox and e-mail) a requester gets when a document is approved or rejected. */
export const docReviewTexts = {
  approvedTitle: { 'zh-CN': '{kind} {docNo} 已审核通过', en: 'Your {kind} {docNo} was approved' },
  rejectedTitle: { 'zh-CN': '{kind} {docNo} 被驳回', en: 'Your {kind} {docNo} was rejected' },
  approved: { 'zh-CN': '{reviewer} 审核通过了{kind} {docNo}（{title}）。{comment}', en: '{reviewer} approved the {kind} {docNo} ({title}). {comment}' },
  rejected: {
    'zh-CN': '{reviewer} 驳回了{kind} {docNo}（{title}）。{comment}可修改后重新提交。',
    en: '{reviewer} rejected the {kind} {docNo} ({title}). {comment}You may change it and submit it again.',
  },
  comment: { 'zh-CN': '审核意见：{comment}。', en: 'Comment: {comment}. ' },
} satisfies Record<string, Translations>;

/** Storage place levels as named inside messages; `top` is the level above a warehouse (none). */
export const placeLevelLabels: Record<'warehouse' | 'shelf' | 'box' | 'top', Translations> = {
  warehouse: { 'zh-CN': '库房', en: 'warehouse' },
  shelf: { 'zh-CN': '货架', en: 'shelf' },
  box: { 'zh-CN': '盒位', en: 'box' },
  top: { 'zh-CN': '顶层', en: 'nothing' },
};

/** The rule a trait value broke, as named inside GERM_TRAIT_VALUE (category traits name their values instead). */
export const traitRuleLabels = {
  number: { 'zh-CN': '应为数字', en: 'a number' },
} satisfies Record<string, Translations>;

/** The germplasm import/export workbook: its title, column headers and the hints of the template's instructions sheet. */
export const germplasmIoLabels = {
  title: { 'zh-CN': '种质资源', en: 'Germplasm' },
  columns: {
    accessionNo: { 'zh-CN': '种质编号', en: 'Accession number' },
    name: { 'zh-CN': '名称', en: 'Name' },
    synonyms: { 'zh-CN': '别名', en: 'Synonyms' },
    type: { 'zh-CN': '类型', en: 'Type' },
    origin: { 'zh-CN': '原产地', en: 'Origin' },
    source: { 'zh-CN': '来源', en: 'Source' },
    generation: { 'zh-CN': '世代', en: 'Generation' },
    femaleParent: { 'zh-CN': '母本编号', en: 'Female parent accession' },
    maleParent: { 'zh-CN': '父本编号', en: 'Male parent accession' },
    pedigree: { 'zh-CN': '系谱', en: 'Pedigree' },
    introducedOn: { 'zh-CN': '入库日期', en: 'Date introduced' },
    remark: { 'zh-CN': '备注', en: 'Remark' },
    lotCount: { 'zh-CN': '批次数', en: 'Lots' },
    stock: { 'zh-CN': '库存', en: 'Stock' },
    updatedAt: { 'zh-CN': '更新时间', en: 'Updated' },
  },
  hints: {
    accessionNo: {
      'zh-CN': '本作物内唯一；字母、数字、_ . -；留空时取本作物编号规则的下一个编号',
      en: "Unique in the crop; letters, digits, _ . -; empty: the next number of the crop's series",
    },
    synonyms: { 'zh-CN': '多个用分号分隔', en: 'Separate several with semicolons' },
    generation: { 'zh-CN': 'F1、BC1F1、D1、S0 等', en: 'F1, BC1F1, D1, S0 ...' },
    femaleParent: { 'zh-CN': '已有种质或本文件中靠前行的种质编号', en: 'Accession number of an existing record or of an earlier row' },
    maleParent: { 'zh-CN': '同母本', en: 'As for the female parent' },
    pedigree: { 'zh-CN': 'Purdy 格式，如 A/B//C、A*3/B；留空时由父母本生成', en: 'Purdy notation, e.g. A/B//C, A*3/B; empty: written from the parents' },
    introducedOn: { 'zh-CN': 'YYYY-MM-DD', en: 'YYYY-MM-DD' },
  },
  /** The parent named inside GERM_PARENT_NOT_FOUND when an import row's parent is unknown. */
  parents: {
    femaleParent: { 'zh-CN': '母本', en: 'Female parent' },
    maleParent: { 'zh-CN': '父本', en: 'Male parent' },
  },
} satisfies {
  title: Translations;
  columns: Record<string, Translations>;
  hints: Record<string, Translations>;
  parents: Record<string, Translations>;
};

/** Texts of the printed label sheets (PDF) beyond the field names (`labelFieldLabels`). */
export const labelSheetLabels = {
  title: { 'zh-CN': '标签', en: 'Labels' },
} satisfies Record<string, Translations>;
