import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { roles } from '../../../../contract/roles';
import { auditLog, changeLog, emailOutbox, emailTemplates, jobs, users } from '../../../../server/db/schema';
import { createOrganization, createUser, signIn, testApp } from '../../helpers';
import { csvOf, importForm, xlsxOf } from '../../engine/import/files';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let adminCookie: string;

beforeEach(async () => {
  ctx = await testApp();
  await createOrganization(ctx.db, 'Lincoln High School');
  await createUser(ctx.db, { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin' });
  adminCookie = await signIn(ctx.app, 'admin@example.com');
});
afterEach(() => ctx.app.close());

const header = ['Email', 'First name', 'Last name', 'Roles', 'Organization'];
const post = (path: string, file: Buffer, fields: Record<string, string> = {}, cookie = adminCookie) => {
  const form = importForm(file, fields, path.endsWith('xlsx') ? 'accounts.xlsx' : 'accounts.csv');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/users/${path.replace(/#.*$/, '')}`,
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
};
const accounts = (emails: string[]) => ctx.db.select().from(users).where(inArray(users.email, emails));
const mails = (emails: string[]) => ctx.db.select().from(emailOutbox).where(inArray(emailOutbox.to, emails));

describe('users: import', () => {
  it('previews each failing row with its row number, column and the Create form’s message, writing nothing', async () => {
    const file = csvOf([
      header,
      ['coach@example.com', 'Cora', 'Coach', 'Athletic Director', 'Lincoln High School'],
      ['ADMIN@example.com', 'Dup', 'Licate', 'Admin', ''],
      ['stranger@example.com', 'Sam', 'Stranger', 'Coach', ''],
      ['director@example.com', 'Dina', 'Director', 'Athletic Director', ''],
      ['coach@example.com', 'Cora', 'Again', 'Admin', ''],
      ['nameless@example.com', '', 'Nameless', 'Admin', ''],
    ]);
    const response = await post('import/preview', file);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({ rows: 6, created: 0, updated: 0, unchanged: 0, missingFields: [] });
    expect(result.failures).toEqual([
      { row: 2, column: 'Email', field: 'email', message: "Email 'coach@example.com' is also in row 6" },
      { row: 3, column: 'Email', field: 'email', message: 'Email is already in use' },
      { row: 4, column: 'Roles', field: 'userRoles', message: 'Role is not a known role' },
      { row: 5, column: 'Organization', field: 'organizationId', message: 'Organization is required' },
      { row: 6, column: 'Email', field: 'email', message: "Email 'coach@example.com' is also in row 2" },
      { row: 7, column: 'First name', field: 'firstName', message: 'First name is required' },
    ]);
    expect(await accounts(['coach@example.com', 'nameless@example.com'])).toEqual([]);
    expect(await mails(['coach@example.com'])).toEqual([]);
  });

  it('names a required column the file lacks, for the mapping step', async () => {
    const result = (
      await post(
        'import/preview',
        csvOf([
          ['Email', 'Roles'],
          ['a@example.com', 'Admin'],
        ]),
      )
    ).json().result;
    expect(result.missingFields).toEqual(['firstName', 'lastName']);
  });

  it('commits all rows or none, in one transaction, and sends no invitation when it writes none', async () => {
    const file = csvOf([
      header,
      ['coach@example.com', 'Cora', 'Coach', 'Admin', ''],
      ['stranger@example.com', 'Sam', 'Stranger', 'Coach', ''],
    ]);
    const response = await post('import', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'rows.3.userRoles', errorMessage: 'Row 3, Roles: Role is not a known role' },
    ]);
    expect(await accounts(['coach@example.com'])).toEqual([]);
    expect(await mails(['coach@example.com'])).toEqual([]);
  });

  it('creates accounts from an XLSX file as the Create form does, with Spanish roles, one audit entry each under one import id, a change event each and an invitation each', async () => {
    // The accounts' own changes: each invitation's e-mail and job announce theirs too.
    const accountChanges = async () =>
      (
        await ctx.db
          .select({ changes: count() })
          .from(changeLog)
          .where(sql`${changeLog.notice}->>'resource' = 'users'`)
      )[0].changes;
    const before = await accountChanges();
    const file = await xlsxOf([
      ['Correo electrónico', 'Nombre', 'Apellido', 'Roles', 'Organización', 'Colour'],
      ['cora@example.com', 'Cora', 'Coach', 'Director deportivo', 'Lincoln High School', 'red'],
      ['ana@example.com', 'Ana', 'Admin', 'Administrador; Athletic Director', 'Lincoln High School', 'blue'],
    ]);
    const fields = {
      mapping: JSON.stringify({
        'Correo electrónico': 'email',
        Nombre: 'firstName',
        Apellido: 'lastName',
        Organización: 'organizationId',
      }),
      choices: JSON.stringify({
        userRoles: { Administrador: roles.admin, 'Director deportivo': roles.athleticDirector },
      }),
      locale: 'es',
    };
    const response = await post('import#xlsx', file, fields);
    expect(response.statusCode, response.body).toBe(200);
    const { importId, ...counts } = response.json().result;
    expect(counts).toEqual({ created: 2, updated: 0, unchanged: 0, invitations: 2 });

    const created = await accounts(['cora@example.com', 'ana@example.com']);
    const [organization] = await ctx.db.select({ id: sql<number>`id` }).from(sql`organizations`);
    expect(
      created
        .map(({ email, firstName, lastName, roles: held, organizationId, passwordHash, emailConfirmed }) => ({
          email,
          firstName,
          lastName,
          roles: held,
          organizationId,
          passwordHash,
          emailConfirmed,
        }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual([
      {
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: 'Admin',
        roles: [roles.admin, roles.athleticDirector],
        organizationId: organization.id,
        passwordHash: null,
        emailConfirmed: false,
      },
      {
        email: 'cora@example.com',
        firstName: 'Cora',
        lastName: 'Coach',
        roles: [roles.athleticDirector],
        organizationId: organization.id,
        passwordHash: null,
        emailConfirmed: false,
      },
    ]);
    const entries = await ctx.db
      .select({ entityId: auditLog.entityId, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), sql`${auditLog.details}->>'importId' = ${importId}`));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'create']);
    expect(entries.map((entry) => Number(entry.entityId)).sort()).toEqual(created.map((u) => u.id).sort());
    expect((await accountChanges()) - before).toBe(2);
    // The invitations are the import's job, sent by a worker once the rows are in.
    expect(await mails(['cora@example.com', 'ana@example.com'])).toEqual([]);
    await ctx.app.jobs.drain();
    const invitations = await mails(['cora@example.com', 'ana@example.com']);
    expect(invitations.map((mail) => [mail.to, mail.templateKey]).sort()).toEqual([
      ['ana@example.com', 'ConfirmAccount'],
      ['cora@example.com', 'ConfirmAccount'],
    ]);
    // The importer is told once they have gone, leading to the accounts.
    const told = await ctx.app.inject({ url: '/api/notifications', headers: { cookie: adminCookie } });
    expect(told.json().result.items).toEqual([
      expect.objectContaining({
        category: 'jobs',
        messageKey: 'jobs.invitationsSent',
        params: { count: 2 },
        link: '/admin/users',
      }),
    ]);
  });

  it('tells the importer when the invitations stop for good, and how far they got', async () => {
    const file = csvOf([header, ['one@example.com', 'Sam', 'Ple', 'Admin', '']]);
    // Every attempt fails: the invitation's template is gone.
    await ctx.db.delete(emailTemplates).where(eq(emailTemplates.key, 'ConfirmAccount'));
    expect((await post('import', file)).statusCode).toBe(200);
    await ctx.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.type, 'import-invitations'));
    await ctx.app.jobs.drain();
    const told = await ctx.app.inject({ url: '/api/notifications', headers: { cookie: adminCookie } });
    expect(told.json().result.items).toEqual([
      expect.objectContaining({
        messageKey: 'jobs.invitationsFailed',
        params: { sent: 0, count: 1, error: 'E-mail template ConfirmAccount is missing' },
        link: '/admin/users',
      }),
    ]);
  });

  it('says how many invitations it will send, sends none when told so, and Undo tells how many had gone', async () => {
    const emails = ['one@example.com', 'two@example.com'];
    const file = csvOf([header, ...emails.map((email) => [email, 'Sam', 'Ple', 'Admin', ''])]);
    expect((await post('import/preview', file)).json().result.invitations).toBe(2);
    expect((await post('import/preview', file, { invitations: 'none' })).json().result.invitations).toBe(0);
    const quiet = (await post('import', file, { invitations: 'none' })).json().result;
    expect(quiet.invitations).toBe(0);
    await ctx.app.jobs.drain();
    expect(await mails(emails)).toEqual([]);
    const undo = (importId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/users/import/${importId}/undo`,
        headers: { cookie: adminCookie },
      });
    expect((await undo(quiet.importId)).json().result.invitations).toEqual({ sent: 0, cancelled: 0 });

    const invited = (await post('import', file)).json().result;
    expect(invited.invitations).toBe(2);
    await ctx.app.jobs.drain();
    expect((await mails(emails)).map((mail) => mail.to).sort()).toEqual(emails);
    const undone = (await undo(invited.importId)).json().result;
    expect(undone).toMatchObject({ removed: 2, invitations: { sent: 2, cancelled: 0 } });
  });

  it('keeps the invitations unsent when told later, sends them as one job when asked, once, and not to an account gone since', async () => {
    const emails = ['one@example.com', 'two@example.com'];
    const file = csvOf([header, ...emails.map((email) => [email, 'Sam', 'Ple', 'Admin', ''])]);
    const later = (await post('import', file, { invitations: 'later' })).json().result;
    expect(later.invitations).toBe(0);
    await ctx.app.jobs.drain();
    expect(await mails(emails)).toEqual([]);
    await ctx.db.delete(users).where(eq(users.email, 'two@example.com'));
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/users/import/${later.importId}/invitations`,
        headers: { cookie: adminCookie },
      });
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result).toEqual({ invitations: 1 });
    await ctx.app.jobs.drain();
    expect((await mails(emails)).map((mail) => mail.to)).toEqual(['one@example.com']);
    const again = await send();
    expect(again.statusCode).toBe(400);
    expect(again.json().validationFailures[0].errorMessage).toBe(
      'The invitations of this import have been sent already',
    );
  });

  it('Undo deletes the accounts the import created, and keeps one changed since, saying so', async () => {
    const file = csvOf([
      header,
      ['cora@example.com', 'Cora', 'Coach', 'Admin', ''],
      ['ana@example.com', 'Ana', 'Admin', 'Admin', ''],
    ]);
    const first = (await post('import', file)).json().result;
    const undo = (importId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/users/import/${importId}/undo`,
        headers: { cookie: adminCookie },
      });
    const undone = await undo(first.importId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().result).toEqual({
      removed: 2,
      restored: 0,
      invitations: { sent: 0, cancelled: 2 },
      kept: [],
    });
    expect(await accounts(['cora@example.com', 'ana@example.com'])).toEqual([]);

    const second = (await post('import', file)).json().result;
    const [cora] = await accounts(['cora@example.com']);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${cora.id}`,
      headers: { cookie: adminCookie },
      payload: {
        email: cora.email,
        name: { firstName: 'Cora', lastName: 'Renamed' },
        userRoles: [roles.admin],
        organizationId: null,
        version: cora.version,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const partly = await undo(second.importId);
    expect(partly.statusCode, partly.body).toBe(200);
    expect(partly.json().result).toEqual({
      removed: 1,
      restored: 0,
      invitations: { sent: 0, cancelled: 2 },
      kept: [{ id: cora.id, title: 'cora@example.com', reason: 'changed' }],
    });
    expect((await accounts(['cora@example.com', 'ana@example.com'])).map((user) => user.email)).toEqual([
      'cora@example.com',
    ]);
  });

  it('Undo keeps an account its person has confirmed, signed in with or acted as, and removes the untouched ones', async () => {
    const emails = ['confirmed@example.com', 'signedin@example.com', 'untouched@example.com'];
    const file = csvOf([header, ...emails.map((email) => [email, 'Sam', 'Ple', 'Admin', ''])]);
    const { importId } = (await post('import', file)).json().result;
    const [confirmed, signedIn] = await Promise.all(
      emails.slice(0, 2).map(async (email) => (await accounts([email]))[0]),
    );
    // Confirmation sets the person's own password, as the confirm-account page does.
    await ctx.db
      .update(users)
      .set({ emailConfirmed: true, passwordHash: 'set by its person' })
      .where(eq(users.id, confirmed.id));
    // A session is a sign-in; the module's measure is not needed to see it, only the foreign key.
    await ctx.db.update(users).set({ emailConfirmed: false }).where(eq(users.id, signedIn.id));
    await ctx.db.execute(
      sql`insert into sessions (id, user_id, stage, expires_at) values ('s1', ${signedIn.id}, 'full', now() + interval '1 hour')`,
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/import/${importId}/undo`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({
      removed: 1,
      restored: 0,
      invitations: { sent: 0, cancelled: 3 },
      kept: [
        { id: confirmed.id, title: 'confirmed@example.com', reason: 'used' },
        { id: signedIn.id, title: 'signedin@example.com', reason: 'used' },
      ],
    });
    expect((await accounts(emails)).map((user) => user.email).sort()).toEqual(emails.slice(0, 2));
  });

  it('is the Admin’s: an Athletic Director is refused with 403', async () => {
    const organization = await createOrganization(ctx.db, 'Riverside Academy');
    await createUser(ctx.db, {
      email: 'ad@example.com',
      roles: [roles.athleticDirector],
      organizationId: organization.id,
    });
    const cookie = await signIn(ctx.app, 'ad@example.com');
    const file = csvOf([header, ['x@example.com', 'X', 'Y', 'Admin', '']]);
    expect((await post('import/preview', file, {}, cookie)).statusCode).toBe(403);
    expect((await post('import', file, {}, cookie)).statusCode).toBe(403);
  });

  it('is described in the OpenAPI document', async () => {
    const { paths } = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/users/import/preview',
        '/api/users/import',
        '/api/users/import/{importId}/undo',
        '/api/users/import/{importId}/invitations',
      ]),
    );
  });
});
