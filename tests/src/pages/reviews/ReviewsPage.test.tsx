import { render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewQueueItem } from '../../../../contract/merchandise';
import { appMessages } from '../../../../src/i18n/en';
import { ReviewsPage } from '../../../../src/pages/reviews/ReviewsPage';
import { i18nProvider } from '../../../../src/providers/i18nProvider';

const item = (overrides: Partial<ReviewQueueItem> = {}): ReviewQueueItem => ({
  id: 4,
  version: 3,
  title: 'Lincoln Tee',
  description: 'Our crest on a tee',
  price: 24.99,
  media: [{ imageUrl: '/full.png', thumbnailUrl: '/thumb.png' }],
  createdAt: '2026-11-22T10:00:00.000Z',
  baseApparelId: 1,
  logoId: 2,
  organizationId: 3,
  organizationName: 'Lincoln High School',
  status: 'ready',
  reviewState: 'submitted',
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

function renderQueue(items: ReviewQueueItem[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ result: items }), { status: 200 }),
  );
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ReviewsPage />
    </AdminContext>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the review queue', () => {
  it("shows a product on sale's waiting title, description and price against its current ones", async () => {
    renderQueue([
      item({
        pendingChanges: { title: 'Crest Tee', description: 'Now in blue', price: 30, returnTo: 'published' },
      }),
    ]);
    const changes = await screen.findByRole('region', { name: appMessages.reviews.pending });
    const rows = within(changes)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['', appMessages.reviews.now, appMessages.reviews.proposed],
      [appMessages.merchandise.productTitle, 'Lincoln Tee', 'Crest Tee'],
      [appMessages.merchandise.description, 'Our crest on a tee', 'Now in blue'],
      [appMessages.merchandise.price, '$24.99', '$30.00'],
    ]);
  });

  it('shows no comparison for a new design', async () => {
    renderQueue([item()]);
    await screen.findByRole('heading', { name: 'Lincoln Tee' });
    expect(screen.queryByRole('region', { name: appMessages.reviews.pending })).toBeNull();
  });
});
