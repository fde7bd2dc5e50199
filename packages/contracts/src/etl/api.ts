import { defineApi } from '../http/endpoint';
import { business } from './business';
import { pipeline } from './pipeline';

/**
 * Data pipelines and business data tables. The spec mounts them under /api/bpm (its bpm group); the module
 * is named etl so that it does not collide with the workflow module that owns the rest of /api/bpm.
 */
export const etlApi = defineApi('etl', '/api/bpm', { pipeline, business });
