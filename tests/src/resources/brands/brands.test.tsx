import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { BrandLogo } from '../../../../src/resources/brands/BrandLogo';
import { ToggleSwitch } from '../../../../src/admin/engine/RowActions';
import { type Brand, brands } from '../../../../contract/definitions/brands';
import { brandSeeds } from '../../../../server/db/seed-data';
import { brandMarks } from '../../../../src/resources/brands/brandLogos';

const calls: unknown[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

const gildan: Brand = { id: 8, version: 1, slug: 'gildan', name: 'Gildan', isShowcased: false };

function renderSwitch(brand: Brand) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={brand}>
        <ToggleSwitch definition={brands} />
      </RecordContextProvider>
    </AdminContext>,
  );
  return screen.getByRole('switch', { name: 'Showcase Gildan' });
}

describe('brand showcase switch', () => {
  it('sends PATCH brands/{id}/showcase with isShowcased and stays on when it succeeds', async () => {
    server.use(
      http.patch('*/api/brands/8/showcase', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ result: { ...gildan, isShowcased: true } });
      }),
    );
    const toggle = renderSwitch(gildan);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeDisabled());
    expect(toggle).toBeChecked();
    expect(calls).toEqual([{ isShowcased: true }]);
  });

  it('reverts when the call fails', async () => {
    server.use(
      http.patch('*/api/brands/8/showcase', () =>
        HttpResponse.json({ result: null, message: 'x' }, { status: 500 }),
      ),
    );
    const toggle = renderSwitch(gildan);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeDisabled());
    expect(toggle).not.toBeChecked();
  });
});

describe('brand logos', () => {
  it('has a mark for every seeded brand slug', () => {
    expect(Object.keys(brandMarks).sort()).toEqual(brandSeeds.map(([slug]) => slug).sort());
  });

  it('draws the monogram for a known slug and the placeholder icon for an unknown or missing one', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <BrandLogo slug="under_armour" name="Under Armour" />
        <BrandLogo slug="no_such_brand" name="Mystery" />
        <BrandLogo slug={null} name="Blank" />
      </AdminContext>,
    );
    expect(screen.getByRole('img', { name: 'Under Armour logo' })).toHaveTextContent('UA');
    expect(screen.getAllByTestId('brand-logo-placeholder')).toHaveLength(2);
  });
});
