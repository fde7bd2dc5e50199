import { z } from 'zod';
import { validateGeneration } from '@breedwise/pedigree';
import type { Translations } from '../errors';

export { codeText, optionalDate, optionalId, optionalText, requiredDate, requiredId, requiredText, Season, SEASONS, Updated, Ids } from '../doe/shared';

/** A nursery generation code in F, D or BC form (spec section 5), upper-cased canonically (`f2` -> `F2`). */
export const NurseryGeneration = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .transform((v, ctx) => {
    const g = validateGeneration(v);
    if (g.ok) return g.code;
    ctx.addIssue({ code: 'custom', message: 'generation form', params: { errorCode: 'NURSERY_GENERATION_INVALID', value: v } });
    return z.NEVER;
  });

export const ACTIVITY_STATUSES = ['planning', 'finished'] as const;
export const ActivityStatus = z.enum(ACTIVITY_STATUSES);
export type ActivityStatus = z.infer<typeof ActivityStatus>;

export const POLLINATION_TYPES = ['cross', 'self', 'dh'] as const;
export const PollinationType = z.enum(POLLINATION_TYPES);
export type PollinationType = z.infer<typeof PollinationType>;

export const POLLINATION_RESULTS = ['success', 'fail'] as const;
export const PollinationResult = z.enum(POLLINATION_RESULTS);
export type PollinationResult = z.infer<typeof PollinationResult>;

export const HARVEST_TYPES = ['bulk', 'single-plant', 'ear'] as const;
export const HarvestType = z.enum(HARVEST_TYPES);
export type HarvestType = z.infer<typeof HarvestType>;

const t = (zh: string, en: string): Translations => ({ 'zh-CN': zh, en });
export const activityStatusLabels: Record<ActivityStatus, Translations> = { planning: t('计划中', 'Planning'), finished: t('已完成', 'Finished') };
export const pollinationTypeLabels: Record<PollinationType, Translations> = {
  cross: t('杂交', 'Cross'),
  self: t('自交', 'Self'),
  dh: t('DH 诱导', 'DH induction'),
};
export const pollinationResultLabels: Record<PollinationResult, Translations> = { success: t('成功', 'Success'), fail: t('失败', 'Fail') };
