import type { ReasonAsked } from '../../../components/ConfirmDialog';
import { type Role, reasonRequired } from '@smart-zone/types/roles';

/** What the cancel dialog says when a role that must give a reason gives none (the API's words). */
export const CANCEL_REASON_MISSING = 'A clerk must give a reason to cancel a delivery';

/** The cancel dialog's reason field: required for a role roles.ts says must give one, optional for the others. */
export const cancelReason = (role: Role | null): ReasonAsked =>
  reasonRequired(role, 'cancelDelivery') ? { required: true, missing: CANCEL_REASON_MISSING } : { required: false };
