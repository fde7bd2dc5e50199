import { docPermissions, type DocKind } from '@breedwise/contracts';

export { docPermissions };

export const approvePermission = (kind: DocKind) => docPermissions[kind].approve;
