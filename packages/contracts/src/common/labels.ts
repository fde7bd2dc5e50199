import type { Translations } from '../errors';

/** Labels of the shared services' payload fields (validation messages name the field by its label). */
export const serviceFieldLabels: Record<string, Translations> = {
  file: { 'zh-CN': '文件', en: 'File' },
  kind: { 'zh-CN': '文件类别', en: 'File kind' },
  businessType: { 'zh-CN': '业务类型', en: 'Business type' },
  title: { 'zh-CN': '名称', en: 'Name' },
  filterObj: { 'zh-CN': '筛选条件', en: 'Filter' },
  tableName: { 'zh-CN': '表格', en: 'Table' },
  columns: { 'zh-CN': '列', en: 'Columns' },
  taskId: { 'zh-CN': '任务', en: 'Task' },
  mode: { 'zh-CN': '导入方式', en: 'Import mode' },
  prop: { 'zh-CN': '列名', en: 'Column' },
  width: { 'zh-CN': '列宽', en: 'Width' },
};
