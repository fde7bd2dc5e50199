import { authApi } from '@breedwise/contracts/auth';
import { licenseApi } from '@breedwise/contracts/license';
import { systemApi } from '@breedwise/contracts/system';
import { createClient } from '../../lib/api-client';

/**
 * The endpoints the system screens call, typed from their definitions: administration
 * (`api.system.user.page(query)`), the licence subjects (`api.license.subject.page`) and, for the user
 * centre, the account endpoints (`api.auth.profile.get()`).
 */
export const api = { system: createClient(systemApi), license: createClient(licenseApi), auth: createClient(authApi) };
