import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { CoreAdminContext, useLogout } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { IdleModal } from '../../../src/layout/IdleModal';
import { idleWarningSeconds } from '../../../src/layout/useSessionLife';
import { authProvider, session } from '../../../src/providers';
import { meHandler } from '../pages/account/fixtures';

const requests: string[] = [];
const server = setupServer(
  meHandler(),
  http.get('*/api/account/cookie-expiration', () => HttpResponse.json({ result: 4 })),
  http.put('*/api/account/update-timezone', async ({ request }) => {
    requests.push(`timezone ${JSON.stringify(await request.json())}`);
    return HttpResponse.json({ result: true });
  }),
  http.post('*/api/account/logout', () => {
    requests.push('logout');
    return HttpResponse.json({ result: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await session.refresh();
});
afterEach(() => {
  vi.useRealTimers();
  requests.length = 0;
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const lifetimeMs = 4 * 60_000;
const idleTitle = appMessages.layout.idleTitle;

/** As the admin layout mounts it, with react-admin's logout. */
function AdminIdleModal() {
  return <IdleModal logout={useLogout()} />;
}

function renderModal() {
  return render(
    <MemoryRouter>
      <CoreAdminContext authProvider={authProvider}>
        <AdminIdleModal />
      </CoreAdminContext>
    </MemoryRouter>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the idle modal', () => {
  it('reports the time zone once the user is signed in', async () => {
    renderModal();
    await waitFor(() =>
      expect(requests).toContain(
        `timezone ${JSON.stringify({ reportedTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })}`,
      ),
    );
  });

  it("appears after half the cookie lifetime idle with 'Stay Logged In', which keeps the user signed in", async () => {
    renderModal();
    await advance(100);
    await advance(lifetimeMs / 2 - 5_000);
    expect(screen.queryByText(idleTitle)).not.toBeInTheDocument();
    await advance(6_000);
    expect(await screen.findByText(idleTitle)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: appMessages.layout.stayLoggedIn }));
    await advance(500);
    expect(screen.queryByText(idleTitle)).not.toBeInTheDocument();
    expect(requests).not.toContain('logout');
  });

  it(`logs out ${idleWarningSeconds} seconds after the warning`, async () => {
    renderModal();
    await advance(100);
    await advance(lifetimeMs / 2 + 1_000);
    expect(await screen.findByText(idleTitle)).toBeInTheDocument();
    await advance((idleWarningSeconds - 5) * 1000);
    expect(requests).not.toContain('logout');
    await advance(6_000);
    await waitFor(() => expect(requests).toContain('logout'));
  });

  it('does not appear while the user is active', async () => {
    renderModal();
    await advance(100);
    for (let i = 0; i < 4; i++) {
      await advance(lifetimeMs / 4);
      act(() => {
        window.dispatchEvent(new Event('keydown'));
      });
    }
    expect(screen.queryByText(idleTitle)).not.toBeInTheDocument();
  });
});
