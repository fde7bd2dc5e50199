import type { Locale } from '../constants';
import type { Translations } from '../errors';

/**
 * The operation log's action names in both languages. An action code is `<subject>.<verb>`: the
 * endpoint hook records `<module>.<resource>.<endpoint>` (doe.experiment.create), services record their
 * own codes (system.user.create, auth.login). The screen and the dashboard name an action by
 * `auditActionLabel`: a whole-code name first, else the verb and the subject, else the code itself.
 */

const t = (zh: string, en: string): Translations => ({ 'zh-CN': zh, en });

/** Codes named as a whole. */
export const auditActionNames: Record<string, Translations> = {
  'access.denied': t('越权访问被拒绝', 'Access denied'),
  'auth.login': t('登录', 'Sign in'),
  'auth.logout': t('退出登录', 'Sign out'),
  'auth.register': t('注册账号', 'Register an account'),
  'auth.password.change': t('修改密码', 'Change password'),
  'auth.password.reset': t('重置密码', 'Reset password'),
  'auth.password.resetRequested': t('申请重置密码', 'Request a password reset'),
  'auth.session.end': t('结束会话', 'End a session'),
  'auth.session.endOthers': t('结束其他会话', 'End other sessions'),
  'auth.scanIdentity.bind': t('绑定扫码身份', 'Bind a scan identity'),
  'auth.scanIdentity.remove': t('解绑扫码身份', 'Remove a scan identity'),
  'auth.qrcode.confirm': t('确认扫码登录', 'Confirm a QR sign-in'),
  'auth.qrcode.cancel': t('取消扫码登录', 'Cancel a QR sign-in'),
  'account.phone.bind': t('绑定手机号', 'Bind a mobile number'),
  'account.profile.update': t('修改个人资料', 'Update the profile'),
  'account.totp.enable': t('启用两步验证', 'Enable two-step verification'),
  'account.totp.disable': t('停用两步验证', 'Disable two-step verification'),
  'account.totp.recoveryCodes': t('重新生成恢复码', 'Regenerate recovery codes'),
  'account.viewDepts.set': t('设置可查看部门', 'Set the visible departments'),
  'system.user.approve': t('审核通过用户', 'Approve a user'),
  'system.user.reject': t('驳回用户', 'Reject a user'),
  'system.role.menus': t('设置角色菜单', 'Set the menus of a role'),
  'license.save': t('签发许可证', 'Issue a licence'),
  'license.export': t('导出许可证', 'Export a licence'),
  'license.install': t('安装许可证', 'Install a licence'),
  'doe.experiment.addSite': t('为试验添加地点', 'Add a location to an experiment'),
  'doe.experiment.removeSite': t('移除试验地点', 'Remove a location from an experiment'),
  'doe.experimentBank.add': t('从种质库添加试验材料', 'Add experiment entries from the germplasm bank'),
  'doe.plotLabel.pdf': t('打印小区标签', 'Print plot labels'),
  'germ.accessionSeries.save': t('设置种质编号规则', 'Set an accession number series'),
  'etl.pipeline.run': t('运行数据流水线', 'Run a data pipeline'),
  'etl.business.addBusinessData': t('新增业务数据', 'Add a business data row'),
  'etl.business.deleteBusinessData': t('删除业务数据', 'Delete a business data row'),
  'pheno.study.push': t('推送试验到表型系统', 'Push an experiment to phenotyping'),
  'pheno.study.traits': t('设置试验观测性状', 'Set the traits of an experiment'),
  'pheno.study.observe': t('记录观测值', 'Record an observation'),
  'pheno.study.exclude': t('排除观测值', 'Exclude an observation'),
  'pheno.study.fieldFile': t('导出 Field Book 田间文件', 'Export a Field Book field file'),
  'pheno.study.traitFile': t('导出 Field Book 性状文件', 'Export a Field Book trait file'),
  'pheno.study.fieldBookImport': t('导入 Field Book 观测数据', 'Import Field Book observations'),
  'pheno.study.analyse': t('运行单点分析', 'Run the single-trial analysis'),
  'nursery.entry.fromList': t('从种植清单添加苗圃材料', 'Add nursery entries from a planting list'),
  'nursery.entry.fromGermplasm': t('从种质添加苗圃材料', 'Add nursery entries from germplasm'),
  'nursery.pollination.planCross': t('计划杂交', 'Plan crosses'),
  'nursery.pollination.planSelf': t('计划自交或 DH 诱导', 'Plan selfs or DH inductions'),
  'nursery.pollination.record': t('记录授粉结果', 'Record pollinations'),
  'pheno.study.observeRow': t('保存一行观测值', 'Record a row of observations'),
  'nursery.entry.fromGroup': t('从材料组添加苗圃材料', 'Add nursery entries from an entry group'),
  'nursery.entry.layout': t('苗圃材料田间布局', 'Lay out nursery entries on the field'),
  'nursery.entry.labels': t('打印苗圃小区标签', 'Print nursery plot labels'),
  'nursery.pollination.importCrosses': t('导入杂交组合清单', 'Import a cross list'),
  'nursery.harvest.start': t('启动批量收获任务', 'Start a harvest task'),
  'nursery.harvest.labels': t('打印收获标签', 'Print harvest labels'),
  'nursery.survey.traits': t('设置田间调查性状', 'Set the field survey traits'),
  'nursery.survey.observe': t('记录田间调查值', 'Record a field survey value'),
  'nursery.survey.import': t('导入田间调查记录本', 'Import a field survey record book'),
  'bpm.form.create': t('新建流程表单', 'Create a process form'),
  'bpm.form.update': t('修改流程表单', 'Update a process form'),
  'bpm.form.delete': t('删除流程表单', 'Delete a process form'),
  'gs.hybrid.createGcaTask': t('新建 GCA 任务', 'Create a GCA task'),
  'gs.hybrid.resetGcaTask': t('重新运行 GCA 任务', 'Run a GCA task again'),
  'gs.hybrid.removeGcaTask': t('删除 GCA 任务', 'Delete a GCA task'),
  'gs.hybrid.importHgTemplate': t('导入杂交组合模板', 'Import a hybrid template'),
  'gs.compose.bySystem': t('由平台数据创建数据集', 'Create a dataset from platform data'),
  'gs.compose.byMerge': t('合并数据集', 'Merge datasets'),
  'gs.planting.sendToPlanting': t('候选材料发送到种植清单', 'Send candidates to a planting list'),
};

/** What an action was done to. */
export const auditSubjects: Record<string, Translations> = {
  'system.user': t('用户', 'user'),
  'system.role': t('角色', 'role'),
  'system.menu': t('菜单', 'menu'),
  'system.dept': t('部门', 'department'),
  'system.org': t('组织', 'organisation'),
  'system.crop': t('作物', 'crop'),
  'system.build': t('基因组版本', 'genome build'),
  'system.app': t('应用', 'application'),
  'system.brand': t('品牌', 'brand'),
  'system.notice': t('通知公告', 'notice'),
  'system.dict': t('字典', 'dictionary'),
  'system.dict.type': t('字典类型', 'dictionary type'),
  'system.dict.data': t('字典数据', 'dictionary value'),
  'license.subject': t('许可证主体', 'licence holder'),
  'license.issued': t('许可证', 'licence'),
  'license.installed': t('许可证', 'licence'),
  'message.message': t('消息', 'message'),
  'feedback.feedback': t('意见反馈', 'feedback'),
  'gws.build': t('基因组版本', 'genome build'),
  'gs.dataset': t('基因组选择数据集', 'genomic-selection dataset'),
  'gs.model': t('基因组选择模型', 'genomic-selection model'),
  'gs.predict': t('基因组预测任务', 'genomic prediction task'),
  'gs.sample': t('候选材料', 'candidate list'),
  'doe.location': t('试验地点', 'location'),
  'doe.team': t('团队', 'team'),
  'doe.project': t('项目', 'project'),
  'doe.field': t('田块', 'field'),
  'doe.block': t('区块', 'block'),
  'doe.experiment': t('试验', 'experiment'),
  'doe.germList': t('种植清单', 'planting list'),
  'doe.germDesign': t('种质繁种设计', 'germplasm nursery design'),
  'doe.entryGroup': t('材料组', 'entry group'),
  'doe.activityCategory': t('农事活动类别', 'activity category'),
  'doe.activityRecord': t('农事活动记录', 'activity record'),
  'doe.harvest': t('收获', 'harvest'),
  'doe.map': t('地图', 'map'),
  'germ.germplasm': t('种质资源', 'germplasm'),
  'germ.lot': t('种子批次', 'seed lot'),
  'germ.place': t('库位', 'storage place'),
  'germ.trait': t('性状', 'trait'),
  'germ.inbound': t('入库单', 'inbound document'),
  'germ.outbound': t('出库单', 'outbound document'),
  'germ.stocktaking': t('盘点单', 'stocktaking document'),
  'germ.scrap': t('报废单', 'scrap document'),
  'germ.cart': t('申请车', 'request cart'),
  'germ.label': t('标签', 'labels'),
  'germ.document': t('单据', 'document'),
  'pheno.variable': t('表型性状', 'phenotype trait'),
  'nursery.activity': t('苗圃活动', 'nursery activity'),
  'nursery.entry': t('苗圃材料', 'nursery entry'),
  'nursery.pollination': t('授粉', 'pollination'),
  'nursery.harvest': t('苗圃收获', 'nursery harvest'),
  'nursery.dhFlow': t('DH 流程模板', 'DH flow template'),
  'bpm.model': t('流程模型', 'process model'),
  'bpm.instance': t('流程实例', 'process instance'),
  'bpm.task': t('审批任务', 'approval task'),
  'bpm.common': t('业务流程', 'business process'),
  'bpm.userGroup': t('用户组', 'user group'),
  'bpm.assignRule': t('任务分配规则', 'task assignment rule'),
  'bpm.binding': t('业务流程绑定', 'business process binding'),
  'bpm.leave': t('请假申请', 'leave request'),
  'nursery.dhEntry': t('DH 批次', 'DH batch'),
  'nursery.dhEvent': t('DH 事件', 'DH event'),
  'etl.pipeline': t('数据流水线', 'data pipeline'),
  'etl.business': t('业务数据表', 'business data table'),
};

/** What was done. */
export const auditVerbs: Record<string, Translations> = {
  create: t('新建', 'Create'),
  createType: t('新建类型', 'Create the type of'),
  createData: t('新建数据', 'Create a value of'),
  update: t('修改', 'Update'),
  updateType: t('修改类型', 'Update the type of'),
  updateData: t('修改数据', 'Update a value of'),
  updateCurrent: t('修改当前', 'Update the current'),
  remove: t('删除', 'Delete'),
  delete: t('删除', 'Delete'),
  removeType: t('删除类型', 'Delete the type of'),
  removeData: t('删除数据', 'Delete a value of'),
  status: t('变更状态', 'Change the state of'),
  import: t('导入', 'Import'),
  export: t('导出', 'Export'),
  design: t('设计', 'Design'),
  saveEntries: t('保存材料', 'Save the entries of'),
  entriesFromList: t('从清单添加材料', 'Add entries from a list to'),
  generate: t('生成', 'Generate'),
  reset: t('重置', 'Reset'),
  save: t('保存', 'Save'),
  discard: t('废弃', 'Discard'),
  setMembers: t('设置成员', 'Set the members of'),
  fromExperiment: t('从试验生成', 'Create from an experiment:'),
  toList: t('转为种植清单', 'Turn into a planting list:'),
  setEngine: t('设置地图引擎', 'Set the map engine of'),
  saveTraits: t('保存性状', 'Save the traits of'),
  deposit: t('入库', 'Deposit into'),
  withdraw: t('出库', 'Withdraw from'),
  withdrawal: t('出库', 'Withdraw from'),
  adjustment: t('调整', 'Adjust'),
  adjust: t('调整', 'Adjust'),
  transfer: t('移库', 'Transfer'),
  split: t('拆分', 'Split'),
  merge: t('合并', 'Merge'),
  audit: t('审核', 'Review'),
  retryService: t('重试服务步骤', 'Retry the service step of'),
  approve: t('审核通过', 'Approve'),
  reject: t('驳回', 'Reject'),
  submit: t('提交', 'Submit'),
  reopen: t('重新打开', 'Reopen'),
  finish: t('完成', 'Finish'),
  cancel: t('取消', 'Cancel'),
  initial: t('初始入库', 'Initial stock of'),
  inbound: t('入库', 'Receive into'),
  outbound: t('出库', 'Issue from'),
  scrap: t('报废', 'Scrap'),
  stocktaking: t('盘点', 'Count'),
  add: t('添加', 'Add to'),
  clear: t('清空', 'Clear'),
  checkout: t('提交申请', 'Check out'),
  pdf: t('打印', 'Print'),
  resolve: t('处理', 'Resolve'),
  setCurrent: t('设为当前', 'Make current:'),
  exportFile: t('导出', 'Export'),
  favorite: t('收藏', 'Mark as favourite:'),
  verify: t('验证', 'Verify'),
  addCandidates: t('添加候选材料到', 'Add candidates to the'),
  delCandidates: t('移除候选材料自', 'Remove candidates from the'),
  candidatesExport: t('导出', 'Export'),
  install: t('安装', 'Install'),
  menus: t('设置菜单', 'Set the menus of'),
  forceLogout: t('强制下线', 'Sign out'),
  resetPassword: t('重置密码', 'Reset the password of'),
  deploy: t('部署', 'Deploy'),
  updateState: t('变更状态', 'Change the state of'),
  updateAssignee: t('转办', 'Hand over'),
  initProcess: t('发起', 'Start'),
};

/** The name of an action in a language: "新建试验" / "Create experiment"; the code when unknown. */
export function auditActionLabel(action: string, locale: Locale): string {
  const whole = auditActionNames[action];
  if (whole) return whole[locale];
  const at = action.lastIndexOf('.');
  if (at < 0) return auditVerbs[action]?.[locale] ?? action;
  const subject = auditSubjects[action.slice(0, at)];
  const verb = auditVerbs[action.slice(at + 1)];
  if (!subject || !verb) return action;
  return locale === 'en' ? `${verb.en} ${subject.en}` : `${verb['zh-CN']}${subject['zh-CN']}`;
}

/** A before/after pair of one field, as the operation log shows it. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields whose value differs between two snapshots (audit columns left out). */
export function auditChanges(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): AuditChange[] {
  const skip = new Set(['updatedAt', 'updateTime', 'updateBy', 'updatedBy', 'version']);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !skip.has(k));
  return keys
    .filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null))
    .map((k) => ({ field: k, before: before?.[k] ?? null, after: after?.[k] ?? null }));
}

/** What an action was done to, in words: "试验 Audit RCB" / "experiment Audit RCB" (the subject and the record's name or id). */
export function auditTargetLabel(
  row: { action: string; targetType: string | null; targetId: string | null; detail: Record<string, unknown> },
  locale: Locale,
): string {
  const at = row.action.lastIndexOf('.');
  const subject = at > 0 ? auditSubjects[row.action.slice(0, at)]?.[locale] : undefined;
  const name = typeof row.detail.name === 'string' || typeof row.detail.name === 'number' ? String(row.detail.name) : null;
  const what = subject ?? row.targetType ?? '';
  const which = name ?? (row.targetId ? `#${row.targetId}` : '');
  return [what, which].filter(Boolean).join(' ');
}
