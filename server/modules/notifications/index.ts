import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../contract/account';
import {
  notificationCountResponseSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationMarkedResponseSchema,
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
} from '../../../contract/notifications';
import { currentUser, requireUser } from '../../auth/guards';
import { notFound } from '../../errors';
import { registerDigest } from './digest';
import { notificationEmails } from './email';
import {
  isOwn,
  listNotifications,
  markRead,
  notificationEmailJob,
  saveSettings,
  settingsOf,
  unreadCount,
} from './service';
import { unsubscribeRoutes } from './unsubscribe';

export { notify, type NotifyInput } from './service';
export type { NotificationCategory } from '../../../contract/notification-messages';

const tags = ['notifications'];

/**
 * `notifications`: the signed-in user's own notifications (the bell and its page) and how they
 * want them; nobody reads or marks another's. The unsubscribe links of e-mails need no sign-in.
 */
const notificationsModule: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(notificationEmailJob, notificationEmails(app));
  registerDigest(app);
  await app.register(unsubscribeRoutes, { prefix: '/unsubscribe' });

  const ownRoutes: FastifyPluginAsyncZod = async (own) => {
    own.addHook('preHandler', requireUser);

    own.get(
      '/',
      {
        schema: {
          tags,
          description: 'The user’s notifications, newest first; `unread=true` for the unread ones only.',
          querystring: notificationListQuerySchema,
          response: { 200: notificationListResponseSchema },
        },
      },
      async (request) => {
        const { skip, take, unread } = request.query;
        return {
          result: await listNotifications(app.db, currentUser(request).id, {
            skip,
            take,
            unread: unread === 'true',
          }),
        };
      },
    );

    own.get(
      '/unread-count',
      { schema: { tags, response: { 200: notificationCountResponseSchema } } },
      async (request) => ({ result: { unread: await unreadCount(app.db, currentUser(request).id) } }),
    );

    own.post(
      '/:id/read',
      { schema: { tags, params: notificationIdParamsSchema, response: { 200: okResponseSchema } } },
      async (request) => {
        const userId = currentUser(request).id;
        if (!(await isOwn(app.db, userId, request.params.id))) throw notFound('Notification');
        await markRead(app.db, userId, request.params.id);
        return { result: true };
      },
    );

    own.post(
      '/read-all',
      { schema: { tags, response: { 200: notificationMarkedResponseSchema } } },
      async (request) => ({ result: { marked: await markRead(app.db, currentUser(request).id) } }),
    );

    own.get(
      '/settings',
      { schema: { tags, response: { 200: notificationSettingsResponseSchema } } },
      async (request) => {
        const userId = currentUser(request).id;
        return { result: (await settingsOf(app.db, [userId])).get(userId)! };
      },
    );

    own.put(
      '/settings',
      { schema: { tags, body: notificationSettingsSchema, response: { 200: okResponseSchema } } },
      async (request) => {
        await saveSettings(app.db, currentUser(request).id, request.body);
        return { result: true };
      },
    );
  };
  await app.register(ownRoutes);
};

export default notificationsModule;
