import type { ResourceServer } from '../../engine/types';
import { auditLog } from '../../db/schema';

/** Each entry's details go with its row: the log names the record and the values it changed from them. */
export const auditLogServer: ResourceServer = { columns: { details: auditLog.details } };
