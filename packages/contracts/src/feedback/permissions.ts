/** Permission strings of the feedback module, checked on the server; roles grant them through menu entries. */
export const feedbackPermissions = {
  /** Sees every feedback of the organisation and resolves it (others see their own). */
  list: 'system:feedback:list',
} as const;
