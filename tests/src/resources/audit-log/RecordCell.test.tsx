import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { RecordContextProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { applyLocale } from '../../../../src/i18n/locale';
import { RecordCell } from '../../../../src/resources/audit-log/RecordCell';
import { session } from '../../../../src/providers';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { adminUser, meHandler, renderAdmin } from '../../layout/renderAdmin';

const fallCampaign = { id: 100, name: 'Fall spirit week', organizationId: 3, state: 'open', version: 2 };
const organizations = [
  { value: 3, label: 'Lincoln High School' },
  { value: 7, label: 'Riverside Academy' },
];
const server = setupServer(
  meHandler(adminUser),
  // Campaign 100 is still there; promo code 41 was deleted since.
  http.post('*/api/campaigns/table', () =>
    HttpResponse.json({ result: { data: [fallCampaign], totalFilteredRecords: 1 } }),
  ),
  http.post('*/api/promo-codes/table', () =>
    HttpResponse.json({ result: { data: [], totalFilteredRecords: 0 } }),
  ),
  http.post('*/api/campaigns/references', async ({ request }) => {
    const { ids } = (await request.json()) as { ids?: number[] };
    return HttpResponse.json({ result: organizations.filter((option) => ids?.includes(option.value)) });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  session.reset();
  await i18nProvider.changeLocale('en');
});
afterAll(() => server.close());

/** A change's line, whole: 'Field: before → after'. */
const line = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

async function renderEntry(entry: Record<string, unknown>) {
  await session.refresh();
  renderAdmin(
    <RecordContextProvider value={{ id: 1, createdAt: '2026-11-25T06:41:00.000Z', ...entry }}>
      <RecordCell />
    </RecordContextProvider>,
  );
}

describe("an audit log entry's record", () => {
  it('names the record, links to its page and says what changed in labels, not stored values', async () => {
    await renderEntry({
      action: 'update',
      entityType: 'campaign',
      entityId: '100',
      details: {
        name: 'Fall spirit week',
        changes: [
          { field: 'organizationId', before: 3, after: 7 },
          { field: 'state', before: 'scheduled', after: 'open' },
        ],
      },
    });
    const link = await screen.findByRole('link', { name: 'Fall spirit week' });
    expect(link.getAttribute('href')).toBe('/campaigns/update/100');
    expect(
      await screen.findByText(line('Organization: Lincoln High School → Riverside Academy')),
    ).toBeTruthy();
    expect(screen.getByText(line('State: Scheduled → Open'))).toBeTruthy();
    expect(screen.getByText(/^Campaign/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Entity id|#100|\b3 → 7|scheduled → open/);
  });

  it('names a record deleted since by its name then, with no link, in Spanish', async () => {
    await i18nProvider.changeLocale('es');
    await renderEntry({
      action: 'toggle',
      entityType: 'promoCode',
      entityId: '41',
      details: { name: 'SPRING', changes: [{ field: 'isActive', before: true, after: false }] },
    });
    const cell = await screen.findByText('SPRING');
    expect(within(cell.parentElement!).queryByRole('link')).toBeNull();
    expect(screen.getByText(line('Activo: Sí → No'))).toBeTruthy();
    expect(screen.getByText(/^Código promocional/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("says why a storefront's order was refused, by its order number, in Spanish too", async () => {
    await i18nProvider.changeLocale('es');
    await applyLocale('es');
    onTestFinished(() => applyLocale('en'));
    await renderEntry({
      action: 'shopify-rejected',
      entityType: 'shopify-order',
      entityId: '1280003',
      details: { orderNumber: '#1280003', reason: "Size 'XXL' is not one of S, M, L, XL, 2XL" },
    });
    expect(await screen.findByText('#1280003')).toBeTruthy();
    expect(screen.getByText(/^Pedido de Shopify/)).toBeTruthy();
    expect(screen.getByText("La talla 'XXL' no es ninguna de S, M, L, XL, 2XL")).toBeTruthy();
  });
});
