import { commonApi } from '@breedwise/contracts/common';
import { messageApi } from '@breedwise/contracts/message';
import { gwsApi } from '@breedwise/contracts/gws';
import { createClient } from './api-client';

/**
 * Typed clients of the platform's endpoints, which components, the shell and every module may call: the
 * shared services (files, storage space, table settings, saved filters, tasks, tus), messages and
 * notices, and the genome build selection. `platformApi.common.task.detail({id})` answers the typed task.
 */
export const platformApi = {
  common: createClient(commonApi),
  message: createClient(messageApi),
  gws: createClient(gwsApi),
};
