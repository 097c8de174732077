import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import type { HttpClient } from './httpClient';

/** Where a resource lives on the API when its path differs from its route name. */
export interface ResourceApi {
  /** Base path under /api, for example `emailTemplate` for the `email-template` route. */
  path: string;
  /** Table endpoint; defaults to `{path}/table`. */
  tablePath?: (filter: Record<string, unknown>) => string | null;
  /** Update call; defaults to `PUT {path}/{id}`. */
  updatePath?: (id: Identifier) => string;
  /** Delete call; defaults to `DELETE {path}/{id}` (the generic row delete). */
  deletePath?: (id: Identifier) => string;
}

type Result<T> = { result: T };

/**
 * The spec's HTTP contract as a react-admin dataProvider: `getList` is
 * `POST /api/{resource}/table` with skip/take/allSearch, every body is unwrapped from `result`.
 */
export function createDataProvider(http: HttpClient, apis: Record<string, ResourceApi> = {}): DataProvider {
  const api = (resource: string): ResourceApi => apis[resource] ?? { path: resource };
  const url = (path: string) => `/api/${path}`;

  const getOne = async (resource: string, id: Identifier, signal?: AbortSignal) => {
    const body = await http<Result<RaRecord>>(url(`${api(resource).path}/${id}`), { signal });
    return body.result;
  };

  return {
    async getList(resource, params) {
      const { page = 1, perPage = 10 } = params.pagination ?? {};
      const { q, ...filter } = params.filter ?? {};
      const target = api(resource);
      const tablePath = target.tablePath ? target.tablePath(filter) : `${target.path}/table`;
      if (tablePath === null) return { data: [], total: 0 };
      const body = await http<Result<{ data: RaRecord[]; totalFilteredRecords: number }>>(url(tablePath), {
        method: 'POST',
        signal: params.signal,
        body: {
          skip: (page - 1) * perPage,
          take: perPage,
          allSearch: typeof q === 'string' ? q : '',
          sortField: params.sort?.field || undefined,
          sortOrder: params.sort?.order || undefined,
        },
      });
      return { data: body.result.data as never[], total: body.result.totalFilteredRecords };
    },
    async getOne(resource, params) {
      return { data: (await getOne(resource, params.id, params.signal)) as never };
    },
    async getMany(resource, params) {
      const data = await Promise.all(params.ids.map((id) => getOne(resource, id, params.signal)));
      return { data: data as never };
    },
    async getManyReference() {
      return { data: [], total: 0 };
    },
    async create(resource, params) {
      const body = await http<Result<RaRecord>>(url(api(resource).path), {
        method: 'POST',
        body: params.data,
      });
      return { data: body.result as never };
    },
    async update(resource, params) {
      const target = api(resource);
      const path = target.updatePath ? target.updatePath(params.id) : `${target.path}/${params.id}`;
      const body = await http<Result<RaRecord>>(url(path), { method: 'PUT', body: params.data });
      return { data: (body.result ?? { ...params.data, id: params.id }) as never };
    },
    async updateMany(resource, params) {
      for (const id of params.ids)
        await this.update(resource, { id, data: params.data, previousData: { id } });
      return { data: params.ids };
    },
    async delete(resource, params) {
      const target = api(resource);
      const path = target.deletePath ? target.deletePath(params.id) : `${target.path}/${params.id}`;
      await http(url(path), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(resource, params) {
      for (const id of params.ids) await this.delete(resource, { id });
      return { data: params.ids };
    },
  };
}
