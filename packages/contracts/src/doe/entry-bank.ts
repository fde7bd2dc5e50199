import { z } from 'zod';
import { PageQuery } from '../query';
import { resource } from '../http/endpoint';
import { GermplasmType } from '../germ/germplasm';
import { doePermissions as P } from './permissions';
import { EntryType, ExperimentEntryRow } from './experiment';

/**
 * Experiment entries straight from the germplasm bank: a picker over the accessions of the current crop,
 * a check of a pasted list of accession numbers, and the adding itself (one transaction).
 */

/** Most accessions one call adds, and the longest pasted list. */
export const MAX_BANK_ENTRIES = 5000;
export const MAX_ACCESSION_TEXT = 200_000;

/**
 * Splits a pasted list of accession numbers: one per line, or separated by commas (also `，`), semicolons,
 * tabs or spaces, as copied from a spreadsheet column or row. Empty pieces are dropped; order is kept.
 */
export function splitAccessionList(text: string): string[] {
  return text
    .split(/[\r\n\t,，;；\s]+/)
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** An accession as the picker lists it. */
export const BankAccessionRow = z.object({
  id: z.number().int(),
  accessionNo: z.string(),
  name: z.string(),
  type: GermplasmType,
  generation: z.string().nullable(),
  pedigree: z.string().nullable(),
  origin: z.string().nullable(),
  /** Already an entry of the experiment. */
  inExperiment: z.boolean(),
});
export type BankAccessionRow = z.infer<typeof BankAccessionRow>;

/** The picker's page: the keyword ranks exact accession numbers and names first, then prefixes, then the rest. */
export const BankPageQuery = PageQuery.extend({
  experimentId: z.coerce.number().int().positive(),
  type: GermplasmType.optional(),
});
export type BankPageQuery = z.input<typeof BankPageQuery>;

export const AccessionCheck = z.object({
  id: z.number().int().positive(),
  /** The pasted text, split by `splitAccessionList`. */
  accessionList: z.string().max(MAX_ACCESSION_TEXT),
});
export type AccessionCheck = z.input<typeof AccessionCheck>;

/** What a pasted list holds, before anything is added. */
export const AccessionReport = z.object({
  /** Accession numbers read from the text (duplicates included). */
  total: z.number().int(),
  /** Known accessions, first occurrence order, each once. */
  found: z.array(BankAccessionRow),
  /** Numbers no accession of the current crop carries, in the order pasted. */
  unknown: z.array(z.string()),
  /** Numbers pasted more than once, with how often. */
  duplicates: z.array(z.object({ accessionNo: z.string(), count: z.number().int() })),
});
export type AccessionReport = z.infer<typeof AccessionReport>;

export const BankEntriesAdd = z.object({
  id: z.number().int().positive(),
  /** Accessions in the order they become entries; `type: check` makes an entry a core control. */
  accessions: z
    .array(z.object({ germplasmId: z.number().int().positive(), type: EntryType.default('test') }))
    .min(1)
    .max(MAX_BANK_ENTRIES),
  /** `append` numbers the new entries after the last one; `replace` drops the current entries first. */
  addMode: z.enum(['append', 'replace']).default('append'),
});
export type BankEntriesAdd = z.input<typeof BankEntriesAdd>;

export const bankFieldLabels = {
  accessions: { 'zh-CN': '种质', en: 'Accessions' },
  accessionList: { 'zh-CN': '种质编号列表', en: 'Accession numbers' },
  addMode: { 'zh-CN': '添加方式', en: 'Adding mode' },
} as const;

/** Entries from the germplasm bank (under the experiment's base path). */
export const experimentBank = resource(
  { tag: 'doe: experiments', base: '/api/experiment' },
  {
    page: {
      method: 'GET',
      path: '/bank/page',
      permission: P.experimentEdit,
      summary: 'Accessions of the current crop to pick as entries; exact matches of the keyword first, then prefixes, then the rest',
      query: BankPageQuery,
      page: BankAccessionRow,
    },
    check: {
      method: 'POST',
      path: '/bank/check',
      permission: P.experimentEdit,
      audit: false,
      summary: 'Reads a pasted list of accession numbers: the known ones, the unknown ones and the duplicates (nothing is saved)',
      body: AccessionCheck,
      data: AccessionReport,
    },
    add: {
      method: 'POST',
      path: '/bank/add',
      permission: P.experimentEdit,
      summary: 'Adds accessions of the current crop as entries (appended or replacing), in one transaction; only in temporary storage',
      body: BankEntriesAdd,
      data: z.array(ExperimentEntryRow),
    },
  },
);
