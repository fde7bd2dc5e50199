import { z } from 'zod';
import { defineErrors, type Translations } from '../errors';
import { PageQuery } from '../query';

export const FEEDBACK_TYPES = ['bug', 'suggestion', 'question', 'other'] as const;
export const FEEDBACK_STATUSES = ['open', 'resolved'] as const;

/** Mainland mobile numbers, or international numbers with a leading + (7 to 15 digits). */
const PHONE = /^(1[3-9]\d{9}|\+\d{7,15})$/;

/** Spec section 5: title at most 30; type, title, description, link and contact required; phone format checked. */
export const FeedbackCreate = z.object({
  type: z.enum(FEEDBACK_TYPES),
  title: z.string().trim().min(1).max(30),
  description: z.string().trim().min(1).max(2000),
  link: z.string().trim().min(1).max(500),
  contact: z.string().trim().min(1).max(50),
  phone: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || PHONE.test(v), { params: { rule: 'format', format: '13800138000 / +4915112345678' } }),
});
export type FeedbackCreate = z.input<typeof FeedbackCreate>;

export const FeedbackRow = z.object({
  id: z.number().int(),
  type: z.enum(FEEDBACK_TYPES),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  contact: z.string(),
  phone: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  attachments: z.array(z.object({ fileId: z.string(), fileName: z.string(), src: z.string() })),
  createdBy: z.string().nullable(),
  createdById: z.number().int().nullable(),
  createdAt: z.string(),
});
export type FeedbackRow = z.infer<typeof FeedbackRow>;

export const FeedbackPageQuery = PageQuery.extend({ status: z.enum(FEEDBACK_STATUSES).optional(), type: z.enum(FEEDBACK_TYPES).optional() });

export const FEEDBACK_MAX_ATTACHMENTS = 5;

export const feedbackErrors = defineErrors({
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
