import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { gsPermissions as P } from './permissions';

export const INDEX_METHODS = ['weighted', 'smith-hazel', 'desired-gains'] as const;
export type IndexMethod = (typeof INDEX_METHODS)[number];

/** Per trait a trend (positive or negative) and a weight; for the weighted index the weights sum to 100 (spec 5). */
export const TraitWeight = z.object({ trait: z.string().trim().min(1).max(64), trend: z.enum(['+', '-']), weight: z.number().min(0).max(100) });
export type TraitWeight = z.infer<typeof TraitWeight>;

export const IndexQuery = z.object({
  predictId: z.number().int().positive(),
  method: z.enum(INDEX_METHODS).default('weighted'),
  weights: z.array(TraitWeight).min(1).max(20),
  /** The top rows proposed as candidates. */
  select: z.number().int().min(0).max(100_000).default(10),
});
export type IndexQuery = z.input<typeof IndexQuery>;

export const IndexData = z.object({
  method: z.enum(INDEX_METHODS),
  coefficients: z.record(z.string(), z.number()),
  /** Per trait: mean GEBV of the proposed candidates minus the mean of all (the expected gain). */
  gains: z.record(z.string(), z.number()),
  rows: z.array(
    z.object({
      rank: z.number().int(),
      id: z.string(),
      index: z.number(),
      proposed: z.boolean(),
      added: z.boolean(),
      values: z.record(z.string(), z.number().nullable()),
    }),
  ),
});
export type IndexData = z.infer<typeof IndexData>;

export const AssessData = z.object({
  predictId: z.number().int(),
  name: z.string(),
  traits: z.array(z.object({ trait: z.string(), n: z.number().int(), mean: z.number().nullable(), sd: z.number().nullable() })),
  candidates: z.number().int(),
});

export const CandidateRow = z.object({ id: z.number().int(), sampleId: z.string(), index: z.number(), method: z.enum(INDEX_METHODS), createdAt: z.string() });
export type CandidateRow = z.infer<typeof CandidateRow>;
export const CandidatesQuery = z.object({ predictId: z.coerce.number().int().positive() });
export const CandidatesAdd = z.object({
  predictId: z.number().int().positive(),
  method: z.enum(INDEX_METHODS),
  samples: z
    .array(z.object({ id: z.string().trim().min(1).max(64), index: z.number() }))
    .min(1)
    .max(100_000),
});
export type CandidatesAdd = z.input<typeof CandidatesAdd>;
export const CandidatesRemove = z.object({ predictId: z.number().int().positive(), sampleIds: z.array(z.string().trim().min(1).max(64)).min(1).max(100_000) });
export type CandidatesRemove = z.input<typeof CandidatesRemove>;

/** Selection and index evaluation (spec 7, /gs api/sample) over a finished prediction's GEBVs. */
export const sample = resource(
  { tag: 'gs: selection', base: '/api/sample' },
  {
    assess: {
      method: 'GET',
      path: '/getAssess/:id',
      permission: P.predictList,
      summary: 'The traits of a prediction available for an index, with their GEBV mean and SD',
      params: IdParam,
      data: AssessData,
    },
    page: {
      method: 'POST',
      path: '/page',
      permission: P.predictList,
      summary: 'Ranks a prediction’s samples by a selection index: weighted (weights sum to 100), Smith-Hazel or desired gains',
      body: IndexQuery,
      data: IndexData,
      audit: false,
    },
    candidates: {
      method: 'GET',
      path: '/getCandidates/',
      permission: P.predictList,
      summary: 'The candidates chosen from a prediction',
      query: CandidatesQuery,
      data: z.array(CandidateRow),
    },
    addCandidates: {
      method: 'POST',
      path: '/addCandidates',
      permission: P.predictAdd,
      summary: 'Adds samples to the candidate list (with their index value)',
      body: CandidatesAdd,
      data: z.object({ added: z.number().int() }),
    },
    delCandidates: {
      method: 'DELETE',
      path: '/delCandidates',
      permission: P.predictAdd,
      summary: 'Removes samples from the candidate list',
      body: CandidatesRemove,
      data: z.object({ removed: z.number().int() }),
    },
    candidatesExport: {
      method: 'POST',
      path: '/candidatesExport/:id',
      permission: P.predictList,
      summary: 'The candidate list of a prediction as CSV',
      params: IdParam,
      file: true,
    },
  },
);
