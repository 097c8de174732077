import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { ResendButton } from '../../../../src/resources/mail';

const calls: string[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

const failed = { id: 4, to: 'coach@example.com', subject: 'Reset your password', status: 'failed' };

function renderRow(record: Record<string, unknown>) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={record}>
        <ResendButton />
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe('the outbox row', () => {
  it('resends a failed message through POST mail/{id}/resend', async () => {
    server.use(
      http.post('*/api/mail/4/resend', ({ request }) => {
        calls.push(request.method);
        return HttpResponse.json({ result: true });
      }),
    );
    renderRow(failed);
    const button = screen.getByRole('button', { name: 'Resend Reset your password to coach@example.com' });
    await userEvent.click(button);
    await waitFor(() => expect(calls).toEqual(['POST']));
  });

  it('offers nothing for a message that was sent or is still trying', () => {
    renderRow({ ...failed, status: 'sent' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
