import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  importCommitResponseSchema,
  importFileField,
  importFormSchema,
  importIdParamsSchema,
  importLimits,
  importPreviewResponseSchema,
  importInviteResponseSchema,
  importUndoResponseSchema,
  importUndoStatusResponseSchema,
  type ImportPreview,
} from '../../../contract/import';
import { importDefinitionOf } from '../../../contract/resource';
import { currentUser } from '../../auth/guards';
import { badRequest, HttpError, notFound } from '../../errors';
import { idempotently } from '../../http/idempotency';
import type { ResourceEngine } from '../engine';
import { idempotencyDescription } from '../openapi';
import type { ResourceRoute } from '../types';
import { tooLarge } from './parse';
import { readSheet } from './sheet-pool';
import { type RuleFailures, runImport } from './rows';
import { registerUndoJob, undoOrQueue, undoStatus } from './undo-job';
import { enqueueInvitations, registerInvitations, sendLater } from './invitations';

/** Room for the form's text fields (the preview's versions of 50,000 rows) around the file. */
const formFieldBytes = 2 * 1024 * 1024;

/** The import form: the file, refused by its announced size before a byte is read, and its fields. */
async function readImportForm(request: FastifyRequest) {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > importLimits.maxBytes + formFieldBytes) throw tooLarge();
  if (!request.isMultipart()) throw badRequest(importFileField, 'The request must be a multipart form');
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  for await (const part of request.parts({
    limits: { fileSize: importLimits.maxBytes, fieldSize: formFieldBytes },
  })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== importFileField) {
      part.file.resume();
      throw badRequest(part.fieldname, `Only one file, in ${importFileField}, is expected`);
    }
    file = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    });
  }
  if (!file || file.length === 0) throw badRequest(importFileField, 'Choose a CSV or XLSX file');
  const parsed = importFormSchema.safeParse(fields);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw badRequest(issue.path.join('.'), issue.message);
  }
  return { file, form: parsed.data };
}

const multipartForm = {
  fields: importFormSchema,
  files: {
    [importFileField]: 'a CSV (UTF-8, comma or semicolon) or XLSX file of at most 10 MB and 50,000 rows',
  },
  requiredFiles: [importFileField],
};

/**
 * A spreadsheet into the resource: `import/preview` tries every row and rolls back, answering
 * what would be created, updated and left unchanged and each failing row; `import` does the
 * same and writes it all, or nothing and a 400 naming each failing row; `import/:importId/undo`
 * takes it back. All three need `access.create`.
 */
export function registerImport(
  app: FastifyInstance,
  engine: ResourceEngine,
  route: ResourceRoute,
  ruleFailures: RuleFailures,
) {
  const invitation = engine.server.import?.invitation;
  if (invitation) registerInvitations(app, engine.definition.name, invitation);
  registerUndoJob(app, engine);
  route(
    'importPreview',
    {
      description:
        'Reads the file and tries every row as a create (or, where the unique key matches a row, an update) in a transaction that is rolled back: nothing is written.',
      response: { 200: importPreviewResponseSchema },
    },
    async (request) => {
      const { file, form } = await readImportForm(request);
      const sheet = await readSheet(file);
      const { preview } = await runImport(app.db, engine, currentUser(request), sheet, form, {
        commit: false,
        ruleFailures,
      });
      return { result: preview };
    },
    { multipartForm },
  );

  route(
    'importCommit',
    {
      description: `Writes every row of the file in one transaction, or nothing: a failing row, a required field without a column or a row changed since the preview (send the preview’s \`versions\`) is a 400 naming each. ${idempotencyDescription}`,
      response: { 200: importCommitResponseSchema },
    },
    async (request) => {
      const { file, form } = await readImportForm(request);
      const digest = createHash('sha256').update(file).digest('base64url');
      const asked = `import ${engine.definition.name}\n${digest}\n${JSON.stringify(form)}`;
      const invites = Boolean(invitation) && (form.invitations ?? 'send') === 'send';
      const answerOf = (importId: string, preview: ImportPreview) => {
        const { created, updated, unchanged } = preview;
        return { importId, created, updated, unchanged, invitations: invites ? preview.invitations : 0 };
      };
      const result = await idempotently(app.db, request, asked, async (remember) => {
        const sheet = await readSheet(file);
        const importId = randomUUID();
        const { preview, importId: committed } = await runImport(
          app.db,
          engine,
          currentUser(request),
          sheet,
          form,
          {
            commit: true,
            importId,
            ruleFailures,
            invite:
              invitation && invites
                ? (tx, rows) =>
                    enqueueInvitations(
                      app,
                      tx,
                      engine.definition.name,
                      importId,
                      rows.map((row) => row.id as number),
                      currentUser(request).id,
                    )
                : undefined,
            remember: remember && ((tx, done) => remember(tx, answerOf(importId, done))),
          },
        );
        if (preview.missingFields.length > 0) {
          const { fields } = importDefinitionOf(engine.definition);
          const labels = preview.missingFields.map((name) => fields[name].label);
          throw badRequest('mapping', `Choose a column for ${labels.join(', ')}`);
        }
        if (!committed) {
          const failures = preview.failures.map(({ row, column, field, message }) => ({
            propertyName: `rows.${row}.${field}`,
            errorMessage: `Row ${row}, ${column || field}: ${message}`,
          }));
          throw new HttpError(400, failures[0].errorMessage, failures);
        }
        // The job was queued in the commit's transaction: a worker woken earlier would not see it.
        if (preview.invitations > 0) app.jobs.wakeUp();
        return answerOf(importId, preview);
      });
      return { result };
    },
    { multipartForm },
  );

  route(
    'importUndo',
    {
      description:
        'Moves what the import created to the trash and gives what it updated its values before, keeping (and naming) a row changed or used since. An import of more than 1,000 rows is undone by a job: the answer is its status, followed with GET.',
      params: importIdParamsSchema,
      response: { 200: importUndoResponseSchema },
    },
    async (request) => {
      const { importId } = request.params as { importId: string };
      return { result: await undoOrQueue(app, engine, currentUser(request), importId) };
    },
  );

  route(
    'importUndoStatus',
    {
      description: 'How far the job undoing a large import has got, and once done what it did.',
      params: importIdParamsSchema,
      response: { 200: importUndoStatusResponseSchema },
    },
    async (request) => {
      const { importId } = request.params as { importId: string };
      const status = await undoStatus(app.db, importId, currentUser(request));
      if (!status) throw notFound('Undo');
      return { result: status };
    },
  );

  route(
    'importInvite',
    {
      description:
        'Sends the invitations of an import committed with `invitations: later`, as one job, to the accounts it created that are still there; once.',
      params: importIdParamsSchema,
      response: { 200: importInviteResponseSchema },
    },
    async (request) => {
      const { importId } = request.params as { importId: string };
      if (!invitation) throw notFound('Invitations');
      const invitations = await sendLater(app, engine, currentUser(request), importId);
      if (invitations > 0) app.jobs.wakeUp();
      return { result: { invitations } };
    },
  );
}
