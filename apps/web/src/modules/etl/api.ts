import { etlApi } from '@breedwise/contracts/etl';
import { createClient } from '../../lib/api-client';

/** The pipeline endpoints, typed from their definitions: `api.etl.pipeline.run({id, form})`. */
export const api = { etl: createClient(etlApi) };
