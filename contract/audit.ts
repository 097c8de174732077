import { z } from 'zod';
import { auditLogWithoutSchemas } from './definitions/audit-log';
import { rowSchemaOf } from './resource';

/**
 * Every action the audit log records. The server's `audit()` takes only these, so a new action
 * is a type error until it is listed here, and the catalogues (`app.audit.actions`) must then
 * name it in each language before the app compiles.
 */
export type AuditAction =
  // The engine's changes of any resource (server/engine/change-audit.ts)
  | 'create'
  | 'update'
  | 'toggle'
  | 'delete'
  | 'restore'
  | 'purge'
  | 'revert'
  | 'transition'
  | 'showcase'
  // Accounts
  | 'roleChange'
  | 'password-set'
  | 'updatePhoto'
  | 'lock'
  | 'unlock'
  | 'register'
  | 'sendConfirmEmail'
  | 'changeEmail'
  | 'enable2fa'
  | 'disable2fa'
  | 'resetAuthenticator'
  | 'regenerateRecoveryCodes'
  | 'addPasskey'
  | 'renamePasskey'
  | 'removePasskey'
  | 'removeAllPasskeys'
  | 'passkeySignIn'
  | 'passkeyCounterRegressed'
  // Logos, products, mail, jobs, the shop's webhook
  | 'upload'
  | 'archive'
  | 'retry'
  // A title, description and price kept for a reviewer (a school reviewing text changes)
  | 'propose'
  | 'resend'
  | 'shopify-rejected';

/**
 * The audit log's entity types that are no resource's: a resource's own (`audit.entityType` of
 * its definition) is named by the resource's label.
 */
export type ModuleEntityType = 'merchandise' | 'design-logo' | 'shopify-order' | 'mail';

/**
 * What an entry keeps of its change (server/engine/change-audit.ts), secrets left out: the
 * record's title under its definition's title field, and `changes`, each altered field's value
 * before and after; a module's own entries keep what the module wrote.
 */
const auditDetailsSchema = z.record(z.string(), z.unknown()).nullable();

/** A row of the audit log as the API answers it: the definition's fields and the entry's details. */
export const auditRowSchema = (rowSchemaOf(auditLogWithoutSchemas) as z.ZodObject).extend({
  details: auditDetailsSchema,
});
