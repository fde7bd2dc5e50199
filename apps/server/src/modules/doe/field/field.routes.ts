import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import {
  createBlock,
  createField,
  deleteBlock,
  deleteField,
  generateBlocks,
  getField,
  listBlocks,
  listFields,
  saveBlocks,
  setFieldDiscarded,
  setFieldStatus,
  updateBlock,
  updateField,
} from './field.service';

/** The field and block endpoints: handlers of the definitions in `@breedwise/contracts/doe` (field, block). */
export function fieldRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.field, {
    page: (req) => listFields(db, req.ctx, req.query),
    detail: (req) => getField(db, req.ctx, req.params.id),
    create: (req) => createField(db, req.ctx, req.body),
    update: (req) => updateField(db, req.ctx, req.body),
    status: async (req) => ({ updated: await setFieldStatus(db, req.ctx, req.body) }),
    discard: async (req) => ({ updated: await setFieldDiscarded(db, req.ctx, req.body) }),
    remove: async (req) => {
      await deleteField(db, req.ctx, req.params.id);
      return null;
    },
  });
  registerEndpoints(app, doeApi.resources.block, {
    page: (req) => listBlocks(db, req.ctx, req.query),
    create: (req) => createBlock(db, req.ctx, req.body),
    update: (req) => updateBlock(db, req.ctx, req.body),
    save: async (req) => ({ updated: await saveBlocks(db, req.ctx, req.body.fieldId, req.body.blocks) }),
    generate: async (req) => ({ updated: await generateBlocks(db, req.ctx, req.body) }),
    remove: async (req) => {
      await deleteBlock(db, req.ctx, req.params.id);
      return null;
    },
  });
}
