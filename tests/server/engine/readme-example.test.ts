import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, resourceCalls } from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import type { Db } from '../../../server/db/client';
import { createUser } from '../helpers';
import { serveTeams, teams, teamsTable } from './teams';

const readmeCodeBlocks = () =>
  [...readFileSync('README.md', 'utf8').matchAll(/^( *)```ts\n([\s\S]*?)^\1```$/gm)].map(([, indent, code]) =>
    code.replace(new RegExp(`^${indent}`, 'gm'), ''),
  );

describe("the README's example resource", () => {
  it('is quoted in the README exactly as contract/examples/teams.ts holds it', () => {
    expect(readmeCodeBlocks()).toContain(readFileSync('contract/examples/teams.ts', 'utf8'));
  });

  describe('served from its definition alone', () => {
    let served: Awaited<ReturnType<typeof serveTeams>> | undefined;
    let app: FastifyInstance;
    let db: Db;
    let lincolnId: number;
    let riversideId: number;
    let admin: string;
    let director: string;
    const calls = resourceCalls(teams);

    beforeAll(async () => {
      served = await serveTeams(['Lincoln High School', 'Riverside Academy']);
      ({ app, db, admin, director } = served);
      [lincolnId, riversideId] = served.schoolIds;
    });

    afterAll(async () => {
      await served?.close();
    });

    const create = (cookie: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/${calls.create.path}`, headers: { cookie }, payload });
    const list = async (cookie: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${calls.table.path}`,
        headers: { cookie },
        payload: { take: 10 },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result;
    };

    it("creates and lists teams, an Athletic Director's within their own school only", async () => {
      const varsity = await create(director, { name: 'Varsity', sport: 'Soccer', organizationId: lincolnId });
      expect(varsity.statusCode, varsity.body).toBe(200);
      expect(varsity.json().result).toMatchObject({ name: 'Varsity', sport: 'Soccer', isActive: true });
      const elsewhere = await create(director, {
        name: 'Eagles',
        sport: 'Soccer',
        organizationId: riversideId,
      });
      expect(elsewhere.statusCode).toBe(403);
      expect(
        (await create(admin, { name: 'Eagles', sport: 'Baseball', organizationId: riversideId })).statusCode,
      ).toBe(200);

      expect(await list(director)).toMatchObject({ totalFilteredRecords: 1, data: [{ name: 'Varsity' }] });
      expect(await list(admin)).toMatchObject({
        totalFilteredRecords: 2,
        data: [{ name: 'Eagles' }, { name: 'Varsity' }],
      });
    });

    it('keeps a name unique within its school regardless of case, by a unique index the migration makes', async () => {
      const [{ indexdef }] = (
        (await db.execute(
          sql`select indexdef from pg_indexes where indexname = 'teams_name_lower_idx'`,
        )) as unknown as { rows: { indexdef: string }[] }
      ).rows;
      // Among teams outside the trash: a trashed team keeps its name free until it is restored.
      expect(indexdef).toMatch(
        /^CREATE UNIQUE INDEX .* \(organization_id, lower\(name\)\) WHERE \(deleted_at IS NULL\)$/,
      );

      expect(
        (await create(admin, { name: 'Juniors', sport: 'Soccer', organizationId: lincolnId })).statusCode,
      ).toBe(200);
      const again = await create(director, { name: 'JUNIORS', sport: 'Baseball', organizationId: lincolnId });
      expect(again.statusCode).toBe(400);
      expect(again.json().validationFailures).toEqual([
        { propertyName: 'name', errorMessage: 'Name is already in use' },
      ]);
      const otherSchool = await create(admin, {
        name: 'juniors',
        sport: 'Soccer',
        organizationId: riversideId,
      });
      expect(otherSchool.statusCode, otherSchool.body).toBe(200);
    });

    it('lets an Athletic Director keep their teams but only an Admin delete one', async () => {
      const created = await create(director, {
        name: 'Seniors',
        sport: 'Football',
        organizationId: lincolnId,
      });
      const id = created.json().result.id as number;
      const update = await app.inject({
        method: 'PUT',
        url: `/api/${fillPath(calls.update.path, { id })}`,
        headers: { cookie: director },
        payload: { name: 'Seniors', sport: 'Football', organizationId: lincolnId, isActive: false },
      });
      expect(update.statusCode, update.body).toBe(200);
      const remove = (cookie: string) =>
        app.inject({
          method: 'DELETE',
          url: `/api/${fillPath(calls.delete.path, { id })}`,
          headers: { cookie },
        });
      expect((await remove(director)).statusCode).toBe(403);
      expect((await remove(admin)).statusCode).toBe(200);
    });

    it("exports a team's school by its name, as the list shows it", async () => {
      for (const organizationId of [lincolnId, riversideId]) {
        const created = await create(admin, { name: 'Archers', sport: 'Volleyball', organizationId });
        expect(created.statusCode, created.body).toBe(200);
      }
      const exported = async (cookie: string) => {
        const response = await app.inject({
          url: `/api/${calls.export.path}?allSearch=archers&sortField=id`,
          headers: { cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.body.trim().split('\r\n');
      };
      // The budget is the Admins' alone: a director's export has no such column.
      expect(await exported(director)).toEqual([
        'Name,Sport,Organization,Coach,Active',
        'Archers,Volleyball,Lincoln High School,,true',
      ]);
      expect(await exported(admin)).toEqual([
        'Name,Sport,Organization,Coach,Budget,Active',
        'Archers,Volleyball,Lincoln High School,,,true',
        'Archers,Volleyball,Riverside Academy,,,true',
      ]);
    });

    it("labels a team's coach by email for a director, though the users' list is the Admin's; refuses an Admin's coach of another school, and one stored before keeps its id", async () => {
      const staff = await createUser(db, {
        email: 'coach@lincoln.example.com',
        roles: [roles.athleticDirector],
        organizationId: lincolnId,
      });
      const stranger = await createUser(db, {
        email: 'coach@riverside.example.com',
        roles: [roles.athleticDirector],
        organizationId: riversideId,
      });
      const created = await create(admin, {
        name: 'Comets',
        sport: 'Baseball',
        organizationId: lincolnId,
        coachId: staff.id,
      });
      expect(created.statusCode, created.body).toBe(200);
      const meteors = { name: 'Meteors', sport: 'Baseball', organizationId: lincolnId, coachId: stranger.id };
      // The coach is `within: 'organization'`: not even an Admin names another school's staff.
      const refused = await create(admin, meteors);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().validationFailures).toEqual([
        { propertyName: 'coachId', errorMessage: 'Account does not exist' },
      ]);
      await db.insert(teamsTable).values(meteors as never);
      const response = await app.inject({
        url: `/api/${calls.export.path}?sortField=name&filter=${encodeURIComponent(JSON.stringify({ sport: 'Baseball' }))}`,
        headers: { cookie: director },
      });
      expect(response.statusCode, response.body).toBe(200);
      const lines = response.body.trim().split('\r\n');
      expect(lines).toContain('Comets,Baseball,Lincoln High School,coach@lincoln.example.com,true');
      expect(lines).toContain(`Meteors,Baseball,Lincoln High School,${stranger.id},true`);
    });

    it('refuses a sport off the list with a 400 naming the field', async () => {
      const response = await create(admin, { name: 'Chess', sport: 'Chess', organizationId: lincolnId });
      expect(response.statusCode).toBe(400);
      expect(response.json().validationFailures).toEqual([
        { propertyName: 'sport', errorMessage: 'Sport is not one of the choices' },
      ]);
    });
  });
});
