import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { MerchandiseProduct } from '../../../../contract/merchandise';
import { appMessages } from '../../../../src/i18n/en';
import { appMessages as esMessages } from '../../../../src/i18n/es';
import { applyLocale } from '../../../../src/i18n/locale';
import { ProductCard } from '../../../../src/pages/merchandise/ProductCard';
import { i18nProvider } from '../../../../src/providers/i18nProvider';

const product = (overrides: Partial<MerchandiseProduct> = {}): MerchandiseProduct => ({
  id: 4,
  version: 1,
  title: 'Lincoln Tee',
  description: 'Our crest on a tee',
  price: 1234.5,
  media: [],
  createdAt: '2026-11-22T10:00:00.000Z',
  baseApparelId: 1,
  logoId: 2,
  organizationId: 3,
  status: 'processing',
  reviewState: 'draft',
  reviewComment: null,
  pendingChanges: null,
  placement: { x: 0.5, y: 0.458333, width: 0.25, rotation: 0 },
  layers: [],
  colours: [],
  printFiles: [],
  preflight: null,
  preflightUrl: null,
  ...overrides,
});

function renderCard(value: MerchandiseProduct, onRefresh = vi.fn()) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ProductCard product={value} onRefresh={onRefresh} />
    </AdminContext>,
  );
  return onRefresh;
}

describe('merchandise product card', () => {
  it(`shows a product without an image as a placeholder whose '${appMessages.merchandise.refresh}' refetches`, async () => {
    const onRefresh = renderCard(product());
    expect(screen.getByText(appMessages.merchandise.processing)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: appMessages.merchandise.refresh }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows title, image, description and the price in dollars with commas', () => {
    renderCard(
      product({
        status: 'ready',
        media: [{ imageUrl: '/api/merchandise/media/merchandise-images/a', thumbnailUrl: '/thumb.png' }],
      }),
    );
    expect(screen.getByRole('img', { name: 'Lincoln Tee' })).toHaveAttribute('src', '/thumb.png');
    expect(screen.getByText('Our crest on a tee')).toBeInTheDocument();
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: appMessages.merchandise.refresh })).toBeNull();
  });

  it("says a new title, description and price wait for a reviewer, and shows a reviewer's comment once decided", () => {
    renderCard(
      product({
        reviewState: 'submitted',
        pendingChanges: { title: 'Crest Tee', description: 'New', price: 30, returnTo: 'published' },
      }),
    );
    expect(screen.getByText(appMessages.reviews.pendingNote)).toBeInTheDocument();
    // The card shows what sells now, not what waits.
    expect(screen.getByText('Lincoln Tee')).toBeInTheDocument();
    expect(screen.queryByText('Crest Tee')).toBeNull();
  });

  it("shows the reviewer's comment on a product whose change was sent back", () => {
    renderCard(product({ reviewState: 'published', reviewComment: 'Keep the price' }));
    expect(screen.getByText('Keep the price')).toBeInTheDocument();
  });

  it('opens the Details modal with the full image', async () => {
    renderCard(
      product({
        status: 'ready',
        media: [{ imageUrl: '/full.png', thumbnailUrl: '/thumb.png' }],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: appMessages.merchandise.details }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/full.png');
    expect(dialog).toHaveTextContent('$1,234.50');
  });

  it('tells a failed product apart from one still processing', () => {
    renderCard(product({ status: 'failed' }));
    expect(screen.getByText(appMessages.merchandise.failed)).toBeInTheDocument();
  });

  it(`offers '${appMessages.merchandise.tryAgain}' on a failed product, which processes it again and refetches`, async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ result: product() }), { status: 200 }));
    const onRefresh = renderCard(product({ status: 'failed' }));
    await userEvent.click(screen.getByRole('button', { name: appMessages.merchandise.tryAgain }));
    await waitFor(() => expect(onRefresh).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0][0]).toBe('/api/merchandise/4/retry');
    expect(fetch.mock.calls[0][1]?.method).toBe('POST');
    fetch.mockRestore();
  });

  it('offers no Try again while the product is processing', () => {
    renderCard(product());
    expect(screen.queryByRole('button', { name: appMessages.merchandise.tryAgain })).toBeNull();
  });

  it('shows a swatch per colour on the card, each switching its picture', async () => {
    renderCard(
      product({
        status: 'ready',
        media: [{ imageUrl: '/grey.png', thumbnailUrl: '/grey-thumb.png' }],
        colours: [
          { name: 'Athletic Grey', hex: '#5b5b5b', imageUrl: '/grey.png', thumbnailUrl: '/grey-thumb.png' },
          { name: 'Navy', hex: '#003366', imageUrl: '/navy.png', thumbnailUrl: '/navy-thumb.png' },
        ],
      }),
    );
    expect(screen.getByRole('img')).toHaveAttribute('src', '/grey-thumb.png');
    await userEvent.click(screen.getByRole('button', { name: 'Show in Navy' }));
    expect(screen.getByRole('img')).toHaveAttribute('src', '/navy-thumb.png');
    expect(screen.getByRole('button', { name: 'Show in Navy' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the print file of each printed side in Details once they exist', async () => {
    renderCard(
      product({
        status: 'ready',
        media: [{ imageUrl: '/full.png', thumbnailUrl: null }],
        printFiles: [
          { side: 'front', url: '/api/merchandise/4/print-file/front' },
          { side: 'back', url: '/api/merchandise/4/print-file/back' },
        ],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: appMessages.merchandise.details }));
    const front = await screen.findByRole('link', { name: appMessages.merchandise.downloadPrint.front });
    expect(front).toHaveAttribute('href', '/api/merchandise/4/print-file/front');
    const back = screen.getByRole('link', { name: appMessages.merchandise.downloadPrint.back });
    expect(back).toHaveAttribute('href', '/api/merchandise/4/print-file/back');
  });

  it('edits the title, description and price from Details with the version it read, and refetches after saving', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ result: product() }), { status: 200 }));
    const onRefresh = renderCard(
      product({ status: 'ready', media: [{ imageUrl: '/full.png', thumbnailUrl: null }] }),
    );
    await userEvent.click(screen.getByRole('button', { name: appMessages.merchandise.details }));
    await userEvent.click(await screen.findByRole('button', { name: appMessages.merchandise.edit }));
    const price = screen.getByRole('textbox', { name: appMessages.merchandise.price });
    await userEvent.clear(price);
    await userEvent.type(price, '30');
    await userEvent.click(screen.getByRole('button', { name: appMessages.merchandise.save }));
    await waitFor(() => expect(onRefresh).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0][0]).toBe('/api/merchandise/4');
    expect(fetch.mock.calls[0][1]?.method).toBe('PUT');
    expect(JSON.parse(fetch.mock.calls[0][1]?.body as string)).toEqual({
      title: 'Lincoln Tee',
      description: 'Our crest on a tee',
      price: 30,
      version: 1,
    });
    fetch.mockRestore();
  });

  it('archives the product from Details, naming the version it read', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ result: { id: 4 } }), { status: 200 }));
    const onRefresh = renderCard(
      product({ status: 'ready', media: [{ imageUrl: '/full.png', thumbnailUrl: null }] }),
    );
    await userEvent.click(screen.getByRole('button', { name: appMessages.merchandise.details }));
    await userEvent.click(await screen.findByRole('button', { name: appMessages.merchandise.archive }));
    await waitFor(() => expect(onRefresh).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0][0]).toBe('/api/merchandise/4/archive?version=1');
    fetch.mockRestore();
  });
});

describe('merchandise product details in Spanish', () => {
  it("names the seed's colours and description in Spanish, and keeps what a person typed", async () => {
    // The catalogue's words and the app's own messages, as LocaleSync switches both.
    await act(() => i18nProvider.changeLocale('es'));
    await act(() => applyLocale('es'));
    try {
      renderCard(
        product({
          status: 'ready',
          description: 'Heavyweight 100% cotton crew neck t-shirt.',
          media: [{ imageUrl: '/royal.png', thumbnailUrl: '/royal-thumb.png' }],
          colours: [
            { name: 'Royal', hex: '#2251a3', imageUrl: '/royal.png', thumbnailUrl: '/royal-thumb.png' },
            { name: 'White', hex: '#ffffff', imageUrl: '/white.png', thumbnailUrl: '/white-thumb.png' },
            { name: 'Teal Heather', hex: '#3a8f8f', imageUrl: '/teal.png', thumbnailUrl: null },
          ],
        }),
      );
      await userEvent.click(screen.getByRole('button', { name: esMessages.merchandise.details }));
      const dialog = await screen.findByRole('dialog');
      const captions = [...dialog.querySelectorAll('figcaption')].map((caption) => caption.textContent);
      expect(captions).toEqual([
        esMessages.seededApparel.colours.royal,
        esMessages.seededApparel.colours.white,
        'Teal Heather',
      ]);
      expect(dialog).toHaveTextContent(esMessages.seededApparel.descriptions.classicCottonTee);
    } finally {
      await act(() => i18nProvider.changeLocale('en'));
      await act(() => applyLocale('en'));
    }
  });
});
