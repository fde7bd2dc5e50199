import { DOC_KINDS, docKindLabels, docPermissions } from '@breedwise/contracts/germ';
import { registerBusinessType } from '../../bpm';
import { docBusinessType, onDocProcessEnd } from './document.service';

/**
 * The stock documents' approvals run through the workflow: one business type per kind, bound by default
 * to the one-step approval model, whose approvers are the holders of the kind's approve permission.
 */
for (const kind of DOC_KINDS) {
  registerBusinessType({
    type: docBusinessType(kind),
    label: docKindLabels[kind],
    approvePermission: docPermissions[kind].approve,
    defaultModelKey: 'one-step-approval',
    onEnd: onDocProcessEnd,
  });
}
