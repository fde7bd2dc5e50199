import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyEnvelope, Envelope, IdParam, SavedFilter, SavedFilterCreate, TableNameParam, TableSettings } from '@breedwise/contracts';
import { ok } from '../../platform/reply';
import { deleteMyFilter, getTableSettings, mySavedFilters, resetTableSettings, saveFilter, saveTableSettings } from './settings.service';

/** Column and table settings per table and user, and saved ("commonly used") filters per drawer. */
export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['common: settings'];
  const FilterNameParam = z.object({ filterName: TableNameParam.shape.tableName });

  r.get('/table-setting/:tableName', {
    schema: { tags, summary: 'The caller’s column and table settings of a table (null: defaults)', params: TableNameParam, response: { 200: Envelope(TableSettings.nullable()) } },
  }, async (req) => ok(req, await getTableSettings(db, req.ctx, req.params.tableName)));

  r.put('/table-setting/:tableName', {
    schema: { tags, summary: 'Saves the caller’s column and table settings of a table', params: TableNameParam, body: TableSettings, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await saveTableSettings(db, req.ctx, req.params.tableName, req.body);
    return ok(req, null);
  });

  r.delete('/table-setting/:tableName', {
    schema: { tags, summary: 'Resets a table to the default settings', params: TableNameParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await resetTableSettings(db, req.ctx, req.params.tableName);
    return ok(req, null);
  });

  r.get('/filter/:filterName/my', {
    schema: { tags, summary: 'The caller’s saved filters of a filter drawer', params: FilterNameParam, response: { 200: Envelope(z.array(SavedFilter)) } },
  }, async (req) => ok(req, await mySavedFilters(db, req.ctx, req.params.filterName)));

  r.post('/filter/:filterName', {
    schema: { tags, summary: 'Saves a filter under a name ({title, filterObj})', params: FilterNameParam, body: SavedFilterCreate, response: { 200: Envelope(SavedFilter) } },
  }, async (req) => ok(req, await saveFilter(db, req.ctx, req.params.filterName, req.body)));

  r.delete('/filter/my/:id', {
    schema: { tags, summary: 'Deletes one of the caller’s saved filters', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteMyFilter(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
