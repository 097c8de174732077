import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationContextProvider, useNotify } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { LazyNotification } from '../../../src/providers/LazyNotification';

function FailingRequest() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(appMessages.errors.network, { type: 'error' })}>
      Send
    </button>
  );
}

describe('toasts on the public pages', () => {
  // The toast's code is a lazy chunk, transformed on first import: at load average 25 that took
  // more than 15 s, so the wait (and the test's own bound) allow for it.
  it('loads the toast with the first notification and shows each one', { timeout: 60_000 }, async () => {
    render(
      <NotificationContextProvider>
        <FailingRequest />
        <LazyNotification />
      </NotificationContextProvider>,
    );
    expect(screen.queryByText(appMessages.errors.network)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(appMessages.errors.network, {}, { timeout: 50_000 })).toBeInTheDocument();
  });
});
