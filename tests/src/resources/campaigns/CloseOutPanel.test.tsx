import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CloseOut } from '../../../../contract/campaigns';
import { appMessages } from '../../../../src/i18n/en';
import { session } from '../../../../src/providers';
import { CloseOutPanel } from '../../../../src/resources/campaigns/CloseOutPanel';
import { directorUser, meHandler, renderAdmin } from '../../layout/renderAdmin';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const text = appMessages.campaigns;

const missingPrint = "The close-out's print-files/Lincoln Tee-back.png is missing from the file store";

const closeOut = (status: CloseOut['package']['status']): CloseOut => ({
  orders: 31,
  units: 40,
  products: [
    {
      productId: 11,
      title: 'Lincoln Hoodie',
      minimum: 24,
      units: 30,
      met: true,
      fundraising: 12,
      raised: 360,
    },
    { productId: 12, title: 'Lincoln Tee', minimum: 24, units: 10, met: false, fundraising: 5, raised: 50 },
  ],
  counts: [
    { productId: 11, title: 'Lincoln Hoodie', colour: 'Navy', size: 'M', units: 18 },
    { productId: 11, title: 'Lincoln Hoodie', colour: 'Navy', size: 'L', units: 12 },
    { productId: 12, title: 'Lincoln Tee', colour: 'White', size: 'S', units: 10 },
  ],
  raised: 410,
  platformShare: 41,
  outsideWindow: 0,
  package: {
    status,
    builtAt: status === 'ready' ? '2026-11-28T10:00:00.000Z' : null,
    bytes: status === 'ready' ? 5000 : null,
    error: status === 'failed' ? missingPrint : null,
  },
});

/** Answers each status in turn, the last one from then on. */
function closeOutHandler(...statuses: CloseOut['package']['status'][]) {
  let call = 0;
  return http.get('*/api/campaigns/4/close-out', () =>
    HttpResponse.json({ result: closeOut(statuses[Math.min(call++, statuses.length - 1)]) }),
  );
}

async function renderPanel(editable = true) {
  await session.refresh();
  renderAdmin(<CloseOutPanel id={4} editable={editable} />);
  return screen.findByRole('region', { name: text.closeOut });
}

describe('campaign close-out panel', () => {
  it("shows orders, units, the money raised and the platform's share, each minimum met or to be refunded, and the counts by colour and size", async () => {
    server.use(meHandler(directorUser), closeOutHandler('ready'));
    const panel = await renderPanel();
    await within(panel).findByText('$410.00');
    expect(within(panel).getByText('31')).toBeInTheDocument();
    expect(within(panel).getByText('40')).toBeInTheDocument();
    expect(within(panel).getByText("Platform's share (10%)")).toBeInTheDocument();
    expect(within(panel).getByText('$41.00')).toBeInTheDocument();
    const minimums = within(panel).getAllByRole('listitem');
    expect(minimums[0]).toHaveTextContent(`Lincoln Hoodie30 of 24 sold${text.met}`);
    expect(minimums[1]).toHaveTextContent(`Lincoln Tee10 of 24 sold${text.notMet}${text.willBeRefunded}`);
    const table = within(panel).getByRole('table', { name: text.byColourAndSize });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Lincoln HoodieNavyM18', 'Lincoln HoodieNavyL12', 'Lincoln TeeWhiteS10']);
    expect(within(panel).getByRole('link', { name: text.downloadPackage })).toHaveAttribute(
      'href',
      '/api/campaigns/4/close-out/package',
    );
  });

  it('says the package is being prepared, and offers the download once it is built', async () => {
    server.use(meHandler(directorUser), closeOutHandler('building', 'ready'));
    const panel = await renderPanel();
    expect(await within(panel).findByRole('status')).toHaveTextContent(text.preparing);
    expect(within(panel).queryByRole('link', { name: text.downloadPackage })).not.toBeInTheDocument();
    // Asked again while building, every few seconds.
    expect(
      await within(panel).findByRole('link', { name: text.downloadPackage }, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });

  it('says why a package failed, and builds it again for whoever may change the window', async () => {
    let asked = 0;
    server.use(
      meHandler(directorUser),
      closeOutHandler('failed'),
      http.post('*/api/campaigns/4/close-out/package', () => {
        asked += 1;
        return HttpResponse.json({ result: closeOut('building') });
      }),
    );
    const panel = await renderPanel();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(text.packageFailed.replace('%{error}', missingPrint));
    fireEvent.click(within(alert).getByRole('button', { name: text.buildAgain }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(text.preparing);
    expect(asked).toBe(1);
  });

  it('offers no rebuild to whoever may only read the window', async () => {
    server.use(meHandler(directorUser), closeOutHandler('failed'));
    const panel = await renderPanel(false);
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});
