import type { App } from 'antd';

export type FeedbackApi = ReturnType<typeof App.useApp>;

/**
 * antd's message, modal and notification bound to the app's theme and locale. The request client and
 * other non-component code reach them through here; `<FeedbackBridge>` fills it in at start.
 */
export const feedback: { current: FeedbackApi | null } = { current: null };

/** Client-side navigation for code outside components (logout, the session dialogs). */
export const navigation: { current: ((to: string, opts?: { replace?: boolean }) => void) | null } = { current: null };
