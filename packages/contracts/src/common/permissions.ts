/** Permission strings of the shared services, checked on the server; roles grant them through menu entries. */
export const commonPermissions = {
  /** Deletes any file of the organisation (the uploader may always delete their own). */
  fileRemove: 'common:file:remove',
} as const;
