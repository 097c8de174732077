import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ValidationFailure } from '../../../contract/common';
import type { ImportFailure, ImportForm, ImportPreview } from '../../../contract/import';
import { definitionOf } from '../../../contract/definitions';
import {
  allows,
  type AnyResource,
  createSchemaOf,
  definitionAs,
  type Field,
  importDefinitionOf,
  missingReferenceMessage,
  ownerFieldOf,
  type ReferenceField,
  seesEveryOrganization,
  updateSchemaOf,
} from '../../../contract/resource';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { insertJsonRows } from '../../db/json-rows';
import { forbidden, HttpError } from '../../errors';
import { announceChange, announceChanges } from '../change-feed';
import { auditChange, auditRows } from '../change-audit';
import type { ResourceEngine } from '../engine';
import { referenceReach, refuseUnreachableReferences, scopeCondition } from '../scope';
import { columnsOf, tableOf } from '../tables';
import type { Values } from '../types';
import { nextVersion } from '../versions';
import { cellValue, planColumns } from './columns';
import { ListedRows } from './listed';
import type { Sheet } from './parse';

/** Maps a database rule's error (a unique index, a foreign key) to the spec's failures. */
export type RuleFailures = (error: unknown) => ValidationFailure[] | undefined;

/** Thrown to roll a preview's writes back once every row has been tried. */
class PreviewDone extends Error {}

const lookupBatch = 1000;
/** Rows per insert: well under PostgreSQL's 65,535 parameters for any table's columns. */
const createBatch = 500;

const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** The unique field an imported row is matched on (a promo code's code): update, not duplicate. */
const keyOf = (engine: ResourceEngine) =>
  Object.entries(engine.definition.fields).find(([, f]) => f.unique && !f.readOnly);

const keyText = (f: Field, value: unknown) => {
  const text = String(value ?? '').trim();
  return f.unique === 'ci' ? text.toLowerCase() : text;
};

interface Outcome {
  preview: ImportPreview;
  importId?: string;
  /** The rows a commit created, as written. */
  created: Values[];
}

/**
 * An import's one pass over the rows, in one transaction: each row read through its columns,
 * matched on the definition's unique key (an update) or not (a create), validated with the same
 * schema, access and organization scope as a single create or update, and written in a
 * savepoint so a database rule (a unique index, a foreign key) fails that row alone. A preview
 * then rolls everything back; a commit writes only if no row failed, each row with its audit
 * entry (carrying the import id) and its change event, and refuses a row whose version moved
 * since the preview.
 */
export async function runImport(
  db: Db,
  engine: ResourceEngine,
  actor: SessionUser,
  sheet: Sheet,
  form: ImportForm,
  options: {
    commit: boolean;
    importId?: string;
    ruleFailures: RuleFailures;
    /** Queues what the created rows' people are sent, in the commit's transaction. */
    invite?: (tx: Db, created: Values[]) => Promise<void>;
    /** Keeps the commit's outcome in its transaction (an `Idempotency-Key`'s first answer). */
    remember?: (tx: Db, preview: ImportPreview) => Promise<void>;
  },
): Promise<Outcome> {
  const { server } = engine;
  const moduleImport = server.import;
  // The definition as the actor's roles see it: a field they may not read is no column of theirs
  // (listed as unknown, never written), one they may read but not set is read-only. Its fields
  // are the import's (`importFields`); the resource's own are what change events carry.
  const resource = definitionAs(engine.definition, actor.roles);
  const definition = definitionAs(importDefinitionOf(engine.definition), actor.roles);
  const locale = form.locale ?? 'en';
  const orgField =
    definition.organizationField && definition.organizationField !== 'id'
      ? definition.organizationField
      : undefined;
  const admin = seesEveryOrganization(actor.roles);
  if (!admin && definition.organizationField && actor.organizationId === null) throw forbidden();
  const plan = planColumns(definition, sheet.header, form.mapping, !admin && orgField ? [orgField] : []);
  const preview: ImportPreview = {
    header: sheet.header,
    columns: plan.columns,
    unknownColumns: plan.unknownColumns,
    missingFields: plan.missingFields,
    delimiter: sheet.delimiter,
    format: sheet.format,
    rows: sheet.rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    failures: [],
    failingRows: [],
    versions: {},
    invitations: 0,
    listed: [],
  };
  const created: Values[] = [];
  if (plan.missingFields.length > 0) return { preview, created };

  const columnOf = new Map([...plan.byIndex].map(([index, name]) => [name, sheet.header[index]]));
  const failed = new Map<number, ImportFailure[]>();
  const fail = (row: number, field: string, message: string) => {
    const list = failed.get(row) ?? [];
    list.push({ row, column: columnOf.get(field) ?? '', field, message });
    failed.set(row, list);
  };

  const skipped = new Set(form.skipRows);
  const read = { ...sheet, rows: sheet.rows.filter(({ row }) => !skipped.has(row)) };
  const references = await referenceIds(db, definition, actor, read, plan.byIndex);
  // Owners of the rows a `within: 'organization'` reference names, checked once the row is whole.
  const ownerOf = new Map<string, Map<number, unknown>>();
  const rows = read.rows.map(({ row, cells }) => {
    const values: Values = {};
    const within: [string, ReferenceField, string][] = [];
    const resolve = (name: string, f: ReferenceField, text: string) => {
      let ids = references.get(name)?.get(text.toLowerCase()) ?? [];
      // Among the rows of that label, those of the row's own organization when the file gives it.
      if (f.within && values[orgField!] != null) ids = ids.filter(({ owner }) => owner === values[orgField!]);
      const target = definitionOf(f.to)!;
      if (ids.length === 1) {
        values[name] = ids[0].id;
        if (f.within) ownerOf.set(name, (ownerOf.get(name) ?? new Map()).set(ids[0].id, ids[0].owner));
      } else if (ids.length === 0) fail(row, name, missingReferenceMessage(target));
      else fail(row, name, `${f.label} '${text}' names more than one ${target.label.one.toLowerCase()}`);
    };
    for (const [index, name] of plan.byIndex) {
      const f = definition.fields[name];
      const text = (cells[index] ?? '').trim();
      if (f.kind !== 'reference' || text === '')
        values[name] = cellValue(f, text, locale, form.choices?.[name]);
      else if (f.within) within.push([name, f, text]);
      else resolve(name, f, text);
    }
    // A role held to its own organization files every row there, whatever the file says.
    if (!admin && orgField && values[orgField] == null) values[orgField] = actor.organizationId;
    for (const [name, f, text] of within) resolve(name, f, text);
    return { row, values };
  });
  /** A `within: 'organization'` reference of another organization than the row's (an update's, kept). */
  const outsideOrganization = (input: Values) =>
    Object.entries(definition.fields).find(
      ([name, f]) =>
        f.kind === 'reference' &&
        f.within &&
        ownerOf.get(name)?.has(input[name] as number) &&
        ownerOf.get(name)!.get(input[name] as number) !== input[orgField!],
    );

  // A key twice in one file is a mistake in the file, whichever copy would win: both rows fail,
  // each naming the other (a second preview once counted the copy as an update of the first).
  const unique = keyOf(engine);
  if (unique) {
    const [name, f] = unique;
    const rowsOf = new Map<string, number[]>();
    for (const { row, values } of rows) {
      const text = keyText(f, values[name]);
      if (text !== '') rowsOf.set(text, [...(rowsOf.get(text) ?? []), row]);
    }
    for (const [, repeated] of rowsOf)
      if (repeated.length > 1)
        for (const { row, values } of rows.filter((candidate) => repeated.includes(candidate.row)))
          fail(
            row,
            name,
            `${f.label} '${String(values[name]).trim()}' is also in row ${repeated.filter((other) => other !== row).join(', ')}`,
          );
  }

  // A module's rows only create: a row naming an existing one is refused by the unique index.
  const key = moduleImport ? undefined : unique;
  const existing = key
    ? await matchedRows(
        db,
        engine,
        actor,
        rows.map((r) => r.values),
      )
    : new Map<string, Values>();
  const createSchema = createSchemaOf(definition) as z.ZodObject;
  const updateSchema = updateSchemaOf(definition) as z.ZodObject;
  const editable = Object.keys(updateSchema.shape).filter((name) => name !== 'version');
  const mayUpdate = allows(definition, 'update', actor.roles);
  const label = definition.label.one.toLowerCase();
  const listed = new ListedRows();
  const titleOf = (values: Values) => values[definition.titleField] ?? (unique ? values[unique[0]] : '');
  const changesOf = (input: Values, current: Values) =>
    editable
      .filter((name) => name in input && !sameValue(input[name], current[name]))
      .map((field) => ({ field, before: plain(current[field]), after: plain(input[field]) }));

  interface Pending {
    row: number;
    input: Values;
    current?: Values;
  }

  /** One row in a savepoint of its own, with the module's hooks: a rule it breaks fails it alone. */
  const writeOne = async (tx: Db, { row, input, current }: Pending) => {
    const id = current?.id as number | undefined;
    try {
      await tx.transaction(async (savepoint) => {
        const sp = savepoint as unknown as Db;
        const action = current ? 'update' : 'create';
        const context = { tx: sp, actor, action, id, input } as const;
        const stored = engine.columnValues(
          server.beforeChange ? await server.beforeChange(input, context) : input,
        );
        const [written] = current
          ? await sp
              .update(engine.table)
              .set({ ...stored, version: nextVersion(engine.columns.version) } as never)
              .where(and(eq(engine.columns.id, id!), eq(engine.columns.version, current.version as number)))
              .returning(engine.select)
          : await sp
              .insert(engine.table)
              .values(stored as never)
              .returning(engine.select);
        if (!written) throw new HttpError(409, `Someone changed this ${label} after the preview`);
        // A row moved to another organization keeps a `within` reference only if it still fits.
        if (current && orgField && !sameValue(input[orgField], current[orgField]))
          await refuseUnreachableReferences(sp, engine.definition, actor, written as Values, [orgField]);
        await server.afterChange?.(written as Values, { ...context, id: (written as Values).id as number });
        if (options.commit) {
          await auditChange(sp, engine, actor, action, written as Values, {
            values: stored,
            before: current,
            importId: options.importId,
          });
          await announceChange(sp, resource, current ? 'updated' : 'created', written as Values, actor);
          if (!current) created.push(written as Values);
        }
      });
      if (current) {
        preview.updated += 1;
        preview.versions[String(id)] = current.version as number;
        listed.add('update', row, titleOf({ ...current, ...input }), changesOf(input, current));
      } else {
        preview.created += 1;
        listed.add('create', row, titleOf(input));
      }
    } catch (error) {
      const failures = error instanceof HttpError ? error.validationFailures : options.ruleFailures(error);
      if (!failures) throw error;
      for (const failure of failures) fail(row, failure.propertyName, failure.errorMessage);
    }
  };

  /**
   * Creates many rows per statement, with their audit rows and change events, in a savepoint:
   * 10,000 rows one by one were 30,000 statements. A batch a database rule refuses is tried
   * again row by row, so the failure is the row's own.
   */
  const writeCreates = async (tx: Db, batch: Pending[]) => {
    try {
      await tx.transaction(async (savepoint) => {
        const sp = savepoint as unknown as Db;
        const written = await insertBatch(
          sp,
          engine,
          batch.map(({ input }) => input),
        );
        if (options.commit) {
          await auditRows(sp, engine, actor, 'create', written, options.importId!);
          await announceChanges(sp, resource, 'created', written, actor);
          created.push(...written);
        }
      });
      preview.created += batch.length;
      for (const { row, input } of batch) listed.add('create', row, titleOf(input));
    } catch (error) {
      if (!(error instanceof HttpError) && !options.ruleFailures(error)) throw error;
      for (const pending of batch) await writeOne(tx, pending);
    }
  };
  const hooked = Boolean(server.beforeChange || server.afterChange);

  const pass = async (tx: Db) => {
    const creates: Pending[] = [];
    for (const { row, values } of rows) {
      if (failed.has(row)) continue;
      if (!admin && orgField && values[orgField] !== actor.organizationId) {
        fail(row, orgField, forbidden().message);
        continue;
      }
      const current = key ? existing.get(matchKey(engine, values)) : undefined;
      if (current && !mayUpdate) {
        fail(row, key![0], forbidden().message);
        continue;
      }
      if (moduleImport) {
        const checked = moduleImport.check(values);
        if ('failures' in checked) {
          for (const failure of checked.failures) fail(row, failure.propertyName, failure.errorMessage);
        } else creates.push({ row, input: moduleImport.columns(checked.body) });
        continue;
      }
      const body = current
        ? { ...Object.fromEntries(editable.map((name) => [name, current[name]])), ...values }
        : withDefaults(definition.fields, values);
      const parsed = (current ? updateSchema : createSchema).safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) fail(row, String(issue.path[0] ?? ''), issue.message);
        continue;
      }
      const input = parsed.data as Values;
      const outside = outsideOrganization(input);
      if (outside) {
        fail(row, outside[0], missingReferenceMessage(definitionOf((outside[1] as ReferenceField).to)!));
        continue;
      }
      if (current && editable.every((name) => !(name in values) || sameValue(input[name], current[name]))) {
        preview.unchanged += 1;
        listed.add('unchanged', row, titleOf(current));
        continue;
      }
      const seen = current ? form.versions?.[String(current.id)] : undefined;
      if (options.commit && current && seen !== undefined && seen !== current.version) {
        fail(row, key![0], `Someone changed this ${label} after the preview`);
        continue;
      }
      if (current || hooked) await writeOne(tx, { row, input, current });
      else creates.push({ row, input });
    }
    for (let start = 0; start < creates.length; start += createBatch) {
      await writeCreates(tx, creates.slice(start, start + createBatch));
    }
    if (!options.commit || failed.size > 0) throw new PreviewDone();
    if (options.invite && created.length > 0) await options.invite(tx, created);
    await options.remember?.(tx, preview);
  };

  try {
    await db.transaction((tx) => pass(tx as unknown as Db));
  } catch (error) {
    if (!(error instanceof PreviewDone)) throw error;
  }
  const failingRows = sheet.rows.filter(({ row }) => failed.has(row));
  preview.failures = failingRows.flatMap(({ row }) => failed.get(row)!);
  preview.failingRows = failingRows;
  if (!options.commit) {
    const valuesOf = new Map(rows.map(({ row, values }) => [row, values]));
    for (const { row } of failingRows) listed.add('failing', row, titleOf(valuesOf.get(row) ?? {}));
    preview.listed = await listed.inOrder(db, definition);
  }
  preview.invitations = moduleImport?.invitation && form.invitations !== 'none' ? preview.created : 0;
  const committed = options.commit && failed.size === 0;
  return { preview, importId: committed ? options.importId : undefined, created: committed ? created : [] };
}

/**
 * Inserts a batch of creates (`insertJsonRows`) and reads them back as the engine selects them.
 * Rows naming the same columns go together, so a column a row leaves out takes its default, never
 * a null from another row's shape.
 */
async function insertBatch(tx: Db, engine: ResourceEngine, rows: Values[]) {
  const shapes = new Map<string, Values[]>();
  for (const row of rows) {
    const shape = Object.keys(row)
      .filter((name) => row[name] !== undefined)
      .join(',');
    shapes.set(shape, [...(shapes.get(shape) ?? []), row]);
  }
  const ids: number[] = [];
  for (const [shape, group] of shapes) {
    const names = shape ? shape.split(',') : [];
    const columnNames = names.map((name) => engine.columns[name].name);
    const json = group.map((row) =>
      Object.fromEntries(names.map((name, at) => [columnNames[at], plain(row[name])])),
    );
    ids.push(...(await insertJsonRows(tx, engine.table, columnNames, json)));
  }
  return (await tx
    .select(engine.select)
    .from(engine.table)
    .where(sql`${engine.columns.id} = any(${sql.param(ids)}::int[])`)
    .orderBy(engine.columns.id)) as Values[];
}

interface Candidate {
  id: number;
  owner: unknown;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** A create leaves out what the file left empty, so the field's default applies as in the form. */
function withDefaults(fields: Record<string, Field>, values: Values) {
  const body: Values = {};
  for (const [name, f] of Object.entries(fields)) {
    if (values[name] !== null && values[name] !== undefined) body[name] = values[name];
    else if ('default' in f && f.default !== undefined) body[name] = f.default;
  }
  return body;
}

const matchKey = (engine: ResourceEngine, values: Values) => {
  const [name, f] = keyOf(engine)!;
  const within =
    f.uniqueWithin === 'organization' ? `${String(values[engine.definition.organizationField!])}|` : '';
  return `${within}${keyText(f, values[name])}`;
};

/** The rows the file's keys name, within the actor's reach, in batches. */
async function matchedRows(db: Db, engine: ResourceEngine, actor: SessionUser, rows: Values[]) {
  const found = new Map<string, Values>();
  const key = keyOf(engine);
  if (!key) return found;
  const [name, f] = key;
  const column = engine.columns[name];
  const texts = [...new Set(rows.map((values) => keyText(f, values[name])).filter(Boolean))];
  const compared = f.unique === 'ci' ? sql`lower(${column})` : sql`${column}`;
  for (let start = 0; start < texts.length; start += lookupBatch) {
    const batch = texts.slice(start, start + lookupBatch);
    const matched = (await db
      .select(engine.select)
      .from(engine.table)
      .where(and(scopeCondition(engine, actor), inArray(compared, batch)))) as Values[];
    for (const row of matched) found.set(matchKey(engine, row), row);
  }
  return found;
}

/**
 * Each reference column's texts → the rows showing them (their id, and for a `within:
 * 'organization'` field their owner), within what the actor may name.
 */
async function referenceIds(
  db: Db,
  definition: AnyResource,
  actor: SessionUser,
  sheet: Sheet,
  byIndex: Map<number, string>,
) {
  const found = new Map<string, Map<string, Candidate[]>>();
  for (const [index, name] of byIndex) {
    const f = definition.fields[name];
    if (f.kind !== 'reference') continue;
    const target = definitionOf(f.to)!;
    const columns = columnsOf(tableOf(target));
    const label = sql`lower(${columns[f.show]}::text)`;
    const owner = f.within ? columns[ownerFieldOf(target)!] : sql`null`;
    const texts = [
      ...new Set(sheet.rows.map(({ cells }) => (cells[index] ?? '').trim().toLowerCase())),
    ].filter(Boolean);
    const ids = new Map<string, Candidate[]>();
    for (let start = 0; start < texts.length; start += lookupBatch) {
      const rows = await db
        .select({ id: columns.id, label, owner })
        .from(tableOf(target))
        .where(
          and(
            referenceReach(target, columns, actor),
            target.trash ? isNull(columns.deletedAt) : undefined,
            inArray(label, texts.slice(start, start + lookupBatch)),
          ),
        );
      for (const row of rows)
        ids.set(String(row.label), [
          ...(ids.get(String(row.label)) ?? []),
          { id: row.id as number, owner: row.owner },
        ]);
    }
    found.set(name, ids);
  }
  return found;
}
