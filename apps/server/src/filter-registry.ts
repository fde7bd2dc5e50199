import { endpointsOf, type Endpoint } from '@breedwise/contracts';
import { moduleApis } from '@breedwise/contracts/apis';
import { listFilterFields, type FilterableField } from './platform/filters';

/**
 * Every route that applies the filter drawer's `filters`, with its filterable fields (key, type and
 * column), derived from the definitions: a page endpoint's `list` keys, and the resource's export, which
 * follows the same list. The columns come from the server's `listColumns` of that list (filled when the
 * modules load, so read it after building the app). The fuzz tests build filters of every class from it.
 */
export function filterFieldsByRoute(): Record<string, Record<string, FilterableField>> {
  const out: Record<string, Record<string, FilterableField>> = {};
  for (const api of moduleApis) {
    for (const endpoints of Object.values(api.resources) as Record<string, Endpoint>[]) {
      for (const e of Object.values(endpoints)) {
        const fields = e.list ? listFilterFields(e.list) : undefined;
        if (!fields || Object.keys(fields).length === 0) continue;
        out[e.url] = fields;
        // A resource's plain export follows its list (ioEndpoints); an export of one record is something else.
        const exporter = endpoints.export;
        if (exporter && e.url.endsWith('/page') && exporter.path === '/export') out[exporter.url] = fields;
      }
    }
  }
  return out;
}

/** Every definition (for tests that walk them). */
export const allEndpoints = (): Endpoint[] => endpointsOf(moduleApis);
