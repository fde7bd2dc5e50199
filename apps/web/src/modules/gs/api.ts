import { gsApi } from '@breedwise/contracts/gs';
import { createClient } from '../../lib/api-client';

/** The genomic-selection endpoints, typed from their definitions: `api.gs.dataset.page(query)`. */
export const api = { gs: createClient(gsApi) };
