import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrashedDesignLogo } from '../../../../contract/design-logos';
import { appMessages } from '../../../../src/i18n/en';
import { LogoTrash } from '../../../../src/pages/design-logos/LogoTrash';
import { i18nProvider } from '../../../../src/providers/i18nProvider';

const logo = (id: number, fileName: string): TrashedDesignLogo => ({
  id,
  organizationId: 3,
  fileName,
  fileUrl: `/api/design-logos/${id}/file`,
  contentType: 'image/png',
  deletedAt: '2026-11-23T09:30:00.000Z',
  deletedByName: null,
});

/** A server whose trash holds two logos; a restore or purge takes the named ones out. */
function fakeServer() {
  let inTrash = [logo(1, 'crest.png'), logo(2, 'mascot.png')];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/design-logos/trash'))
      return new Response(JSON.stringify({ result: inTrash }), { status: 200 });
    const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
    inTrash = inTrash.filter((row) => !ids.includes(row.id));
    return new Response(JSON.stringify({ result: { count: ids.length } }), { status: 200 });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A phone's width, as MUI's media queries ask the browser for it. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

describe('the logo trash', () => {
  it('is the shared trash table: the picture, who deleted it, and Restore for the selected', async () => {
    const fetch = fakeServer();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LogoTrash organizationId={3} />
        <Notification />
      </AdminContext>,
    );
    expect(await screen.findByRole('img', { name: 'crest.png' })).toHaveAttribute(
      'src',
      '/api/design-logos/1/file',
    );
    expect(fetch.mock.calls[0][0]).toBe('/api/design-logos/trash?organizationId=3');
    const rows = screen.getAllByTestId('trashed-design-logo');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText(appMessages.trash.unknownUser)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select mascot.png' }));
    await userEvent.click(screen.getByRole('button', { name: `${appMessages.trash.restore} (1)` }));
    await screen.findByText('Restored', { exact: true });
    const restore = fetch.mock.calls.find(([url]) => String(url).endsWith('/restore-many'));
    expect(JSON.parse(String(restore?.[1]?.body))).toEqual({ ids: [2] });
    await waitFor(() => expect(screen.getAllByTestId('trashed-design-logo')).toHaveLength(1));
  });

  it('stacks the logos on a phone, each with its picture, when and by whom, and Restore on screen (no sideways table)', async () => {
    onAPhone();
    fakeServer();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LogoTrash organizationId={3} />
      </AdminContext>,
    );
    await screen.findByRole('img', { name: 'crest.png' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [crest] = screen.getAllByTestId('trashed-design-logo');
    expect(within(crest).getByText(`${appMessages.trash.deletedBy}:`)).toBeInTheDocument();
    expect(within(crest).getByText(appMessages.trash.unknownUser)).toBeInTheDocument();
    expect(within(crest).getByRole('checkbox', { name: 'Select crest.png' })).toBeInTheDocument();
    expect(
      within(crest).getByRole('button', { name: `${appMessages.trash.restore} crest.png` }),
    ).toBeEnabled();
  });
});
