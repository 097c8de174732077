import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/providers/dataProvider';
import type { HttpClient } from '../../../src/providers/httpClient';

function fakeHttp(result: unknown) {
  return vi.fn(async () => ({ result })) as unknown as HttpClient & ReturnType<typeof vi.fn>;
}

describe('dataProvider', () => {
  it('maps getList to POST /api/{resource}/table with skip, take and allSearch', async () => {
    const http = fakeHttp({ data: [{ id: 1 }], totalFilteredRecords: 41 });
    const provider = createDataProvider(http, { 'email-template': { path: 'emailTemplate' } });
    const result = await provider.getList('email-template', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'key', order: 'ASC' },
      filter: { q: 'reset' },
    });
    expect(http).toHaveBeenCalledWith('/api/emailTemplate/table', {
      method: 'POST',
      signal: undefined,
      body: { skip: 40, take: 20, allSearch: 'reset', sortField: 'key', sortOrder: 'ASC' },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 41 });
  });

  it('unwraps result for getOne and uses the generic row delete', async () => {
    const http = fakeHttp({ id: 7, key: 'a' });
    const provider = createDataProvider(http);
    expect((await provider.getOne('settings', { id: 7 })).data).toEqual({ id: 7, key: 'a' });
    expect(http).toHaveBeenLastCalledWith('/api/settings/7', { signal: undefined });
    await provider.delete('settings', { id: 7, previousData: { id: 7 } });
    expect(http).toHaveBeenLastCalledWith('/api/settings/7', { method: 'DELETE' });
  });

  it('lets a resource name its own table path, or skip the call when it cannot be made yet', async () => {
    const http = fakeHttp({ data: [], totalFilteredRecords: 0 });
    const provider = createDataProvider(http, {
      orders: {
        path: 'orders',
        tablePath: (filter) =>
          filter.organizationId ? `orders/organization/${filter.organizationId}/table` : null,
      },
    });
    expect(await provider.getList('orders', { filter: {} })).toEqual({ data: [], total: 0 });
    expect(http).not.toHaveBeenCalled();
    await provider.getList('orders', { filter: { organizationId: 3 } });
    expect(http).toHaveBeenCalledWith(
      '/api/orders/organization/3/table',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
