import { feedbackApi } from '@breedwise/contracts/feedback';
import { createClient } from '../../lib/api-client';

/** The feedback module's typed client: `api.feedback.feedback.list(query)`. */
export const api = { feedback: createClient(feedbackApi) };
