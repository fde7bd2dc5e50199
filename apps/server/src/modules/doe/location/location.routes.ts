import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyEnvelope, Envelope, IdParam, LocationCreate, LocationDiscardUpdate, LocationPageQuery, LocationRow, LocationStatusUpdate,
  LocationUpdate, PageEnvelope, Permissions,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import { registerResourceIo } from '../../common';
import {
  createLocation, deleteLocation, getLocation, listLocations, setLocationDiscarded, setLocationStatus, updateLocation,
} from './location.service';
import { locationIo } from './location.io';

const P = Permissions.doe;

export async function locationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: locations'];

  r.get('/api/location/page', {
    config: { permission: P.locationList },
    schema: { tags, summary: 'Locations of the organisation, paged, sorted and filtered', querystring: LocationPageQuery, response: { 200: PageEnvelope(LocationRow) } },
  }, async (req) => {
    const { rows, total } = await listLocations(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/api/location/detail/:id', {
    config: { permission: P.locationQuery },
    schema: { tags, summary: 'One location', params: IdParam, response: { 200: Envelope(LocationRow) } },
  }, async (req) => ok(req, await getLocation(db, req.ctx, req.params.id)));

  r.post('/api/location/create', {
    config: { permission: P.locationAdd },
    schema: { tags, summary: 'Creates a location; the code is unique within the organisation', body: LocationCreate, response: { 200: Envelope(LocationRow) } },
  }, async (req) => ok(req, await createLocation(db, req.ctx, req.body)));

  r.put('/api/location/update', {
    config: { permission: P.locationEdit },
    schema: { tags, summary: 'Updates a location', body: LocationUpdate, response: { 200: Envelope(LocationRow) } },
  }, async (req) => ok(req, await updateLocation(db, req.ctx, req.body)));

  r.put('/api/location/status', {
    config: { permission: P.locationEdit },
    schema: { tags, summary: 'Enables or disables locations (all or none)', body: LocationStatusUpdate, response: { 200: Envelope(z.object({ updated: z.number().int() })) } },
  }, async (req) => ok(req, { updated: await setLocationStatus(db, req.ctx, req.body) }));

  r.put('/api/location/discard', {
    config: { permission: P.locationEdit },
    schema: { tags, summary: 'Discards locations or takes them back into use (all or none); discarded ones are hidden unless asked for', body: LocationDiscardUpdate, response: { 200: Envelope(z.object({ updated: z.number().int() })) } },
  }, async (req) => ok(req, { updated: await setLocationDiscarded(db, req.ctx, req.body) }));

  registerResourceIo(app, locationIo);

  r.delete('/api/location/:id', {
    config: { permission: P.locationRemove },
    schema: { tags, summary: 'Deletes a location', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteLocation(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
