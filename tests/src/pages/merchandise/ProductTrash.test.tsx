import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrashedProduct } from '../../../../contract/merchandise';
import { appMessages } from '../../../../src/i18n/en';
import { ProductTrash } from '../../../../src/pages/merchandise/ProductTrash';
import { i18nProvider } from '../../../../src/providers/i18nProvider';

const trashed: TrashedProduct = {
  id: 4,
  version: 2,
  title: 'Lincoln Tee',
  description: 'Our crest on a tee',
  price: 24.99,
  media: [{ imageUrl: '/full.png', thumbnailUrl: '/thumb.png' }],
  createdAt: '2026-11-22T10:00:00.000Z',
  baseApparelId: 1,
  logoId: 2,
  organizationId: 3,
  status: 'ready',
  reviewState: 'draft',
  reviewComment: null,
  pendingChanges: null,
  placement: { x: 0.5, y: 0.458333, width: 0.25, rotation: 0 },
  layers: [],
  colours: [],
  printFiles: [],
  preflight: null,
  preflightUrl: null,
  deletedAt: '2026-11-23T09:30:00.000Z',
  deletedByName: 'Dee Director',
};

/** A server whose trash holds `trashed` until a restore or purge empties it. */
function fakeServer(purgeAnswer?: Response) {
  let inTrash = [trashed];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/merchandise/trash'))
      return new Response(JSON.stringify({ result: inTrash }), { status: 200 });
    if (url.endsWith('/purge-many') && purgeAnswer) return purgeAnswer;
    inTrash = [];
    const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
    return new Response(JSON.stringify({ result: { count: ids.length } }), { status: 200 });
  });
}

const renderTrash = () =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ProductTrash organizationId={3} />
      <Notification />
    </AdminContext>,
  );

afterEach(() => vi.restoreAllMocks());

describe('the product trash', () => {
  it('shows an archived product with its picture and who archived it, and restores it', async () => {
    const fetch = fakeServer();
    renderTrash();
    expect(await screen.findByRole('img', { name: 'Lincoln Tee' })).toHaveAttribute('src', '/thumb.png');
    expect(screen.getByText(/Dee Director/)).toBeInTheDocument();
    expect(fetch.mock.calls[0][0]).toBe('/api/merchandise/trash?organizationId=3');
    await userEvent.click(screen.getByRole('button', { name: `${appMessages.trash.restore} Lincoln Tee` }));
    expect(await screen.findByText(appMessages.trash.empty)).toBeInTheDocument();
    const restore = fetch.mock.calls.find(([url]) => String(url).endsWith('/restore-many'));
    expect(JSON.parse(String(restore?.[1]?.body))).toEqual({ ids: [4] });
  });

  it('deletes forever only after the confirmation, and says why the server refused', async () => {
    const refusal = 'Lincoln Tee has orders, so it stays in the trash for them and cannot be deleted forever';
    fakeServer(
      new Response(
        JSON.stringify({
          title: 'Bad request',
          validationFailures: [{ propertyName: 'ids', errorMessage: refusal }],
        }),
        { status: 400 },
      ),
    );
    renderTrash();
    await userEvent.click(
      await screen.findByRole('button', { name: `${appMessages.trash.deleteForever} Lincoln Tee` }),
    );
    // One record is one record, not 'The 1 selected records'.
    expect(await screen.findByText('The selected record will be deleted forever.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: appMessages.trash.deleteForever }));
    await waitFor(() => expect(screen.getByText(refusal, { exact: false })).toBeInTheDocument());
    expect(screen.getAllByTestId('trashed-product')).toHaveLength(1);
  });
});
