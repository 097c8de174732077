import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailTemplates } from '../../../../server/db/schema';
import { emailTemplateSeeds } from '../../../../server/db/seed-data';
import { testApp } from '../../helpers';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
});
afterEach(() => ctx.app.close());

const template = async (key: string) => {
  const [row] = await ctx.db.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  return row;
};
const update = (payload: object) => who.admin({ method: 'PUT', url: '/api/emailTemplate/update', payload });

describe('email templates (Admin only)', () => {
  it('lists the templates in POST emailTemplate/table and reads one by id', async () => {
    const table = await who.admin({
      method: 'POST',
      url: '/api/emailTemplate/table',
      payload: { take: 100 },
    });
    expect(table.json().result.totalFilteredRecords).toBe(emailTemplateSeeds.length);
    const reset = await template('ResetPassword');
    const one = await who.admin({ url: `/api/emailTemplate/${reset.id}` });
    expect(one.json().result).toMatchObject({ id: reset.id, key: 'ResetPassword', subject: reset.subject });
  });

  it('updates the template from the body, keeping the key and id, with an audit entry', async () => {
    const reset = await template('ResetPassword');
    const response = await update({
      id: reset.id,
      key: 'Renamed',
      subject: 'Reset it',
      body: '<p>Hello {{fullName}}, <a href="{{link}}">reset</a></p>',
      cc: 'office@school.example; coach@school.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      id: reset.id,
      key: 'ResetPassword',
      subject: 'Reset it',
      body: '<p>Hello {{fullName}}, <a href="{{link}}">reset</a></p>',
      cc: 'office@school.example; coach@school.example',
    });
    const [entry] = await ctx.db.select().from(auditLog);
    expect(entry).toMatchObject({
      action: 'update',
      entityType: 'emailTemplate',
      entityId: String(reset.id),
    });
  });

  it('keeps a Spanish subject and body, the body cleaned, and an empty Spanish body as none', async () => {
    const reset = await template('ResetPassword');
    const response = await update({
      id: reset.id,
      subject: reset.subject,
      body: reset.body,
      subjectEs: 'Restablezca su contraseña',
      bodyEs: '<p onclick="steal()">Hola {{fullName}}<script>x()</script></p>',
    });
    expect(response.statusCode).toBe(200);
    expect(await template('ResetPassword')).toMatchObject({
      subjectEs: 'Restablezca su contraseña',
      bodyEs: '<p>Hola {{fullName}}</p>',
    });
    await update({
      id: reset.id,
      subject: reset.subject,
      body: reset.body,
      subjectEs: '',
      bodyEs: '<p></p>',
    });
    expect(await template('ResetPassword')).toMatchObject({ subjectEs: null, bodyEs: null });
  });

  it('sanitizes the body: scripts, event handlers and javascript: links are removed', async () => {
    const reset = await template('ResetPassword');
    const response = await update({
      id: reset.id,
      subject: 'Reset',
      body: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    });
    const body = response.json().result.body as string;
    expect(body).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(body).toContain('Hi');
    expect((await template('ResetPassword')).body).toBe(body);
  });

  it('refuses an empty subject or body, a body that is only markup to strip, and bad addresses', async () => {
    const reset = await template('ResetPassword');
    expect((await update({ id: reset.id, subject: '', body: '' })).json().validationFailures).toEqual([
      { propertyName: 'subject', errorMessage: 'Subject is required' },
      { propertyName: 'body', errorMessage: 'Body is required' },
    ]);
    for (const body of ['<script>x()</script>', '<p></p>', '<p>&nbsp; </p><p><br></p>']) {
      expect((await update({ id: reset.id, subject: 'S', body })).json().validationFailures, body).toEqual([
        { propertyName: 'body', errorMessage: 'Body is required' },
      ]);
    }
    expect(
      (await update({ id: reset.id, subject: 'S', body: 'b', to: 'not-an-address' })).json()
        .validationFailures,
    ).toEqual([{ propertyName: 'to', errorMessage: 'To must be e-mail addresses separated by commas' }]);
    expect((await template('ResetPassword')).body).toBe(reset.body);
  });

  it('refuses an AthleticDirector with 403 and a visitor with 401', async () => {
    const reset = await template('ResetPassword');
    const calls = [
      { method: 'POST', url: '/api/emailTemplate/table', payload: {} },
      { method: 'GET', url: `/api/emailTemplate/${reset.id}` },
      { method: 'PUT', url: '/api/emailTemplate/update', payload: { id: reset.id, subject: 'S', body: 'b' } },
    ] as const;
    for (const call of calls) {
      expect((await who.director(call)).statusCode, call.url).toBe(403);
      expect((await who.visitor(call)).statusCode, call.url).toBe(401);
    }
    expect((await template('ResetPassword')).subject).toBe(reset.subject);
  });
});
