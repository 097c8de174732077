import { HttpError } from 'ra-core';
import type { ValidationFailure } from '../../contract/common';
import { currentMessages, localizeMessage } from '../i18n/locale';
import { localizeBody } from '../i18n/localizeBody';

export type NotifyType = 'error' | 'info' | 'success' | 'warning';

export interface HttpClientHooks {
  /** `afterNavigation`: the toast belongs to the page the hook below is sending the user to. */
  notify: (message: string, type: NotifyType, options?: { afterNavigation?: boolean }) => void;
  /** After a 401: reset the authentication state and send the user to the login page. */
  onUnauthorized: () => void;
  /** After a 403: go to /403. */
  onForbidden: () => void;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Skip the error catalogue's side effects (the initial "who am I" check expects 401s). */
  silent?: boolean;
}

export type HttpClient = <T = unknown>(url: string, options?: RequestOptions) => Promise<T>;

/** Failures this client has already told the user about; no caller toasts them a second time. */
const toasted = new WeakSet<object>();
export const wasToasted = (error: unknown) =>
  typeof error === 'object' && error !== null && toasted.has(error);

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** react-admin forms show `body.errors` next to the fields they name. */
function formErrorsOf(failures: ValidationFailure[]) {
  const errors: Record<string, unknown> = {};
  for (const failure of failures) {
    if (!failure.propertyName) continue;
    const path = failure.propertyName.split('.');
    let node = errors;
    for (const part of path.slice(0, -1)) {
      node[part] = (node[part] as Record<string, unknown>) ?? {};
      node = node[part] as Record<string, unknown>;
    }
    node[path[path.length - 1]] ??= failure.errorMessage;
  }
  return errors;
}

/**
 * fetch with the spec's error catalogue (section 8): 400 toasts failures without a
 * property name, 401 resets sign-in, 403 goes to /403, 5xx toasts; cancelled requests are ignored.
 */
export function createHttpClient(
  hooks: HttpClientHooks,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): HttpClient {
  return async function http<T>(url: string, options: RequestOptions = {}): Promise<T> {
    const { body, silent, headers, ...init } = options;
    const requestHeaders = new Headers(headers);
    requestHeaders.set('Accept', 'application/json');
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      requestHeaders.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetchImpl(url, {
        credentials: 'same-origin',
        ...init,
        headers: requestHeaders,
        body: payload,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      const failure = new HttpError(currentMessages().errors.network, 0, {});
      if (!silent) {
        hooks.notify(currentMessages().errors.network, 'error');
        toasted.add(failure);
      }
      throw failure;
    }
    const text = await response.text();
    let json: Record<string, unknown>;
    try {
      // The API writes its messages in the spec's English for every client; the user reads them in theirs.
      json = localizeBody(text ? JSON.parse(text) : {}, localizeMessage);
    } catch {
      json = {};
    }
    if (response.ok) return json as T;

    const status = response.status;
    const failures = (json.validationFailures as ValidationFailure[] | undefined) ?? [];
    const message =
      failures[0]?.errorMessage ?? (typeof json.message === 'string' ? json.message : response.statusText);
    const error = new HttpError(message, status, { ...json, errors: formErrorsOf(failures) });
    if (silent) throw error;
    if (status === 400) {
      const general = failures.filter((f) => !f.propertyName);
      for (const failure of general) {
        hooks.notify(`${currentMessages().errors.badRequestPrefix}${failure.errorMessage}`, 'error');
      }
      if (general.length > 0) toasted.add(error);
    } else if (status === 401) {
      hooks.onUnauthorized();
      hooks.notify(currentMessages().errors.unauthorized, 'error', { afterNavigation: true });
      toasted.add(error);
    } else if (status === 403) {
      hooks.onForbidden();
      hooks.notify(currentMessages().errors.forbidden, 'error', { afterNavigation: true });
      toasted.add(error);
    } else if (status >= 500) {
      hooks.notify(currentMessages().errors.server, 'error');
      toasted.add(error);
    }
    throw error;
  };
}
