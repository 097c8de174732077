import type { ResourceOverrides } from '../../admin/engine/types';
import { ActionCell, EntityCell } from './AuditCells';

/** The server writes codes ('addPasskey', 'promoCode'); the log shows their names. */
const auditLog: ResourceOverrides = { cells: { action: ActionCell, entityType: EntityCell } };

export default auditLog;
