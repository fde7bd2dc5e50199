import { phenoApi } from '@breedwise/contracts/pheno';
import { createClient } from '../../lib/api-client';

/** The phenotype endpoints, typed from their definitions: `api.pheno.study.grid({id})`. */
export const api = { pheno: createClient(phenoApi) };
