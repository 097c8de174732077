import type { ResourceServer } from '../../engine/types';

/** The table and the showcase switch come from the definition; the audit log calls the switch `showcase`. */
export const brandsServer: ResourceServer = { auditActions: { toggle: 'showcase' } };
