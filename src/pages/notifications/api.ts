import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem, NotificationSettings } from '../../../contract/notifications';
import { http } from '../../providers';

/*
 * The signed-in user's notifications. Every query key starts with `notifications`, so a change
 * event of that resource (`src/providers/liveChanges.ts`: only the recipient's stream carries
 * one) refetches the bell's count and the page within a second.
 */

const unreadCountKey = ['notifications', 'unreadCount'] as const;

export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) =>
      http<{ result: { unread: number } }>('/api/notifications/unread-count', { signal, silent: true }),
    select: (body) => body.result.unread,
  });
}

export const notificationsPageSize = 20;

export function useNotifications(page: number, unread: boolean) {
  return useQuery({
    queryKey: ['notifications', 'list', page, unread],
    queryFn: ({ signal }) =>
      http<{ result: { items: NotificationItem[]; total: number; unread: number } }>(
        `/api/notifications?skip=${(page - 1) * notificationsPageSize}&take=${notificationsPageSize}${unread ? '&unread=true' : ''}`,
        { signal },
      ),
    select: (body) => body.result,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) =>
      http(id === undefined ? '/api/notifications/read-all' : `/api/notifications/${id}/read`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export const loadNotificationSettings = () =>
  http<{ result: NotificationSettings }>('/api/notifications/settings').then((body) => body.result);

export const saveNotificationSettings = (settings: NotificationSettings) =>
  http('/api/notifications/settings', { method: 'PUT', body: settings });
