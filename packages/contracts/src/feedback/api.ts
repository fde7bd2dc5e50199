import { defineApi } from '../http/endpoint';
import { feedback } from './feedback';

/** User feedback, under the spec's /auth base. */
export const feedbackApi = defineApi('feedback', '/api/auth', { feedback });
