import { defineApi } from '../http/endpoint';
import { build } from './build';

/** Genome build selection, under the spec's /gs base. */
export const gwsApi = defineApi('gws', '/api/gs', { build });
