import { eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { EmailTemplate, emailTemplateUpdateSchema } from '../../../src/contract/email-templates';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { emailTemplates } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { type ParsedTableQuery, type TableSpec, tablePage } from '../../http/table';

const columns = {
  id: emailTemplates.id,
  key: emailTemplates.key,
  to: emailTemplates.to,
  cc: emailTemplates.cc,
  bcc: emailTemplates.bcc,
  subject: emailTemplates.subject,
  body: emailTemplates.body,
  description: emailTemplates.description,
};

const tableSpec: TableSpec = {
  table: emailTemplates,
  searchColumn: emailTemplates.searchText,
  sortable: { id: emailTemplates.id, key: emailTemplates.key, subject: emailTemplates.subject },
  defaultSort: { column: emailTemplates.key, order: 'ASC' },
};

export const emailTemplatesTable = (db: Db, query: ParsedTableQuery) =>
  tablePage<EmailTemplate>(db, tableSpec, query, columns);

export async function getEmailTemplate(db: Db, id: number): Promise<EmailTemplate> {
  const [row] = await db.select(columns).from(emailTemplates).where(eq(emailTemplates.id, id));
  if (!row) throw notFound('Email template');
  return row;
}

/**
 * The body is e-mailed to people outside the portal, so only formatting survives: no
 * scripts, styles, event handlers or `javascript:` links. `{{placeholders}}` are kept.
 */
export const sanitizeTemplateBody = (body: string) =>
  sanitizeHtml(body, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      '*': ['style'],
    },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
  });

/** An editor's empty paragraph (`<p></p>`) is markup without anything to read. */
const hasContent = (html: string) =>
  /<img\b/i.test(html) ||
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';

export async function updateEmailTemplate(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof emailTemplateUpdateSchema>,
): Promise<EmailTemplate> {
  const { id, ...fields } = input;
  const body = sanitizeTemplateBody(fields.body);
  if (!hasContent(body)) throw badRequest('body', 'Body is required');
  const [row] = await db
    .update(emailTemplates)
    .set({ ...fields, body })
    .where(eq(emailTemplates.id, id))
    .returning(columns);
  if (!row) throw notFound('Email template');
  await audit(db, actor.id, 'update', 'emailTemplate', id, { key: row.key });
  return row;
}
