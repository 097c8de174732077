import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, AdminUI, Resource } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http as httpClient } from '../../../../src/providers';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { definitionOf, resourceDefinitions } from '../../../../contract/definitions';
import { createDataProvider } from '../../../../src/providers/dataProvider';
import { resources } from '../../../../src/resources';

const settingsDefinition = definitionOf('settings')!;
const settings = resources.find((resource) => resource.name === 'settings')!;

const posted: unknown[] = [];
const put: unknown[] = [];
const server = setupServer(
  http.post('*/api/settings/table', () =>
    HttpResponse.json({ result: { data: [], totalFilteredRecords: 0 } }),
  ),
  http.post('*/api/settings', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posted.push(body);
    return HttpResponse.json({ result: { id: 9, ...body } });
  }),
  http.get('*/api/settings/9', () =>
    HttpResponse.json({ result: { id: 9, key: 'ShopBanner', value: 'Old', isEnabled: true } }),
  ),
  http.put('*/api/settings/9', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    put.push(body);
    return HttpResponse.json({
      result: { id: 9, key: 'ShopBanner', value: body.value, isEnabled: body.isEnabled },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posted.length = 0;
  put.length = 0;
});
afterAll(() => server.close());

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        i18nProvider={i18nProvider}
        dataProvider={createDataProvider(httpClient, resourceDefinitions)}
      >
        <AdminUI>
          <Resource name="settings" list={settings.list} create={settings.create}>
            {settings.routes}
          </Resource>
        </AdminUI>
      </AdminContext>
    </MemoryRouter>,
  );
}

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

// Typing through MUI inputs is slow on a shared machine; these are behaviour tests, not timings.
/** The engine's pages are lazy chunks: the first look waits for them to load, however busy the machine. */
const firstPage = { timeout: 15_000 };

describe('setting forms', { timeout: 60_000 }, () => {
  it('requires key and value, and limits the key to 100 characters, before calling the server', async () => {
    renderAt('/settings/create');
    const key = await screen.findByRole('textbox', { name: /^Key/ }, firstPage);
    expect(key).toHaveAttribute('maxlength', '100');
    await userEvent.type(textbox(settingsDefinition.fields.value.label), 'Back to school');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Key is required')).toBeInTheDocument();
    await userEvent.type(key, 'ShopBanner');
    await userEvent.clear(textbox(settingsDefinition.fields.value.label));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("creates a setting and toasts 'Setting {key} created'", async () => {
    renderAt('/settings/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Key/ }, firstPage), 'ShopBanner');
    await userEvent.type(textbox(settingsDefinition.fields.value.label), 'Back to school');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Setting ShopBanner created')).toBeInTheDocument();
    expect(posted).toEqual([{ key: 'ShopBanner', value: 'Back to school', isEnabled: true }]);
  });

  it("loads the setting by id with the key read-only, and toasts 'Setting {key} updated'", async () => {
    renderAt('/settings/update/9');
    const value = await screen.findByDisplayValue('Old', {}, firstPage);
    expect(screen.getByDisplayValue('ShopBanner')).toBeDisabled();
    await userEvent.clear(value);
    await userEvent.type(value, 'New');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Setting ShopBanner updated')).toBeInTheDocument();
    await waitFor(() => expect(put).toEqual([expect.objectContaining({ value: 'New', isEnabled: true })]));
  });
});
