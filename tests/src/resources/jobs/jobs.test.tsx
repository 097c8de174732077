import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { LastErrorCell, RetryButton, SubjectCell } from '../../../../src/resources/jobs/JobCells';

const retried: string[] = [];
const server = setupServer(
  http.post('*/api/jobs/:id/retry', ({ params }) => {
    retried.push(String(params.id));
    return HttpResponse.json({ result: { id: Number(params.id), status: 'queued' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
  retried.length = 0;
});
afterAll(() => server.close());

const job = (status: string, merchandiseId: number | null = 12) => ({
  id: 4,
  type: 'merchandise.process',
  merchandiseId,
  status,
  attempts: 5,
  lastError: 'Error: the storefront said 503\n    at publish (shopify.ts:42:11)',
  runAt: '2026-11-22T13:05:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
});

const renderRow = (record: ReturnType<typeof job>) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={record}>
        <SubjectCell />
        <LastErrorCell />
        <RetryButton />
      </RecordContextProvider>
    </AdminContext>,
  );

describe('jobs page cells', () => {
  it("offers Retry on a failed job, which calls POST jobs/{id}/retry, and links the job's product", async () => {
    renderRow(job('failed'));
    expect(screen.getByRole('link', { name: 'Product #12' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/admin\/merchandise$/),
    );
    expect(screen.getByText('Error: the storefront said 503')).toBeInTheDocument();
    expect(screen.queryByText(/at publish/)).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Retry job 4' });
    await userEvent.click(button);
    await waitFor(() => expect(retried).toEqual(['4']));
    await waitFor(() => expect(button).not.toBeDisabled());
  });

  it('offers no Retry on a job that has not failed, and no link without a product', () => {
    renderRow(job('done', null));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
