import { defineApi } from '../http/endpoint';
import { installed } from './installed';
import { issued } from './issued';
import { subject } from './subject';

/**
 * Every licence endpoint. The spec places them under three bases (the gateway issues licences, the auth
 * base reads the one in force, the system base installs one), so the paths are full here.
 */
export const licenseApi = defineApi('license', '', { subject, issued, installed });
