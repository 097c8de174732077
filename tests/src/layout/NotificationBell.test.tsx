import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../../contract/notifications';
import { AppBar } from '../../../src/layout/AppBar';
import { NotificationsPage } from '../../../src/pages/notifications/NotificationsPage';
import { useLiveChanges } from '../../../src/providers/liveChanges';
import { adminUser, meHandler, renderAdmin } from './renderAdmin';

/** The server's stream, driven by the test. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

let unread = 2;
let items: NotificationItem[] = [];
const marked: string[] = [];
const server = setupServer(
  meHandler(adminUser),
  http.get('*/api/notifications/unread-count', () => HttpResponse.json({ result: { unread } })),
  http.get('*/api/notifications', ({ request }) => {
    const onlyUnread = new URL(request.url).searchParams.get('unread') === 'true';
    const shown = onlyUnread ? items.filter((item) => !item.read) : items;
    return HttpResponse.json({ result: { items: shown, total: shown.length, unread } });
  }),
  http.post('*/api/notifications/read-all', () => {
    marked.push('all');
    items = items.map((item) => ({ ...item, read: true }));
    unread = 0;
    return HttpResponse.json({ result: { marked: 1 } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.opened.length = 0;
  unread = 2;
  marked.length = 0;
  items = [
    {
      id: 2,
      category: 'jobs',
      messageKey: 'jobs.renderFailed',
      params: { title: 'Eagles Hoodie', error: 'too big' },
      link: '/admin/merchandise',
      read: false,
      createdAt: '2026-11-28T10:00:00.000Z',
    },
    {
      id: 1,
      category: 'jobs',
      messageKey: 'jobs.invitationsSent',
      params: { count: 4 },
      link: '/admin/users',
      read: true,
      createdAt: '2026-11-27T10:00:00.000Z',
    },
  ];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

function Live() {
  useLiveChanges(useQueryClient());
  return null;
}

describe('the notifications bell', () => {
  it('says how many are unread, and counts up when the stream tells of a new one', async () => {
    renderAdmin(
      <>
        <Live />
        <AppBar />
      </>,
    );
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    unread = 3;
    const change = {
      resource: 'notifications',
      id: 3,
      action: 'created',
      version: null,
      by: { id: 0, name: 'x' },
    };
    FakeEventSource.opened[0].dispatchEvent(
      new MessageEvent('change', { data: JSON.stringify({ ...change, at: new Date().toISOString() }) }),
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible());
  });
});

describe('the notifications page', () => {
  it('lists each with its link, shows the unread ones alone, and marks all read', async () => {
    renderAdmin(<NotificationsPage />);
    const hoodie = await screen.findByRole('link', {
      name: /The pictures and print files of Eagles Hoodie could not be made: too big/,
    });
    expect(hoodie).toHaveAttribute('href', '/merchandise');
    expect(within(hoodie.closest('li')!).getByText('Unread')).toBeVisible();
    expect(screen.getByRole('link', { name: /Your import’s 4 invitations were sent/ })).toHaveAttribute(
      'href',
      '/users',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(screen.queryByText(/invitations were sent/)).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(marked).toEqual(['all']);
    expect(await screen.findByText('Nothing unread.')).toBeVisible();
  });
});
