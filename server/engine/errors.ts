import type { ValidationFailure } from '../../contract/common';
import { type AnyResource, missingReferenceMessage, uniqueMessage } from '../../contract/resource';
import { definitionOf } from '../../contract/definitions';
import { uniqueHolders } from '../db/resource-table';
import { columnsOf, tableOf } from './tables';

interface DatabaseError {
  code: string;
  table?: string;
  detail?: string;
}

function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    if (code === '23505' || code === '23503') return current as unknown as DatabaseError;
    current = current.cause;
  }
  return undefined;
}

/**
 * PostgreSQL's own rules as the spec's 400: a unique index (23505) becomes
 * `{ propertyName: field, errorMessage: 'Name is already in use' }` and a foreign key (23503)
 * 'Organization does not exist', so two racing creates give one row and one 400, never a 500.
 * The field is found from the error's table and the columns in its detail
 * (`Key (lower(name))=(…) already exists.`), through the registry.
 */
export function databaseRuleFailures(definitions: readonly AnyResource[]) {
  const byTable = new Map(definitions.map((definition) => [definition.table, definition]));
  const fieldOfColumn = (definition: AnyResource, column: string) => {
    const columns = columnsOf(tableOf(definition));
    const name =
      uniqueHolders.get(definition.table)?.[column] ??
      Object.keys(definition.fields).find((field) => columns[field]?.name === column);
    return name ? { name, field: definition.fields[name] } : undefined;
  };
  return (error: unknown): ValidationFailure[] | undefined => {
    const databaseError = databaseErrorOf(error);
    const definition = databaseError?.table ? byTable.get(databaseError.table) : undefined;
    if (!databaseError || !definition) return undefined;
    const keyColumns = /Key \((.*?)\)=/.exec(databaseError.detail ?? '')?.[1] ?? '';
    const keyFields = keyColumns
      .split(/[^\w]+/)
      .map((column) => fieldOfColumn(definition, column))
      .filter((found) => found !== undefined);
    // A rule unique within an organization keys on the organization too; the unique field is the one to name.
    const found = keyFields.find((candidate) => candidate.field.unique) ?? keyFields[0];
    if (databaseError.code === '23505') {
      if (!found) return [{ propertyName: '', errorMessage: `This ${definition.label.one} already exists` }];
      return [{ propertyName: found.name, errorMessage: uniqueMessage(found.field) }];
    }
    if (/still referenced/.test(databaseError.detail ?? '')) {
      return [{ propertyName: '', errorMessage: `${definition.label.one} is still in use` }];
    }
    const referenced = found?.field.kind === 'reference' ? definitionOf(found.field.to) : undefined;
    if (!found || !referenced)
      return [{ propertyName: '', errorMessage: 'A referenced record does not exist' }];
    return [{ propertyName: found.name, errorMessage: missingReferenceMessage(referenced) }];
  };
}
