import { nurseryApi } from '@breedwise/contracts/nursery';
import { createClient } from '../../lib/api-client';

/** The nursery endpoints, typed from their definitions: `api.nursery.activity.page(query)`. */
export const api = { nursery: createClient(nurseryApi) };
