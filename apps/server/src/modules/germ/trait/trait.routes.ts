import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { ctxOf } from '../scope';
import { createTrait, deleteTrait, listTraits, traitGroups, updateTrait } from './trait.service';

/** Trait descriptors and the record page's trait groups: handlers of `@breedwise/contracts/germ` (trait, traitGroup). */
export function traitRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, germApi.resources.traitGroup, {
    list: (req) => traitGroups(db, ctxOf(req), req.params.germplasmId, req.params.group),
  });
  registerEndpoints(app, germApi.resources.trait, {
    list: (req) => listTraits(db, ctxOf(req)),
    create: (req) => createTrait(db, ctxOf(req), req.body),
    update: (req) => updateTrait(db, ctxOf(req), req.body),
    remove: async (req) => {
      await deleteTrait(db, ctxOf(req), req.params.id);
      return null;
    },
  });
}
