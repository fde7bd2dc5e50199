import { defineModuleErrors, type Translations } from '../errors';

/** Errors of the feedback module. */
export const feedbackErrors = defineModuleErrors('FEEDBACK', {
  FEEDBACK_TOO_MANY_FILES: { 'zh-CN': '最多上传 {max} 个附件', en: 'At most {max} attachments' },
});

export const feedbackFieldLabels: Record<string, Translations> = {
  type: { 'zh-CN': '反馈类型', en: 'Type' },
  title: { 'zh-CN': '标题', en: 'Title' },
  description: { 'zh-CN': '问题描述', en: 'Description' },
  link: { 'zh-CN': '相关页面链接', en: 'Link' },
  contact: { 'zh-CN': '联系人', en: 'Contact' },
  phone: { 'zh-CN': '手机号', en: 'Phone' },
};
