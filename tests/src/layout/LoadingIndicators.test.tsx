import { cleanup, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { AppBar } from '../../../src/layout/AppBar';
import { LoadingToast } from '../../../src/layout/LoadingToast';
import { adminUser, meHandler, renderAdmin } from './renderAdmin';

const server = setupServer(meHandler(adminUser));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => cleanup());
afterAll(() => server.close());

/** A request that has not answered yet: the top bar's spinner and, after 500 ms, the toast show. */
function SlowRequest() {
  useQuery({ queryKey: ['slow'], queryFn: () => new Promise<never>(() => {}) });
  return null;
}

describe('while a request is slow', () => {
  it("names the top bar's progress bar 'Loading...' and hides the toast's, whose words say it", async () => {
    renderAdmin(
      <>
        <SlowRequest />
        <AppBar />
        <LoadingToast />
      </>,
    );
    await screen.findByText(appMessages.layout.loading, {}, { timeout: 3_000 });
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0]).toHaveAccessibleName(appMessages.layout.loading);
    await waitFor(() => expect(document.querySelectorAll('.MuiCircularProgress-root')).toHaveLength(2));
  });
});
