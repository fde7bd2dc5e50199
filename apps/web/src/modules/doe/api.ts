import { doeApi } from '@breedwise/contracts/doe';
import { createClient } from '../../lib/api-client';

/** The DOE endpoints, typed from their definitions: `api.doe.location.page(query)`. */
export const api = { doe: createClient(doeApi) };
