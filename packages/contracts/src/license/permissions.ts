/** Permission strings of the licence module (their values keep the `system:` prefix the menus grant). */
export const licensePermissions = {
  /** The licence in force here (the licence page). */
  view: 'system:license:view',
  /** Issuing licences (subjects) and installing a licence file: platform administrators. */
  edit: 'system:license:edit',
} as const;
