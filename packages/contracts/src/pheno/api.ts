import { defineApi } from '../http/endpoint';
import { study } from './study';
import { variable } from './variable';

/** Every phenotype endpoint, under /api/pheno. */
export const phenoApi = defineApi('pheno', '/api/pheno', { variable, study });
