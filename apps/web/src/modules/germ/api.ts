import { germApi } from '@breedwise/contracts/germ';
import { createClient } from '../../lib/api-client';

/** The germplasm and seed inventory endpoints, typed from their definitions: `api.germ.lot.page(query)`. */
export const api = { germ: createClient(germApi) };
