import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { defineResource, field } from '../../../contract/resource';
import { resourceDefinitions } from '../../../contract/definitions';
import { createDataProvider, exportUrl } from '../../../src/providers/dataProvider';
import type { HttpClient } from '../../../src/providers/httpClient';

/** A resource known only to this test: its definition is all the provider needs. */
const teams = defineResource({
  name: 'fixture-squads',
  table: 'fixture-squads',
  label: { one: 'Team', many: 'Teams' },
  titleField: 'name',
  access: { list: ['Admin'], update: ['Admin'], delete: ['Admin'], bulkDelete: ['Admin'] },
  fields: {
    name: field.text({ label: 'Name', max: 100, required: true, search: true, sort: true }),
    organizationId: field.reference({ label: 'Organization', to: 'organizations', show: 'name' }),
  },
});
const definitions = [...resourceDefinitions, teams];

function fakeHttp(result: unknown) {
  return vi.fn(async () => ({ result })) as unknown as HttpClient & ReturnType<typeof vi.fn>;
}
const tableOf = (data: object[], totalFilteredRecords = data.length) =>
  fakeHttp({ data, totalFilteredRecords });

describe('dataProvider', () => {
  it('maps getList to POST /api/{path}/table with skip, take, allSearch, sort and the other filters', async () => {
    const http = tableOf([{ id: 1 }], 41);
    const provider = createDataProvider(http, definitions);
    const result = await provider.getList('email-template', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'key', order: 'ASC' },
      filter: { q: 'reset', subject: 'Welcome' },
    });
    expect(http).toHaveBeenCalledWith('/api/emailTemplate/table', {
      method: 'POST',
      signal: undefined,
      body: {
        skip: 40,
        take: 20,
        allSearch: 'reset',
        refresh: false,
        sortField: 'key',
        sortOrder: 'ASC',
        filter: { subject: 'Welcome' },
      },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 41 });
  });

  it('asks for the orders of the organization in the filter, and for nothing without one', async () => {
    const http = tableOf([]);
    const provider = createDataProvider(http, definitions);
    expect(await provider.getList('orders', { filter: {} })).toEqual({ data: [], total: 0 });
    expect(http).not.toHaveBeenCalled();
    await provider.getList('orders', { filter: { organizationId: 3, status: 'Paid' } });
    expect(http).toHaveBeenCalledWith(
      '/api/orders/organization/3/table',
      expect.objectContaining({ body: expect.objectContaining({ filter: { status: 'Paid' } }) }),
    );
  });

  it('reads many records with one table call filtered by ids', async () => {
    const http = tableOf([{ id: 4 }, { id: 9 }]);
    const provider = createDataProvider(http, definitions);
    expect(await provider.getMany('users', { ids: [4, 9] })).toEqual({ data: [{ id: 4 }, { id: 9 }] });
    expect(http).toHaveBeenCalledTimes(1);
    expect(http).toHaveBeenCalledWith('/api/users/table', {
      method: 'POST',
      signal: undefined,
      body: { skip: 0, take: 2, allSearch: '', refresh: false, filter: { ids: [4, 9] } },
    });
  });

  it('reads the records that reference one record with a table call filtered on the reference field', async () => {
    const http = tableOf([{ id: 2 }], 1);
    const provider = createDataProvider(http, definitions);
    const result = await provider.getManyReference('fixture-squads', {
      target: 'organizationId',
      id: 7,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(http).toHaveBeenCalledWith('/api/fixture-squads/table', {
      method: 'POST',
      signal: undefined,
      body: {
        skip: 0,
        take: 10,
        allSearch: '',
        refresh: false,
        sortField: 'name',
        sortOrder: 'DESC',
        filter: { organizationId: 7 },
      },
    });
    expect(result).toEqual({ data: [{ id: 2 }], total: 1 });
  });

  it('reads, creates, updates and deletes through GET/POST/PUT/DELETE /api/{path}[/{id}], unwrapping result', async () => {
    const http = fakeHttp({ id: 7, name: 'Tigers' });
    const provider = createDataProvider(http, definitions);
    expect(await provider.getOne('fixture-squads', { id: 7 })).toEqual({ data: { id: 7, name: 'Tigers' } });
    expect(http).toHaveBeenLastCalledWith(
      '/api/fixture-squads/7',
      expect.objectContaining({ method: undefined }),
    );
    expect(await provider.create('fixture-squads', { data: { name: 'Tigers' } })).toEqual({
      data: { id: 7, name: 'Tigers' },
    });
    expect(http).toHaveBeenLastCalledWith(
      '/api/fixture-squads',
      expect.objectContaining({ method: 'POST', body: { name: 'Tigers' } }),
    );
    expect(
      await provider.update('fixture-squads', { id: 7, data: { name: 'Tigers' }, previousData: { id: 7 } }),
    ).toEqual({ data: { id: 7, name: 'Tigers' } });
    expect(http).toHaveBeenLastCalledWith(
      '/api/fixture-squads/7',
      expect.objectContaining({ method: 'PUT', body: { name: 'Tigers' } }),
    );
    expect(
      await provider.delete('fixture-squads', { id: 7, previousData: { id: 7, name: 'Tigers' } }),
    ).toEqual({
      data: { id: 7, name: 'Tigers' },
    });
    expect(http).toHaveBeenLastCalledWith(
      '/api/fixture-squads/7',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it("applies the spec's odd paths: PUT emailTemplate/update with the id in the body, DELETE promo-codes?id=", async () => {
    const http = fakeHttp(null);
    const provider = createDataProvider(http, definitions);
    const template = { id: 3, key: 'ResetPassword', subject: 'Reset' };
    expect(
      await provider.update('email-template', { id: 3, data: template, previousData: template }),
    ).toEqual({
      data: template,
    });
    expect(http).toHaveBeenLastCalledWith('/api/emailTemplate/update', { method: 'PUT', body: template });
    await provider.delete('promo-codes', { id: 4 });
    expect(http).toHaveBeenLastCalledWith('/api/promo-codes?id=4', { method: 'DELETE' });
    await provider.getOne('email-template', { id: 3 });
    expect(http).toHaveBeenLastCalledWith('/api/emailTemplate/3', expect.anything());
  });

  it('sends the version it read with an update and a delete, the form’s own version first', async () => {
    const http = fakeHttp({ id: 7, version: 3, name: 'Tigers' });
    const provider = createDataProvider(http, definitions);
    await provider.update('fixture-squads', {
      id: 7,
      data: { name: 'Tigers' },
      previousData: { id: 7, version: 2 },
    });
    expect(http).toHaveBeenLastCalledWith(
      '/api/fixture-squads/7',
      expect.objectContaining({ method: 'PUT', body: { name: 'Tigers', version: 2 } }),
    );
    // The conflict dialog's "keep mine" saves over the newer version it was shown.
    await provider.update('fixture-squads', {
      id: 7,
      data: { name: 'Tigers', version: 3 },
      previousData: { id: 7, version: 2 },
    });
    expect(http).toHaveBeenLastCalledWith(
      '/api/fixture-squads/7',
      expect.objectContaining({ body: { name: 'Tigers', version: 3 } }),
    );
    await provider.delete('fixture-squads', { id: 7, previousData: { id: 7, version: 3 } });
    expect(http).toHaveBeenLastCalledWith('/api/fixture-squads/7?version=3', { method: 'DELETE' });
    await provider.delete('promo-codes', { id: 4, previousData: { id: 4, version: 5 } });
    expect(http).toHaveBeenLastCalledWith('/api/promo-codes?id=4&version=5', { method: 'DELETE' });
  });

  it('deletes many rows with one POST {path}/delete-many call', async () => {
    const http = fakeHttp({ deleted: 2 });
    const provider = createDataProvider(http, definitions);
    expect(await provider.deleteMany('settings', { ids: [1, 2] })).toEqual({ data: [1, 2] });
    expect(http).toHaveBeenCalledWith('/api/settings/delete-many', { method: 'POST', body: { ids: [1, 2] } });
  });

  it('builds the export URL of every matching row from the search, sort and filters', () => {
    const promos = definitions.find((definition) => definition.name === 'promo-codes')!;
    expect(
      exportUrl(promos, { filter: { q: 'spirit', isActive: true }, sort: { field: 'code', order: 'ASC' } }),
    ).toBe(
      '/api/promo-codes/export?allSearch=spirit&sortField=code&sortOrder=ASC&filter=%7B%22isActive%22%3Atrue%7D',
    );
    const orders = definitions.find((definition) => definition.name === 'orders')!;
    expect(exportUrl(orders, { filter: { organizationId: 3 } }, 3)).toBe(
      '/api/orders/organization/3/export?allSearch=',
    );
  });
});

describe('Idempotency-Key on creates', () => {
  const keyOf = (http: ReturnType<typeof vi.fn>, call: number) =>
    (http.mock.calls[call][1] as { headers: Record<string, string> }).headers['Idempotency-Key'];

  it('sends a fresh key per submission, and the same key when the same form is sent again after a lost answer', async () => {
    let answer: () => unknown = () => ({ result: { id: 1, name: 'Tigers' } });
    const http = vi.fn(async () => answer()) as unknown as HttpClient & ReturnType<typeof vi.fn>;
    const provider = createDataProvider(http, definitions);
    await provider.create('fixture-squads', { data: { name: 'Tigers' } });
    await provider.create('fixture-squads', { data: { name: 'Tigers' } });
    expect(keyOf(http, 0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(http, 1)).not.toBe(keyOf(http, 0));

    answer = () => {
      throw new HttpError('Database not reachable', 503, {});
    };
    await expect(provider.create('fixture-squads', { data: { name: 'Lions' } })).rejects.toThrow();
    answer = () => ({ result: { id: 2, name: 'Lions' } });
    await provider.create('fixture-squads', { data: { name: 'Lions' } });
    expect(keyOf(http, 3)).toBe(keyOf(http, 2));
    // Answered: the next submission of the same values is another create.
    await provider.create('fixture-squads', { data: { name: 'Lions' } });
    expect(keyOf(http, 4)).not.toBe(keyOf(http, 3));
  });

  it('sends a new key after a refusal, which wrote nothing', async () => {
    let answer: () => unknown = () => {
      throw new HttpError('Name is required', 400, {});
    };
    const http = vi.fn(async () => answer()) as unknown as HttpClient & ReturnType<typeof vi.fn>;
    const provider = createDataProvider(http, definitions);
    await expect(provider.create('fixture-squads', { data: { name: '' } })).rejects.toThrow();
    answer = () => ({ result: { id: 3 } });
    await provider.create('fixture-squads', { data: { name: '' } });
    expect(keyOf(http, 1)).not.toBe(keyOf(http, 0));
  });
});
