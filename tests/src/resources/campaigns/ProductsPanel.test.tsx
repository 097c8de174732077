import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../../src/i18n/en';
import { session } from '../../../../src/providers';
import { ProductsPanel } from '../../../../src/resources/campaigns/ProductsPanel';
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

const hoodie = {
  productId: 11,
  title: 'Lincoln Hoodie',
  thumbnailUrl: null,
  price: 40,
  minimum: 24,
  fundraising: 12,
  salePrice: 52,
  units: 6,
};
const tee = { productId: 12, title: 'Lincoln Tee', thumbnailUrl: null, price: 20 };
const cap = { productId: 13, title: 'Lincoln Cap', thumbnailUrl: null, price: 15 };

function api(products: unknown[], candidates: unknown[], onPut?: (body: unknown) => Response | undefined) {
  return [
    meHandler(directorUser),
    http.get('*/api/campaigns/4/products', () => HttpResponse.json({ result: products })),
    http.get('*/api/campaigns/4/candidates', () => HttpResponse.json({ result: candidates })),
    http.put('*/api/campaigns/4/products', async ({ request }) => {
      const body = (await request.json()) as {
        products: { productId: number; minimum: number; fundraising: number }[];
      };
      const answer = onPut?.(body);
      if (answer) return answer;
      return HttpResponse.json({
        result: body.products.map((product) => {
          const known = [hoodie, tee, cap].find((one) => one.productId === product.productId)!;
          return {
            ...known,
            ...product,
            salePrice: known.price + product.fundraising,
            units: product.productId === hoodie.productId ? 6 : 0,
          };
        }),
      });
    }),
  ];
}

async function renderPanel(props = { editable: true, closed: false }) {
  await session.refresh();
  renderAdmin(<ProductsPanel id={4} {...props} />);
  return screen.findByRole('region', { name: text.products });
}

describe('campaign products panel', () => {
  it('shows what the window sells: price, sale price with fundraising, units against the minimum', async () => {
    server.use(...api([hoodie], [tee]));
    const panel = await renderPanel();
    const row = await within(panel).findByTestId('campaign-product');
    expect(within(row).getByRole('heading', { name: 'Lincoln Hoodie' })).toBeInTheDocument();
    expect(within(row).getByText('Price $40.00 · sells at $52.00')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: '6 of 24 sold' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(within(row).getByRole('spinbutton', { name: text.minimum })).toHaveValue(24);
    expect(within(row).getByRole('spinbutton', { name: text.fundraising })).toHaveValue(12);
  });

  it('adds approved products by keyboard with a minimum of 24 and no fundraising, edits them, and saves the whole list', async () => {
    const sent: unknown[] = [];
    server.use(
      ...api([hoodie], [cap, hoodie, tee], (body) => {
        sent.push(body);
        return undefined;
      }),
    );
    const user = userEvent.setup();
    const panel = await renderPanel();
    const picker = await within(panel).findByRole('combobox', { name: text.product });
    // The one the window already sells is not offered again.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lincoln Cap ($15.00)', 'Lincoln Tee ($20.00)']);
    await user.selectOptions(picker, 'Lincoln Tee ($20.00)');
    act(() => within(panel).getByRole('button', { name: text.addProduct }).focus());
    await user.keyboard('{Enter}');
    const rows = within(panel).getAllByTestId('campaign-product');
    expect(rows).toHaveLength(2);
    const teeRow = rows[1];
    expect(within(teeRow).getByRole('spinbutton', { name: text.minimum })).toHaveValue(24);
    expect(within(teeRow).getByRole('spinbutton', { name: text.fundraising })).toHaveValue(0);
    const fundraising = within(teeRow).getByRole('spinbutton', { name: text.fundraising });
    await user.clear(fundraising);
    await user.type(fundraising, '5.5');
    expect(within(teeRow).getByText('Price $20.00 · sells at $25.50')).toBeInTheDocument();
    const minimum = within(teeRow).getByRole('spinbutton', { name: text.minimum });
    await user.clear(minimum);
    await user.type(minimum, '12');
    expect(within(panel).getByText(text.unsaved)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: text.saveProducts }));
    await screen.findByText(text.saved);
    expect(sent).toEqual([
      {
        products: [
          { productId: 11, minimum: 24, fundraising: 12 },
          { productId: 12, minimum: 12, fundraising: 5.5 },
        ],
      },
    ]);
    expect(within(panel).queryByText(text.unsaved)).not.toBeInTheDocument();
  });

  it('removes a product and refuses a minimum under 1 before sending anything', async () => {
    const sent: unknown[] = [];
    server.use(
      ...api([hoodie, { ...tee, minimum: 24, fundraising: 0, salePrice: 20, units: 0 }], [], (body) => {
        sent.push(body);
        return undefined;
      }),
    );
    const user = userEvent.setup();
    const panel = await renderPanel();
    await within(panel).findAllByTestId('campaign-product');
    await user.click(within(panel).getByRole('button', { name: 'Remove Lincoln Hoodie' }));
    const row = within(panel).getByTestId('campaign-product');
    const minimum = within(row).getByRole('spinbutton', { name: text.minimum });
    await user.clear(minimum);
    await user.type(minimum, '0');
    await user.click(within(panel).getByRole('button', { name: text.saveProducts }));
    expect(await within(row).findByText('Minimum must be at least 1')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows the server's 400 at the row it names, and a failure of no row above the list", async () => {
    server.use(
      ...api([hoodie], [tee], () =>
        HttpResponse.json(
          {
            result: null,
            validationFailures: [
              { propertyName: 'products.1.productId', errorMessage: "'Lincoln Tee' is not approved" },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const panel = await renderPanel();
    await user.click(await within(panel).findByRole('button', { name: text.addProduct }));
    await user.click(within(panel).getByRole('button', { name: text.saveProducts }));
    const rows = within(panel).getAllByTestId('campaign-product');
    expect(await within(rows[1]).findByRole('alert')).toHaveTextContent("'Lincoln Tee' is not approved");
    expect(within(rows[0]).queryByRole('alert')).not.toBeInTheDocument();

    server.use(
      http.put('*/api/campaigns/4/products', () =>
        HttpResponse.json(
          {
            result: null,
            validationFailures: [
              { propertyName: 'products', errorMessage: "A closed campaign's products cannot change" },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(within(rows[1]).getByRole('button', { name: 'Remove Lincoln Tee' }));
    await user.click(within(panel).getByRole('button', { name: text.saveProducts }));
    expect(await within(panel).findByText("A closed campaign's products cannot change")).toBeInTheDocument();
  });

  it('says no product is approved yet, with a link to the merchandise, when the school has none', async () => {
    server.use(...api([], []));
    const panel = await renderPanel();
    expect(await within(panel).findByText(text.noProducts)).toBeInTheDocument();
    expect(await within(panel).findByText(text.noneApproved, { exact: false })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: text.toMerchandise })).toHaveAttribute(
      'href',
      '/admin/merchandise',
    );
    expect(within(panel).queryByRole('button', { name: text.addProduct })).not.toBeInTheDocument();
  });

  it('only shows the products of a closed window, saying why', async () => {
    server.use(...api([hoodie], [tee]));
    const panel = await renderPanel({ editable: true, closed: true });
    const row = await within(panel).findByTestId('campaign-product');
    expect(within(panel).getByText(text.closedReadOnly)).toBeInTheDocument();
    expect(within(row).getByRole('spinbutton', { name: text.minimum })).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: text.saveProducts })).not.toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByRole('combobox')).not.toBeInTheDocument());
  });
});
