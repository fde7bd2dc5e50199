import type { Translations } from './errors';

/**
 * Field labels used by validation messages so that an error names the field as the user sees it.
 * Keys are the payload keys; a module adds its own labels in its contracts file.
 */
export const commonFieldLabels: Record<string, Translations> = {
  id: { 'zh-CN': '编号', en: 'ID' },
  name: { 'zh-CN': '名称', en: 'Name' },
  code: { 'zh-CN': '编码', en: 'Code' },
  status: { 'zh-CN': '状态', en: 'Status' },
  remark: { 'zh-CN': '备注', en: 'Remark' },
  pageNum: { 'zh-CN': '页码', en: 'Page number' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  orderByColumn: { 'zh-CN': '排序字段', en: 'Sort column' },
  isAsc: { 'zh-CN': '排序方向', en: 'Sort direction' },
  keyword: { 'zh-CN': '关键字', en: 'Keyword' },
  filters: { 'zh-CN': '筛选条件', en: 'Filters' },
  username: { 'zh-CN': '用户名', en: 'User name' },
  password: { 'zh-CN': '密码', en: 'Password' },
  code_captcha: { 'zh-CN': '验证码', en: 'Captcha' },
  uuid: { 'zh-CN': '验证码标识', en: 'Captcha id' },
  locale: { 'zh-CN': '语言', en: 'Language' },
};
