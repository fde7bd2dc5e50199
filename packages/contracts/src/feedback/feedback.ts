import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { feedbackPermissions as P } from './permissions';

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

export const FeedbackCreated = z.object({ id: z.number().int() });

/** Feedback (spec section 7, under /auth): add (multipart with attachments), list, remove, resolve. */
export const feedback = resource(
  { tag: 'auth: feedback', base: '/feedback' },
  {
    add: {
      method: 'POST',
      path: '/add',
      summary: `Sends feedback (multipart: type, title, description, link, contact, phone, fileIds of files uploaded before, then up to ${FEEDBACK_MAX_ATTACHMENTS} files named file)`,
      bodyType: 'multipart',
      data: FeedbackCreated,
    },
    list: {
      method: 'GET',
      path: '/list',
      summary: `Feedback: one’s own, or all of the organisation with ${P.list}`,
      query: FeedbackPageQuery,
      page: FeedbackRow,
    },
    remove: { method: 'DELETE', path: '/remove/:id', summary: 'Removes feedback (its author, or a feedback administrator)', params: IdParam, data: z.null() },
    resolve: { method: 'PUT', path: '/resolve/:id', permission: P.list, summary: 'Marks feedback as resolved', params: IdParam, data: z.null() },
  },
);
