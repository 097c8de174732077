import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../../src/i18n/en';
import { DashboardPage } from '../../../../src/pages/dashboard/DashboardPage';
import { session } from '../../../../src/providers';
import { adminUser, directorUser, meHandler, renderAdmin } from '../../layout/renderAdmin';

/** No store window unless a test says otherwise. */
const windowsHandler = (campaigns: unknown[] = []) =>
  http.get('*/api/campaigns/card', () => HttpResponse.json({ result: { campaigns } }));

const server = setupServer(windowsHandler());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const text = appMessages.dashboard;

const dashboard = (dataElements: unknown[]) =>
  http.get('*/api/dashboard', () => HttpResponse.json({ result: { dataElements } }));

const specCards = [
  { dashboardDataType: 'UserDetails', id: 1, fullName: 'Ada Admin', email: 'admin@example.com' },
  { dashboardDataType: 'UserRoles', roles: ['Admin'] },
  { dashboardDataType: 'UserCount', numberOfUsers: 1234 },
];

/** 30 days ending 2026-11-30, sales on two of them. */
const salesDays = Array.from({ length: 30 }, (_, index) => ({
  date: `2026-11-${String(index + 1).padStart(2, '0')}`,
  revenue: index === 9 ? 1200.5 : index === 19 ? 99.5 : 0,
  orders: index === 9 ? 3 : index === 19 ? 1 : 0,
}));
const noSalesDays = salesDays.map((day) => ({ ...day, revenue: 0, orders: 0 }));
const operations = { productsProcessing: 2, productsFailed: 1, jobsWaiting: 4, jobsFailed: 3 };

interface SalesFixture {
  days: typeof salesDays;
  topProducts: {
    productId: number;
    title: string;
    thumbnailUrl: string | null;
    unitsSold: number;
    previousUnitsSold?: number;
  }[];
  operations: typeof operations | null;
  previous?: { revenue: number; orders: number };
}

/**
 * `GET dashboard/sales` of November 2026 compared with October, recording the organization
 * each call asked for ('' for none) and, in `periods`, the period.
 */
function salesHandler(fixture: SalesFixture, asked: string[] = [], periods: string[] = []) {
  return http.get('*/api/dashboard/sales', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query.get('organizationId') ?? '');
    periods.push(query.get('period') ?? '');
    return HttpResponse.json({
      result: {
        ...fixture,
        from: fixture.days[0].date,
        to: fixture.days.at(-1)!.date,
        previous: { from: '2026-10-02', to: '2026-10-31', revenue: 0, orders: 0, ...fixture.previous },
        topProducts: fixture.topProducts.map((product) => ({ previousUnitsSold: 0, ...product })),
      },
    });
  });
}

const regionNames = () => screen.getAllByRole('region').map((card) => card.getAttribute('aria-label'));

describe('dashboard', () => {
  it('shows an Admin the cards in order, with Update Account and View Users links', async () => {
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler({ days: salesDays, topProducts: [], operations }),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    await screen.findByText('1,234');
    expect(regionNames().slice(0, 3)).toEqual([text.primaryInfo, text.assignedRoles, text.userCount]);
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.updateAccount })).toHaveAttribute(
      'href',
      '/admin/users/update/1',
    );
    expect(screen.getByRole('link', { name: text.viewUsers })).toHaveAttribute('href', '/admin/users');
  });

  it('shows N/A for an empty name and no Update Account link to an AthleticDirector', async () => {
    server.use(
      meHandler(directorUser),
      dashboard([
        { dashboardDataType: 'UserDetails', id: 2, fullName: null, email: 'ad@example.com' },
        { dashboardDataType: 'UserRoles', roles: ['AthleticDirector'] },
      ]),
      salesHandler({ days: noSalesDays, topProducts: [], operations: null }),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    expect(await screen.findByText(text.notAvailable)).toBeInTheDocument();
    expect(screen.getByText('Athletic Director')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: text.updateAccount })).not.toBeInTheDocument();
    expect(screen.queryByText(text.userCount)).not.toBeInTheDocument();
  });

  it("toasts 'There was a problem loading your dashboard information.' when loading fails", async () => {
    server.use(
      meHandler(adminUser),
      http.get('*/api/dashboard', () => HttpResponse.json({ result: null }, { status: 500 })),
      salesHandler({ days: noSalesDays, topProducts: [], operations }),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    // Once as the toast and once in place of the cards.
    await waitFor(() => expect(screen.getAllByText(appMessages.errors.dashboardLoad)).toHaveLength(2));
    expect(screen.queryByText(appMessages.errors.server)).not.toBeInTheDocument();
  });
});

describe('dashboard sales', () => {
  it('follows the spec cards with Sales, Store windows and Operations for an Admin, six cards in all, for all organizations when none is selected', async () => {
    const asked: string[] = [];
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler({ days: salesDays, topProducts: [], operations }, asked),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    await screen.findByText('$1,300.00 from 4 orders');
    expect(regionNames()).toEqual([
      text.primaryInfo,
      text.assignedRoles,
      text.userCount,
      text.sales,
      text.storeWindows,
      text.operations,
    ]);
    expect(asked).toEqual(['']);
  });

  it('announces the Sales figures of another period: the range and totals are a status region', async () => {
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler({ days: salesDays, topProducts: [], operations }),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const sales = await screen.findByRole('region', { name: text.sales });
    await waitFor(() =>
      expect(within(sales).getByRole('status')).toHaveTextContent('$1,300.00 from 4 orders'),
    );
  });

  it('gives the Sales chart a text alternative: a summary of the figures, and a table of every day behind a button, for the keyboard as for a screen reader', async () => {
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler({ days: salesDays, topProducts: [], operations }),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const chart = await screen.findByRole('img', {
      name: 'Revenue and orders per day from Nov 1 to Nov 30: $1,300.00 from 4 orders in all; the best day was Nov 10 with $1,200.50.',
    });
    expect(chart).toBeInTheDocument();
    // Hidden until asked for: a hidden table of every day left a page's length of blank scroll.
    expect(screen.queryByRole('table', { name: text.salesTable })).not.toBeInTheDocument();
    const show = screen.getByRole('button', { name: text.showSalesTable, expanded: false });
    await userEvent.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: text.salesTable });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const tenth = within(table).getByRole('row', { name: /Nov 10/ });
    expect(
      within(tenth)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$1,200.50', '3']);
  });

  it('draws the Sales chart from the figures: a bar per day as tall as its orders, and the revenue line', async () => {
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler({ days: salesDays, topProducts: [], operations }),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const chart = await screen.findByRole('img', { name: /^Revenue and orders per day/ });
    const svg = await waitFor(() => {
      const drawn = chart.querySelector('svg[data-testid="sales-chart"]');
      expect(drawn).not.toBeNull();
      return drawn!;
    });
    const bars = [...svg.querySelectorAll('.sales-chart-bar')].map((bar) =>
      Number(bar.getAttribute('height')),
    );
    expect(bars).toHaveLength(30);
    // Nov 10 had 3 orders and Nov 20 one; no other day had any.
    expect(bars[9]).toBeGreaterThan(0);
    expect(bars[9] / bars[19]).toBeCloseTo(3);
    expect(bars.filter((height) => height > 0)).toHaveLength(2);
    const line = svg.querySelector('.sales-chart-line')?.getAttribute('d') ?? '';
    const points = [...line.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map(([, x, y]) => ({
      x: Number(x),
      y: Number(y),
    }));
    expect(points).toHaveLength(30);
    const baseline = points[0].y;
    // Heights above the axis in the ratio of the revenues: $1,200.50 on Nov 10, $99.50 on Nov 20.
    expect((baseline - points[9].y) / (baseline - points[19].y)).toBeCloseTo(1200.5 / 99.5);
  });

  it('asks for the organization an Admin selected', async () => {
    const asked: string[] = [];
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler({ days: noSalesDays, topProducts: [], operations }, asked),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />, { store: { selectedOrganizationId: 3 } });
    await screen.findByRole('region', { name: text.operations });
    expect(asked).toEqual(['3']);
  });

  it('shows an AthleticDirector their own organization, top products with units sold, and no Operations', async () => {
    const asked: string[] = [];
    server.use(
      meHandler(directorUser),
      dashboard(specCards.slice(0, 2)),
      salesHandler(
        {
          days: salesDays,
          topProducts: [
            {
              productId: 5,
              title: 'Eagles Hoodie',
              thumbnailUrl: '/media/hoodie.webp',
              unitsSold: 12,
              previousUnitsSold: 7,
            },
            { productId: 6, title: 'Eagles Cap', thumbnailUrl: null, unitsSold: 4 },
          ],
          operations: null,
        },
        asked,
      ),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const top = await screen.findByRole('region', { name: text.topProducts });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Eagles Hoodie12 sold (7 before)'),
      expect.stringContaining('Eagles Cap4 sold (0 before)'),
    ]);
    expect(regionNames()).toEqual([
      text.primaryInfo,
      text.assignedRoles,
      text.sales,
      text.storeWindows,
      text.topProducts,
    ]);
    expect(screen.queryByRole('link', { name: text.viewJobs })).not.toBeInTheDocument();
    expect(asked).toEqual([String(directorUser.organizationId)]);
  });

  it('asks for the period chosen, and compares its revenue with the period before', async () => {
    const periods: string[] = [];
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler(
        { days: salesDays, topProducts: [], operations, previous: { revenue: 1000, orders: 2 } },
        [],
        periods,
      ),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const sales = await screen.findByRole('region', { name: text.sales });
    await within(sales).findByText('Nov 1 – Nov 30');
    expect(
      within(sales).getByText('Previous period (Oct 2 – Oct 31): $1,000.00 from 2 orders · +30% revenue'),
    ).toBeInTheDocument();
    expect(periods).toEqual(['30']);

    await userEvent.click(within(sales).getByRole('combobox', { name: text.period }));
    await userEvent.click(await screen.findByRole('option', { name: text.periods['7'] }));
    await waitFor(() => expect(periods).toEqual(['30', '7']));
  });

  it("says 'No sales in this period' when nothing sold, and draws no chart", async () => {
    server.use(
      meHandler(directorUser),
      dashboard(specCards.slice(0, 2)),
      salesHandler({ days: noSalesDays, topProducts: [], operations: null }),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const sales = await screen.findByRole('region', { name: text.sales });
    await within(sales).findByText(text.noSales);
    expect(
      within(screen.getByRole('region', { name: text.topProducts })).getByText(text.noSales),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows an Admin what waits or failed, with a link to the jobs page', async () => {
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler({ days: noSalesDays, topProducts: [], operations }),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const card = await screen.findByRole('region', { name: text.operations });
    await within(card).findByText(text.jobsFailed);
    const figures = within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      [text.productsProcessing, '2'],
      [text.productsFailed, '1'],
      [text.jobsWaiting, '4'],
      [text.jobsFailed, '3'],
    ]);
    expect(within(card).getByRole('link', { name: text.viewJobs })).toHaveAttribute('href', '/admin/jobs');
  });

  it('keeps the other cards when the sales figures fail to load, saying so in the sales cards', async () => {
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      http.get('*/api/dashboard/sales', () => HttpResponse.json({ result: null }, { status: 500 })),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    // Sales and Operations; Store windows reads its own figures and stays.
    await waitFor(() => expect(screen.getAllByText(text.salesLoad)).toHaveLength(2));
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: text.storeWindows })).findByText(text.noWindowClosing),
    ).toBeInTheDocument();
    expect(screen.queryByText(appMessages.errors.dashboardLoad)).not.toBeInTheDocument();
  });
});

const window = {
  id: 4,
  name: 'Spirit Week Store',
  organizationName: 'Lincoln High School',
  state: 'open',
  opensAt: '2026-11-26T08:00:00.000Z',
  closesAt: '2026-12-02T08:00:00.000Z',
  daysLeft: 3,
  products: [
    {
      productId: 11,
      title: 'Lincoln Hoodie',
      minimum: 24,
      units: 6,
      met: false,
      fundraising: 12,
      raised: 72,
    },
    { productId: 12, title: 'Lincoln Tee', minimum: 2, units: 2, met: true, fundraising: 0, raised: 0 },
  ],
  raised: 72,
};

describe('dashboard store windows', () => {
  it('shows a director their open window: days left, units against each minimum, the money raised and a link to it', async () => {
    server.use(
      meHandler(directorUser),
      dashboard(specCards.slice(0, 2)),
      salesHandler({ days: noSalesDays, topProducts: [], operations: null }),
      windowsHandler([window]),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const card = await screen.findByRole('region', { name: text.storeWindows });
    expect(await within(card).findByRole('link', { name: 'Spirit Week Store' })).toHaveAttribute(
      'href',
      '/admin/campaigns/update/4',
    );
    expect(within(card).getByText('3 days left')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Lincoln Hoodie: 6 of 24 sold' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(within(card).getByRole('progressbar', { name: 'Lincoln Tee: 2 of 2 sold' })).toBeInTheDocument();
    expect(within(card).getByText('$72.00 raised')).toBeInTheDocument();
  });

  it('shows an Admin the windows closing this week with their schools, and says so when none does', async () => {
    server.use(
      meHandler(adminUser),
      dashboard(specCards),
      salesHandler({ days: noSalesDays, topProducts: [], operations }),
      windowsHandler([{ ...window, daysLeft: 0 }]),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const card = await screen.findByRole('region', { name: text.storeWindows });
    expect(await within(card).findByText('Lincoln High School')).toBeInTheDocument();
    expect(within(card).getByText(text.closesToday)).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    cleanup();

    server.use(windowsHandler([]));
    renderAdmin(<DashboardPage />);
    const empty = await screen.findByRole('region', { name: text.storeWindows });
    expect(await within(empty).findByText(text.noWindowClosing)).toBeInTheDocument();
  });
});
