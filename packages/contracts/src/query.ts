import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/** One filter as the filter drawer sends it: `value` is `text|operator` (spec section 7). */
export const FilterItem = z.object({ key: z.string().min(1).max(64), value: z.string().max(2000) });
export type FilterItem = z.infer<typeof FilterItem>;

/** Filters travel in the query string as a JSON-encoded list of {key, value}. */
export const FiltersParam = z
  .string()
  .max(8000)
  .transform((text, ctx): FilterItem[] => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters must be a JSON list of {key, value}', params: { rule: 'format', format: 'JSON [{key, value}]' } });
      return z.NEVER;
    }
    const result = z.array(FilterItem).max(50).safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: 'filters must be a JSON list of {key, value}', params: { rule: 'format', format: 'JSON [{key, value}]' } });
      return z.NEVER;
    }
    return result.data;
  });

/** The list query every paged endpoint shares (spec sections 3 and 9). */
export const PageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  orderByColumn: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/)
    .optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
  keyword: z.string().trim().max(200).optional(),
  filters: FiltersParam.optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;
export type PageQueryInput = z.input<typeof PageQuery>;
