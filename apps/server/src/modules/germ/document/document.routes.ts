import type { FastifyInstance } from 'fastify';
import { DOC_KINDS, germApi, type DocKind } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { ctxOf } from '../scope';
import { createDoc, deleteDoc, getDoc, listDocs, reviewDoc, transitionDoc, updateDoc } from './document.service';
import './document.workflow';

/**
 * The document endpoints are the same for every kind (the contracts define them once and instantiate
 * them per kind); only the create and update bodies differ, and the service takes any kind's lines.
 */
type DocumentEndpoints = typeof germApi.resources.inbound;

function documentRoutes(app: FastifyInstance, kind: DocKind) {
  const { db } = app.database;
  const endpoints = germApi.resources[kind] as unknown as DocumentEndpoints;
  registerEndpoints(app, endpoints, {
    page: (req) => listDocs(db, ctxOf(req), kind, req.query),
    detail: (req) => getDoc(db, ctxOf(req), kind, req.params.id),
    create: (req) => createDoc(db, ctxOf(req), kind, req.body),
    update: (req) => updateDoc(db, ctxOf(req), kind, req.body),
    status: (req) => transitionDoc(db, ctxOf(req), sourceOf(req), kind, req.body.id, req.body.action, req.body.comment),
    audit: (req) => reviewDoc(db, ctxOf(req), sourceOf(req), kind, req.body.id, req.body.action, req.body.comment, app.config),
    remove: async (req) => {
      await deleteDoc(db, ctxOf(req), kind, req.params.id);
      return null;
    },
  });
}

/** Inbound, outbound, stocktaking and scrap documents: handlers of `@breedwise/contracts/germ`. */
export function documentsRoutes(app: FastifyInstance) {
  for (const kind of DOC_KINDS) documentRoutes(app, kind);
}
