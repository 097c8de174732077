import { afterEach, describe, expect, it, vi } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { appMessages as spanish } from '../../../src/i18n/es';
import { applyLocale } from '../../../src/i18n/locale';
import { createHttpClient } from '../../../src/providers/httpClient';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

function setup(fetchImpl: typeof fetch) {
  const hooks = { notify: vi.fn(), onUnauthorized: vi.fn(), onForbidden: vi.fn() };
  return { hooks, http: createHttpClient(hooks, fetchImpl) };
}

afterEach(() => applyLocale('en'));

describe('httpClient: the error catalogue of section 8', () => {
  it('returns the parsed body and sends objects as JSON with the session cookie', async () => {
    const fetchImpl = respond(200, { result: { ok: 1 } });
    const { http } = setup(fetchImpl);
    expect(await http('/api/x', { method: 'POST', body: { a: 1 } })).toEqual({ result: { ok: 1 } });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"a":1}');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it("400: toasts 'Error: ' plus each failure without a property name, and maps the rest to form errors", async () => {
    const { http, hooks } = setup(
      respond(400, {
        result: null,
        validationFailures: [
          { propertyName: '', errorMessage: 'Something is off' },
          { propertyName: 'name.firstName', errorMessage: 'First name is required' },
        ],
      }),
    );
    type Failure = { status: number; message: string; body: { errors: unknown } };
    const error = (await http('/api/x').catch((e: unknown) => e)) as Failure;
    expect(hooks.notify).toHaveBeenCalledTimes(1);
    expect(hooks.notify).toHaveBeenCalledWith('Error: Something is off', 'error');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Something is off');
    expect(error.body.errors).toEqual({ name: { firstName: 'First name is required' } });
  });

  it("shows the server's English messages in the user's language, leaving the records alone", async () => {
    await applyLocale('es');
    const { http, hooks } = setup(
      respond(400, {
        result: null,
        validationFailures: [
          { propertyName: '', errorMessage: 'Body is required' },
          { propertyName: 'title', errorMessage: 'Title must be at most 200 characters' },
        ],
      }),
    );
    type Failure = { message: string; body: { errors: unknown } };
    const error = (await http('/api/x').catch((e: unknown) => e)) as Failure;
    expect(hooks.notify).toHaveBeenCalledWith(`Error: ${spanish.serverMessages.bodyRequired}`, 'error');
    expect(error.message).toBe(spanish.serverMessages.bodyRequired);
    expect(error.body.errors).toEqual({ title: 'Título: debe tener como máximo 200 caracteres' });
    const limited = setup(
      respond(429, { result: null, message: 'Too many attempts. Try again in a few minutes.' }),
    );
    await expect(limited.http('/api/x')).rejects.toMatchObject({
      message: spanish.serverMessages.tooManyAttempts,
    });
    const record = { result: { id: 1, title: 'Body is required' } };
    expect(await setup(respond(200, record)).http('/api/x')).toEqual(record);
  });

  it("401: toasts 'You need to login to view this page' on the sign-in page it sends the user to", async () => {
    const { http, hooks } = setup(respond(401, { result: null, message: 'x' }));
    await expect(http('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(hooks.notify).toHaveBeenCalledWith(appMessages.errors.unauthorized, 'error', {
      afterNavigation: true,
    });
    expect(appMessages.errors.unauthorized).toBe('You need to login to view this page');
    expect(hooks.onUnauthorized).toHaveBeenCalled();
  });

  it("403: goes to /403 and toasts 'You are not authorized to do this.' there", async () => {
    const { http, hooks } = setup(respond(403, { result: null, message: 'x' }));
    await expect(http('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(hooks.notify).toHaveBeenCalledWith('You are not authorized to do this.', 'error', {
      afterNavigation: true,
    });
    expect(hooks.onForbidden).toHaveBeenCalled();
  });

  it('500: toasts the contact-support text', async () => {
    const { http, hooks } = setup(respond(500, { result: null, message: 'boom' }));
    await expect(http('/api/x')).rejects.toMatchObject({ status: 500 });
    expect(hooks.notify).toHaveBeenCalledWith(
      'Something went wrong talking to the portal. Contact support if this continues.',
      'error',
    );
  });

  it('ignores cancelled requests', async () => {
    const { http, hooks } = setup(
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(http('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
    expect(hooks.notify).not.toHaveBeenCalled();
  });

  it('stays silent when asked (the first "who am I" check expects a 401)', async () => {
    const { http, hooks } = setup(respond(401, { result: null, message: 'x' }));
    await expect(http('/api/x', { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });
});
