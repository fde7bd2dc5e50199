import { z } from 'zod';

/** Texts shared by the DOE contracts: trimmed, empty as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** A code users type and other systems read back: letters, digits, `_ . -`. */
export const codeText = (max = 50) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(v), { params: { rule: 'format', format: 'A-Z a-z 0-9 _ . -' } });

const DATE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/;
const validDay = (v: string) => {
  const d = new Date(`${v.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v.slice(0, 10);
};

/** A day: `YYYY-MM-DD`, or the web's `YYYY-MM-DD HH:mm:ss` (the time is dropped). */
export const optionalDate = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || (DATE.test(v) && validDay(v)), { params: { rule: 'format', format: 'YYYY-MM-DD' } })
  .transform((v) => (v ? v.slice(0, 10) : null));

export const requiredDate = z
  .string()
  .trim()
  .min(1)
  .refine((v) => DATE.test(v) && validDay(v), { params: { rule: 'format', format: 'YYYY-MM-DD' } })
  .transform((v) => v.slice(0, 10));

export const optionalId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);
/** A required reference: refused as "required" when missing. */
export const requiredId = z.number().int().positive();
export const Ids = z.array(z.number().int().positive()).min(1).max(200);

/** Seasons of the `doe_season` dictionary. */
export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
export const Season = z.enum(SEASONS);
export type Season = z.infer<typeof Season>;

export const EnableStatus = z.enum(['enabled', 'disabled']);
export type EnableStatus = z.infer<typeof EnableStatus>;

export const StatusUpdate = z.object({ ids: Ids, status: EnableStatus });
export type StatusUpdate = z.infer<typeof StatusUpdate>;

/** What a batch change answers: how many rows it changed. */
export const Updated = z.object({ updated: z.number().int() });

export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;
export const Year = z.number().int().min(YEAR_MIN).max(YEAR_MAX);

/** A user as pickers show one. */
export const UserOption = z.object({ id: z.number().int(), username: z.string(), nickName: z.string().nullable() });
export type UserOption = z.infer<typeof UserOption>;

export const OptionQuery = z.object({ keyword: z.string().trim().max(100).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
export type OptionQuery = z.input<typeof OptionQuery>;

/** `{id, name, code?}` options of a select. */
export const NamedOption = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable().optional() });
export type NamedOption = z.infer<typeof NamedOption>;

/** A member of a team or a project. */
export const MEMBER_ROLES = ['leader', 'member'] as const;
export const MemberRole = z.enum(MEMBER_ROLES);
export const MemberInput = z.object({ userId: z.number().int().positive(), role: MemberRole.default('member') });
export const MemberRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string().nullable(),
  role: MemberRole,
  joinedAt: z.string(),
});
export type MemberRow = z.infer<typeof MemberRow>;
