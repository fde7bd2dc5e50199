import type { ModuleApi } from './http/endpoint';
import { doeApi } from './doe/api';
import { platformApi } from './platform';
import { commonApi } from './common/api';
import { messageApi } from './message/api';
import { feedbackApi } from './feedback/api';
import { gwsApi } from './gws/api';
import { germApi } from './germ/api';
import { bpmApi } from './bpm/api';
import { systemApi } from './system/api';
import { authApi } from './auth/api';
import { licenseApi } from './license/api';
import { phenoApi } from './pheno/api';
import { nurseryApi } from './nursery/api';
import { gsApi } from './gs/api';
import { etlApi } from './etl/api';

/**
 * Every module's endpoint definitions, one line each. The server's route-access test derives its
 * 401/403 matrix from these; the web imports each module's API from its own entry point instead, so that
 * a page loads only the contracts of its module.
 */
export const moduleApis: readonly ModuleApi[] = [
  platformApi,
  commonApi,
  messageApi,
  feedbackApi,
  gwsApi,
  systemApi,
  authApi,
  licenseApi,
  doeApi,
  germApi,
  phenoApi,
  nurseryApi,
  bpmApi,
  gsApi,
  etlApi,
];
