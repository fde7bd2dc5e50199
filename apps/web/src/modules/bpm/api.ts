import { bpmApi } from '@breedwise/contracts/bpm';
import { createClient } from '../../lib/api-client';

/** The workflow endpoints, typed from their definitions: `api.bpm.task.todoPage(query)`. */
export const api = { bpm: createClient(bpmApi) };
