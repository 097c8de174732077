import { TitlePortal } from 'react-admin';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../../../../contract/definitions/promo-codes';
import { HistoryPage } from '../../../../src/admin/engine/HistoryPage';
import { appMessages } from '../../../../src/i18n/en';
import { session } from '../../../../src/providers';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { adminUser, meHandler, renderAdmin } from '../../layout/renderAdmin';

const promo = { id: 5, code: 'SPRING', name: 'AUTUMN', organization: 'LINCOLN', state: 'OH', isActive: true };
const entries = [
  {
    id: 11,
    action: 'update',
    at: '2026-11-25T06:41:00.000Z',
    byName: 'Ada Admin',
    changes: [{ field: 'name', before: 'SUMMER', after: 'AUTUMN' }],
  },
];
const conflictMessage = 'Bo Admin changed this promo code at 2026-11-25 06:45 UTC, after you opened it';

let version = 4;
const reads: number[] = [];
const reverts: unknown[] = [];
const server = setupServer(
  meHandler(adminUser),
  http.get('*/api/promo-codes/5', () => {
    reads.push(version);
    return HttpResponse.json({ result: { ...promo, version } });
  }),
  http.get('*/api/promo-codes/5/history', () => HttpResponse.json({ result: entries })),
  http.post('*/api/promo-codes/5/revert', async ({ request }) => {
    reverts.push(await request.json());
    // Someone saved after the page read version 4.
    version = 5;
    return HttpResponse.json(
      {
        result: { current: { ...promo, name: 'WINTER', version } },
        validationFailures: [{ propertyName: '', errorMessage: conflictMessage }],
      },
      { status: 409 },
    );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
  session.reset();
});
afterAll(() => server.close());

describe('the history page', () => {
  it("names the record, the action, the field and a yes or no in the reader's language", async () => {
    await session.refresh();
    await i18nProvider.changeLocale('es');
    try {
      server.use(
        http.get('*/api/promo-codes/5/history', () =>
          HttpResponse.json({
            result: [
              {
                ...entries[0],
                changes: [...entries[0].changes, { field: 'isActive', before: true, after: false }],
              },
            ],
          }),
        ),
      );
      // The page's h1 is the layout's, which its Title fills.
      renderAdmin(
        <>
          <TitlePortal component="h1" />
          <HistoryPage definition={promoCodes} id={5} />
        </>,
      );
      await screen.findByRole('heading', { name: 'Historial de este elemento (Código promocional)' });
      expect(await screen.findByText('Modificar')).toBeInTheDocument();
      expect(screen.getByText('Nombre')).toBeInTheDocument();
      expect(screen.getByText('Activo')).toBeInTheDocument();
      expect(screen.getByText('Sí')).toBeInTheDocument();
    } finally {
      cleanup();
      await i18nProvider.changeLocale('en');
    }
  });

  it('undoes a change naming the version it read, and on a newer one says who changed it and reloads', async () => {
    await session.refresh();
    renderAdmin(<HistoryPage definition={promoCodes} id={5} />);
    const undo = await screen.findByRole('button', { name: appMessages.history.undo });
    await waitFor(() => expect(undo).toBeEnabled());
    await userEvent.click(undo);
    // It asks first, saying which field gets which value back.
    const dialog = await screen.findByRole('dialog', { name: appMessages.history.undoTitle });
    expect(within(dialog).getByText('Name: AUTUMN → SUMMER')).toBeInTheDocument();
    expect(reverts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: appMessages.history.undo }));
    await waitFor(() => expect(reverts).toEqual([{ auditId: 11, version: 4 }]));
    // The server's UTC minute, on the reader's clock.
    const at = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-25T06:45:00Z'),
    );
    expect(
      await screen.findByText(`Bo Admin changed this promo code at ${at}, after you opened it`),
    ).toBeInTheDocument();
    expect(screen.queryByText(appMessages.history.undone)).not.toBeInTheDocument();
    // The record is read again, so the next undo names the newer version.
    await waitFor(() => expect(reads).toContain(5));
  });
});
