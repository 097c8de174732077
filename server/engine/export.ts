import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { limits } from '../../contract/limits';
import {
  type AnyResource,
  exportColumnsOf,
  readableFields,
  tableQuerySchemaOf,
} from '../../contract/resource';
import { currentUser } from '../auth/guards';
import type { ResourceEngine } from './engine';
import { exportLabels } from './export-labels';
import { scopeCondition } from './scope';
import type { ResourceRoute, Values } from './types';

/**
 * A cell starting with = + - @ (or a tab or carriage return) is run as a formula by spreadsheet
 * programs, so an Admin opening an export would run what any account holder typed; a leading
 * apostrophe keeps it text (OWASP's advice for CSV injection).
 */
const formula = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;
/** One CSV cell, quoted when it must be and kept from running as a formula. */
export const csvCell = (value: unknown) => {
  if (value === null || value === undefined) return '';
  // Numbers and dates (as ISO, the way the API sends them) need neither quotes nor the apostrophe.
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  const raw = String(value);
  const text = typeof value === 'string' && formula.test(raw) ? `'${raw}` : raw;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const exportQuerySchema = (definition: AnyResource) => {
  const tableQuery = tableQuerySchemaOf(definition);
  return tableQuery.pick({ allSearch: true, sortField: true, sortOrder: true }).extend({
    filter: z
      .string()
      .max(limits.maxTake * 16)
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'Filter must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(tableQuery.shape.filter)
      .optional(),
  });
};

/** `GET {path}/export`: the export's columns (`exportColumnsOf`) the caller may read as CSV, every matching row in table order, streamed. */
export function registerExport(app: FastifyInstance, engine: ResourceEngine, route: ResourceRoute) {
  const { definition } = engine;
  const labelValues = exportLabels(definition, exportColumnsOf(definition));
  route(
    'export',
    {
      querystring: exportQuerySchema(definition),
      produces: ['text/csv'],
      description:
        `The CSV's columns, in order: ${exportColumnsOf(definition)
          .map((name) => definition.fields[name].label)
          .join(', ')}. ` + "A column the caller's roles may not read is left out.",
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const query = request.query as never;
      const params = (request.params ?? {}) as Values;
      const readable = new Set(readableFields(definition, actor.roles));
      const columns = exportColumnsOf(definition).filter((name) => readable.has(name));
      const batches = engine.rowsForExport(actor, query, params, app.db);
      // Checked before the first byte is sent, so a refused scope is still a 403 and not a broken file.
      scopeCondition(engine, actor, params);
      // So is the first page read: a query the database refuses (a NUL byte in the search) is then
      // the error handler's answer, not a file cut short after its header line.
      const first = await batches.next();
      async function* csv() {
        yield `${columns.map((name) => csvCell(definition.fields[name].label)).join(',')}\r\n`;
        for (let page = first; !page.done; page = await batches.next()) {
          const batch = page.value;
          await labelValues(app.db, actor, batch);
          let text = '';
          for (const row of batch) {
            for (let n = 0; n < columns.length; n += 1)
              text += n === 0 ? csvCell(row[columns[n]]) : `,${csvCell(row[columns[n]])}`;
            text += '\r\n';
          }
          yield text;
        }
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${definition.name}.csv"`)
        .send(Readable.from(csv()));
    },
  );
}
