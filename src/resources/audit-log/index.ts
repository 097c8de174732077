import type { ResourceOverrides } from '../../admin/engine/types';
import { ActionCell, EntityCell } from './AuditCells';
import { RecordCell } from './RecordCell';

/**
 * The server writes codes ('addPasskey', 'promoCode') and ids; the log shows their names, and
 * the record each entry changed with what it changed.
 */
const auditLog: ResourceOverrides = {
  cells: { action: ActionCell, entityType: EntityCell, entityId: RecordCell },
};

export default auditLog;
