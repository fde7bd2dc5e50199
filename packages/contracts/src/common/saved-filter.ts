import { z } from 'zod';
import { FilterItem } from '../query';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { SETTINGS_NAME } from './table-setting';

export const FilterNameParam = z.object({ filterName: z.string().regex(SETTINGS_NAME) });

export const SavedFilterCreate = z.object({
  title: z.string().trim().min(1).max(50),
  filterObj: z.array(FilterItem).min(1).max(50),
});
export type SavedFilterCreate = z.infer<typeof SavedFilterCreate>;

export const SavedFilter = z.object({
  id: z.number().int(),
  title: z.string(),
  filterObj: z.array(FilterItem),
  createdAt: z.string(),
});
export type SavedFilter = z.infer<typeof SavedFilter>;

/** Saved ("commonly used") filters per filter drawer and user. */
export const savedFilter = resource(
  { tag: 'common: settings', base: '/common/filter' },
  {
    my: {
      method: 'GET',
      path: '/:filterName/my',
      summary: 'The caller’s saved filters of a filter drawer',
      params: FilterNameParam,
      data: z.array(SavedFilter),
    },
    save: {
      method: 'POST',
      path: '/:filterName',
      summary: 'Saves a filter under a name ({title, filterObj})',
      params: FilterNameParam,
      body: SavedFilterCreate,
      data: SavedFilter,
    },
    remove: { method: 'DELETE', path: '/my/:id', summary: 'Deletes one of the caller’s saved filters', params: IdParam, data: z.null() },
  },
);
