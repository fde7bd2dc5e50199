/**
 * The authorisation matrix of security.md item 4 for routes that act on one object: the expected HTTP
 * status for each caller, committed. Objects belong to the demo organisation. Callers: `anonymous`;
 * `member`, a plain user of the same organisation (role user); `viewer`, a member with view-only access
 * to the object's crop and the crop permissions; `foreign`, the administrator of another organisation;
 * `owner`, the demo organisation's administrator (or, for personal objects, their owner). Routes acting on
 * objects shared by every organisation are platform-scoped and covered by route-access.ts.
 */
export type Caller = 'anonymous' | 'member' | 'viewer' | 'foreign' | 'owner';
export type ObjectKind = 'org' | 'location' | 'user' | 'role' | 'dept' | 'crop' | 'build' | 'notice' | 'message' | 'session' | 'scanIdentity' | 'feedback';

export interface MatrixRow {
  object: ObjectKind;
  expect: Partial<Record<Caller, number>>;
}

const admin = (object: ObjectKind, ok = 200): MatrixRow => ({ object, expect: { anonymous: 401, member: 403, foreign: 404, owner: ok } });
const personal = (object: ObjectKind): MatrixRow => ({ object, expect: { anonymous: 401, member: 404, foreign: 404, owner: 200 } });

export const routeMatrix: Record<string, MatrixRow> = {
  // Switching to an organisation or crop: members may, others are refused without learning more.
  'POST /api/auth/api/login/setOrgId/:id': { object: 'org', expect: { anonymous: 401, member: 200, foreign: 403, owner: 200 } },
  'POST /api/auth/api/login/setCropId/:id': { object: 'crop', expect: { anonymous: 401, member: 200, foreign: 403, owner: 200 } },
  'GET /api/doe/api/location/detail/:id': { object: 'location', expect: { anonymous: 401, member: 200, foreign: 404, owner: 200 } },
  'PUT /api/doe/api/location/update': { object: 'location', expect: { anonymous: 401, member: 200, foreign: 404, owner: 200 } },
  'PUT /api/doe/api/location/status': { object: 'location', expect: { anonymous: 401, member: 200, foreign: 404, owner: 200 } },
  'DELETE /api/doe/api/location/:id': admin('location'),
  'GET /api/system/user/detail/:id': admin('user'),
  'PUT /api/system/user/update': admin('user'),
  'PUT /api/system/user/status': admin('user'),
  'PUT /api/system/user/resetPwd': admin('user'),
  'PUT /api/system/user/approve': admin('user', 409),
  'POST /api/system/user/forceLogout/:id': admin('user'),
  'DELETE /api/system/user/:id': admin('user'),
  'GET /api/system/role/detail/:id': admin('role'),
  'PUT /api/system/role/update': admin('role'),
  'PUT /api/system/role/menus': admin('role'),
  'DELETE /api/system/role/:id': admin('role'),
  'PUT /api/system/dept/update': admin('dept'),
  'DELETE /api/system/dept/:id': admin('dept'),
  'PUT /api/system/crop/update': admin('crop'),
  'GET /api/system/crop/builds': { object: 'build', expect: { anonymous: 401, member: 403, viewer: 200, foreign: 404, owner: 200 } },
  'PUT /api/system/crop/build/update': { object: 'build', expect: { anonymous: 401, member: 403, viewer: 403, foreign: 404, owner: 200 } },
  'DELETE /api/system/crop/build/:id': { object: 'build', expect: { anonymous: 401, member: 403, viewer: 403, foreign: 404, owner: 200 } },
  'POST /api/system/crop/build/create': { object: 'build', expect: { anonymous: 401, member: 403, viewer: 403, foreign: 404, owner: 200 } },
  'PUT /api/system/notice/update': admin('notice'),
  'DELETE /api/system/notice/:id': admin('notice'),
  'POST /api/auth/api/message/setRead/:id': personal('message'),
  // Every member may dismiss a notice of their organisation; another organisation's notice is not found.
  'POST /api/auth/api/notice/dismiss/:id': { object: 'notice', expect: { anonymous: 401, member: 200, foreign: 404, owner: 200 } },
  // Feedback (written by the owner): its author or a feedback administrator may remove it.
  'DELETE /api/auth/feedback/remove/:id': admin('feedback'),
  'PUT /api/auth/feedback/resolve/:id': admin('feedback'),
  'DELETE /api/auth/api/profile/sessions/:id': personal('session'),
  'DELETE /api/auth/api/profile/scan-identities/:id': personal('scanIdentity'),
};
