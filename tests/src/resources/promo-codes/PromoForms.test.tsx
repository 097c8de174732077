import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, AdminUI, Resource } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usStates } from '../../../../contract/us-states';
import { http as httpClient } from '../../../../src/providers';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { resourceDefinitions } from '../../../../contract/definitions';
import { createDataProvider } from '../../../../src/providers/dataProvider';
import { resources } from '../../../../src/resources';

const promoCodes = resources.find((resource) => resource.name === 'promo-codes')!;

const posted: unknown[] = [];
const server = setupServer(
  http.post('*/api/promo-codes/table', () =>
    HttpResponse.json({ result: { data: [], totalFilteredRecords: 0 } }),
  ),
  http.post('*/api/promo-codes', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posted.push(body);
    return HttpResponse.json({ result: { id: 3, description: null, ...body } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posted.length = 0;
});
afterAll(() => server.close());

// Typing through MUI inputs is slow on a shared machine; these are behaviour tests, not timings.
/** The engine's pages are lazy chunks: the first look waits for them to load, however busy the machine. */
const firstPage = { timeout: 15_000 };

describe('promo code create form', { timeout: 60_000 }, () => {
  it("shows name and organization in uppercase, offers the 50 states, and toasts 'Promo Code {name} created'", async () => {
    render(
      <MemoryRouter initialEntries={['/promo-codes/create']}>
        <AdminContext
          i18nProvider={i18nProvider}
          dataProvider={createDataProvider(httpClient, resourceDefinitions)}
        >
          <AdminUI>
            <Resource name="promo-codes" list={promoCodes.list} create={promoCodes.create}>
              {promoCodes.routes}
            </Resource>
          </AdminUI>
        </AdminContext>
      </MemoryRouter>,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /^Code/ }, firstPage), 'FALL5');
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.type(name, 'Fall Fest');
    expect(name).toHaveValue('FALL FEST');
    expect(name).toHaveAttribute('maxlength', '100');
    await userEvent.type(screen.getByRole('textbox', { name: /^Organization/ }), 'Lincoln High');
    await userEvent.click(screen.getByRole('combobox', { name: /^State/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.filter((option) => option.getAttribute('data-value'))).toHaveLength(usStates.length);
    expect(usStates).toHaveLength(50);
    await userEvent.click(screen.getByRole('option', { name: 'TX - Texas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Promo Code FALL FEST created')).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({
        code: 'FALL5',
        name: 'FALL FEST',
        organization: 'LINCOLN HIGH',
        state: 'TX',
        isActive: true,
      }),
    ]);
  });
});
