import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { DatasetCreateFields, gsApi } from '@breedwise/contracts/gs';
import { requireOrg } from '../../../platform/context';
import { registerEndpoints, type EndpointRequest } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { receiveToTemp } from '../../../platform/files/receive';
import { describeValidation } from '../../../platform/validation';
import { contentDisposition, storeStagedFile } from '../../common';
import { fetchStored, gsRefusal, workDir } from '../gs-files';
import {
  datasetNameFree,
  deleteDataset,
  getDatasetDetail,
  getDatasetRecord,
  inspectDataset,
  insertDataset,
  listDatasets,
  phenotypeTemplate,
  updateDataset,
  type StagedDataset,
} from './dataset.service';
import type { HybridPedigree } from '../gs.tables';
import { inspectHybridDataset } from '../hybrid/hybrid-dataset';

/** Genotype archives may be large (2,000 x 100,000 calls and more); the phenotype CSV is small. */
export const GS_GENOTYPE_MAX_BYTES = 2 * 1024 ** 3;
export const GS_PHENOTYPE_MAX_BYTES = 100 * 1024 ** 2;

const FILE_FIELDS = { phenotype: GS_PHENOTYPE_MAX_BYTES, genotype: GS_GENOTYPE_MAX_BYTES, pedigree: GS_PHENOTYPE_MAX_BYTES } as const;

/** Datasets (spec 7, /gs api/ds): the handlers of `gsApi.resources.dataset`. */
export function datasetRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const deps = { db, storage: app.storage, config: app.config };

  /**
   * Create: the form fields, then the phenotype CSV and the PLINK .zip, each streamed to a staging file
   * under its own name (the engine names it in its refusals). Checked, summarised, then stored.
   */
  const create = async (req: EndpointRequest<typeof gsApi.resources.dataset.create>) => {
    requireOrg(req.ctx);
    if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
    const w = await workDir(app.config.dataDir);
    try {
      const raw: Record<string, string> = {};
      const files: Partial<Record<keyof typeof FILE_FIELDS, { path: string; name: string }>> = {};
      for await (const part of req.parts({ limits: { files: 3, fileSize: GS_GENOTYPE_MAX_BYTES + 1 } })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') raw[part.fieldname] = part.value;
          continue;
        }
        const field = part.fieldname as keyof typeof FILE_FIELDS;
        if (!(field in FILE_FIELDS) || files[field]) {
          part.file.resume();
          continue;
        }
        const name = path.basename(part.filename.replace(/\\/g, '/')) || field;
        const staged = await receiveToTemp(part.file, w.dir, FILE_FIELDS[field]);
        const dir = path.join(w.dir, field);
        await fsp.mkdir(dir);
        const target = path.join(dir, name);
        await fsp.rename(staged.path, target);
        files[field] = { path: target, name };
      }
      const parsed = DatasetCreateFields.safeParse(raw);
      if (!parsed.success) {
        const d = describeValidation(
          parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message, params: { ...i } })),
          req.locale,
        );
        throw new AppError(400, 'VALIDATION_FAILED', { detail: d.errors.map((e) => e.message).join('; ') }, { errors: d.errors });
      }
      if (!files.phenotype) throw new AppError(400, 'GS_FILE_MISSING', { file: 'phenotype' });
      if (!files.genotype) throw new AppError(400, 'GS_FILE_MISSING', { file: 'genotype' });
      const hybrid = parsed.data.type === 'hybrid';
      if (hybrid && !files.pedigree) throw new AppError(400, 'GS_FILE_MISSING', { file: 'pedigree' });
      const input: StagedDataset = {
        fields: parsed.data,
        traitCodes: req.query.traitCodes,
        phenotype: files.phenotype,
        genotype: files.genotype,
        pedigree: hybrid ? files.pedigree : undefined,
      };
      await datasetNameFree(db, req.ctx, input.fields.name);
      let summary: ReturnType<typeof inspectDataset> & { hybrids?: HybridPedigree };
      try {
        summary = hybrid ? inspectHybridDataset({ ...input, pedigree: files.pedigree! }) : inspectDataset(input);
      } catch (err) {
        throw gsRefusal(err, req.locale);
      }
      const pheno = await storeStagedFile(deps, req.ctx, input.phenotype.path, {
        originalName: input.phenotype.name,
        kind: 'text',
        businessType: 'gs-phenotype',
      });
      const geno = await storeStagedFile(deps, req.ctx, input.genotype.path, {
        originalName: input.genotype.name,
        kind: 'archive',
        businessType: 'gs-genotype',
      });
      const ped = input.pedigree
        ? await storeStagedFile(deps, req.ctx, input.pedigree.path, { originalName: input.pedigree.name, kind: 'text', businessType: 'gs-pedigree' })
        : undefined;
      return insertDataset(db, req.ctx, input, summary, { phenotypeFileId: pheno.fileId, genotypeFileId: geno.fileId, pedigreeFileId: ped?.fileId });
    } finally {
      await w.done();
    }
  };

  registerEndpoints(app, gsApi.resources.dataset, {
    page: (req) => listDatasets(db, req.ctx, req.query),
    create,
    update: (req) => updateDataset(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteDataset(db, app.storage, req.ctx, req.params.id);
      return null;
    },
    detail: (req) => getDatasetDetail(db, req.ctx, req.params.id),
    template: (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('phenotype_template.csv', false))
        .send(phenotypeTemplate(req.query.traitCodes, req.query.type)),
    exportFile: async (req, reply) => {
      const rec = await getDatasetRecord(db, req.ctx, req.params.id);
      const w = await workDir(app.config.dataDir);
      try {
        const pheno = await fetchStored(db, app.storage, rec.phenotypeFileId, w.dir, rec.phenotypeFileName);
        const geno = await fetchStored(db, app.storage, rec.genotypeFileId, w.dir, rec.genotypeFileName);
        const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
          [rec.phenotypeFileName]: await fsp.readFile(pheno),
          [rec.genotypeFileName]: [await fsp.readFile(geno), { level: 0 }],
        };
        if (rec.pedigreeFileId && rec.pedigreeFileName) {
          entries[rec.pedigreeFileName] = await fsp.readFile(await fetchStored(db, app.storage, rec.pedigreeFileId, w.dir, rec.pedigreeFileName));
        }
        const zip = zipSync(entries, { level: 6 });
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition(`${rec.name}.zip`, false))
          .send(Buffer.from(zip));
      } finally {
        await w.done();
      }
    },
    traitList: async (req) => {
      const rec = await getDatasetRecord(db, req.ctx, req.params.id);
      return rec.traits.map((t) => ({ code: t.code, n: t.n }));
    },
    samples: async (req) => {
      const rec = await getDatasetRecord(db, req.ctx, req.params.id);
      const phenotyped = new Set(rec.phenotypedIds);
      return { genotyped: rec.samples, unphenotyped: rec.samples.filter((s) => !phenotyped.has(s)) };
    },
  });
}
