import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, type GetListParams, HttpError, type Identifier, type RaRecord } from 'ra-core';
import {
  type AnyResource,
  apiPathOf,
  fillPath,
  referenceOptionsOf,
  type ResourceCall,
  resourceCalls,
  rowIdOf,
} from '../../contract/definition';
import type { Option } from '../../contract/common';
import type { HttpClient } from './httpClient';

type Result<T> = { result: T };
type Table = Result<{ data: RaRecord[]; totalFilteredRecords: number }>;

/** What ra-data-simple-rest expects of `fetchUtils.fetchJson`, answered by our client with `{ result }` unwrapped. */
function simpleRestHttpClient(http: HttpClient) {
  return async (
    url: string,
    options: { method?: string; body?: unknown; signal?: AbortSignal | null } = {},
  ) => {
    // simple-rest sends JSON text; our client serialises objects itself.
    const body = typeof options.body === 'string' ? JSON.parse(options.body) : options.body;
    const json = await http<Partial<Result<unknown>>>(url, {
      method: options.method,
      signal: options.signal ?? undefined,
      body,
    });
    return { status: 200, headers: new Headers(), body: '', json: json?.result ?? null };
  };
}

/** No answer tells whether the write was made: the network failed (0) or the server did (5xx). */
const answerLost = (error: unknown) =>
  error instanceof HttpError && (error.status === 0 || error.status >= 500);

/** The organization the orders table is scoped to: the filter's, else the page header's selection. */
export type ScopeOf = (
  definition: AnyResource,
  filter: Record<string, unknown>,
) => string | number | undefined;

const defaultScope: ScopeOf = (definition, filter) => {
  const param = definition.routes?.table?.scopeParam;
  const value = param ? filter[param] : undefined;
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
};

/**
 * The resources' HTTP contract as a react-admin dataProvider, from their definitions:
 * ra-data-simple-rest speaks `GET/POST/PUT/DELETE /api/{path}[/{id}]`; this decorator sends
 * lists to the table endpoint, getMany to one table call with `filter.ids`, deleteMany to
 * `delete-many`, and applies each definition's odd paths from `resourceCalls`.
 */
export function createDataProvider(
  http: HttpClient,
  definitions: readonly AnyResource[],
  scopeOf: ScopeOf = defaultScope,
): DataProvider {
  const base = simpleRestProvider('/api', simpleRestHttpClient(http));
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const definitionOf = (resource: string) => {
    const definition = byName.get(resource);
    if (!definition) throw new Error(`No resource definition named ${resource}`);
    return definition;
  };
  const url = (path: string) => `/api/${path}`;
  /**
   * The `Idempotency-Key` of each form submission whose answer was lost (a 5xx, no network): the
   * create may have committed, so saving the same form again sends the same key and is answered
   * with the first create's record, never a second row. A changed form is a new submission.
   */
  const unansweredCreates = new Map<string, string>();
  /** A call's URL and body with the id placed where the definition says it travels. */
  const place = (call: ResourceCall, id: Identifier, data?: object) => {
    const path = url(fillPath(call.path, { id }));
    if (call.idIn === 'body') return { url: path, body: { ...data, id } };
    if (call.idIn === 'query') return { url: `${path}?id=${encodeURIComponent(String(id))}`, body: data };
    return { url: path, body: data };
  };

  /**
   * The version a write names (docs/decisions.md, "No lost update"): the form's own `version`
   * (the conflict dialog sets it to the newer one when the user saves over it), else the
   * version of the record as read.
   */
  const versionOf = (data: object | undefined, previousData: RaRecord | undefined) =>
    (data as { version?: number } | undefined)?.version ?? previousData?.version;

  /** simple-rest's own `{path}/{id}` serves every call the definition does not move. */
  const isDefault = (definition: AnyResource, call: ResourceCall) =>
    call.path === `${apiPathOf(definition)}/:id` && (call.idIn ?? 'path') === 'path';

  const table = async (
    definition: AnyResource,
    params: Pick<GetListParams, 'pagination' | 'sort' | 'filter' | 'signal'>,
  ) => {
    const { page = 1, perPage = 10 } = params.pagination ?? {};
    const { q, ...filters } = params.filter ?? {};
    const scopeParam = definition.routes?.table?.scopeParam;
    const scope = scopeParam ? scopeOf(definition, filters) : undefined;
    // Orders live under their organization; without one there is nothing to ask for.
    if (scopeParam && scope === undefined) return { data: [], total: 0 };
    if (scopeParam) delete filters[scopeParam];
    const path = fillPath(resourceCalls(definition).table.path, scopeParam ? { [scopeParam]: scope! } : {});
    const body = await http<Table>(url(path), {
      method: 'POST',
      signal: params.signal,
      body: {
        skip: (page - 1) * perPage,
        take: perPage,
        allSearch: typeof q === 'string' ? q : '',
        refresh: false,
        ...(params.sort?.field ? { sortField: params.sort.field, sortOrder: params.sort.order } : {}),
        ...(Object.keys(filters).length > 0 ? { filter: filters } : {}),
      },
    });
    return { data: body.result.data as never[], total: body.result.totalFilteredRecords };
  };

  /** A reference field's options (by search) or labels (by ids), as records `{ id, label }`. */
  const referenceOptions = async (
    resource: string,
    query: { search?: string; ids?: number[]; organizationId?: number },
    signal?: AbortSignal,
  ) => {
    const { name, field } = referenceOptionsOf(resource)!;
    const call = resourceCalls(definitionOf(name)).references!;
    const body = await http<Result<Option[]>>(url(call.path), {
      method: 'POST',
      signal,
      body: { field, ...query },
    });
    return body.result.map((option) => ({ id: option.value, label: option.label })) as never[];
  };

  return {
    ...base,
    async getList(resource, params) {
      if (!referenceOptionsOf(resource)) return table(definitionOf(resource), params);
      const { q, organizationId } = params.filter ?? {};
      const search = typeof q === 'string' && q.trim() ? q.trim() : undefined;
      // A `within: 'organization'` input's organization, the form's (`inputs.tsx`).
      const organization = typeof organizationId === 'number' ? { organizationId } : {};
      const data = await referenceOptions(resource, { search, ...organization }, params.signal);
      return { data, total: data.length };
    },
    async getMany(resource, params) {
      if (params.ids.length === 0) return { data: [] };
      if (referenceOptionsOf(resource)) {
        const ids = params.ids.map(rowIdOf).filter((id) => id !== undefined);
        return { data: ids.length ? await referenceOptions(resource, { ids }, params.signal) : [] };
      }
      const { data } = await table(definitionOf(resource), {
        pagination: { page: 1, perPage: params.ids.length },
        filter: { ids: params.ids },
        signal: params.signal,
      });
      return { data };
    },
    getManyReference: (resource, params) =>
      table(definitionOf(resource), {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      }),
    getOne: (resource, params) => base.getOne(apiPathOf(definitionOf(resource)), params),
    async create(resource, params) {
      const submission = `${resource}\n${JSON.stringify(params.data)}`;
      const key = unansweredCreates.get(submission) ?? crypto.randomUUID();
      unansweredCreates.set(submission, key);
      try {
        const json = await http<Partial<Result<RaRecord>>>(url(apiPathOf(definitionOf(resource))), {
          method: 'POST',
          body: params.data,
          headers: { 'Idempotency-Key': key },
        });
        unansweredCreates.delete(submission);
        return { data: json?.result as never };
      } catch (error) {
        if (!answerLost(error)) unansweredCreates.delete(submission);
        throw error;
      }
    },
    async update(resource, params) {
      const definition = definitionOf(resource);
      const call = resourceCalls(definition).update;
      const data = { ...params.data, version: versionOf(params.data, params.previousData) };
      const placed = place(call, params.id, data);
      const found = isDefault(definition, call)
        ? (await base.update(apiPathOf(definition), { ...params, data })).data
        : (await http<Partial<Result<RaRecord>>>(placed.url, { method: 'PUT', body: placed.body }))?.result;
      return { data: (found ?? { ...params.previousData, ...params.data, id: params.id }) as never };
    },
    async delete(resource, params) {
      const definition = definitionOf(resource);
      const call = resourceCalls(definition).delete;
      const target = place(call, params.id).url;
      const version = versionOf(undefined, params.previousData);
      const query = version === undefined ? '' : `${target.includes('?') ? '&' : '?'}version=${version}`;
      await http(`${target}${query}`, { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(resource, params) {
      const call = resourceCalls(definitionOf(resource)).deleteMany;
      await http(url(call.path), { method: 'POST', body: { ids: params.ids } });
      return { data: params.ids };
    },
  };
}

/** The CSV of every row matching the list's search, sort and filters (`GET {path}/export`). */
export function exportUrl(
  definition: AnyResource,
  params: { filter: Record<string, unknown>; sort?: { field: string; order: string } },
  scope?: string | number,
) {
  const { q, ...filters } = params.filter;
  const scopeParam = definition.routes?.table?.scopeParam;
  if (scopeParam) delete filters[scopeParam];
  const query = new URLSearchParams({ allSearch: typeof q === 'string' ? q : '' });
  if (params.sort?.field) {
    query.set('sortField', params.sort.field);
    query.set('sortOrder', params.sort.order);
  }
  if (Object.keys(filters).length > 0) query.set('filter', JSON.stringify(filters));
  const path = fillPath(
    resourceCalls(definition).export.path,
    scopeParam ? { [scopeParam]: scope ?? '' } : {},
  );
  return `/api/${path}?${query}`;
}
