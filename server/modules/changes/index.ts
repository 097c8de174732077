import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { access } from '../../../contract/access';
import { changeStreamLimits, type RecordChange } from '../../../contract/changes';
import { allows, seesEveryOrganization } from '../../../contract/definition';
import { currentAuth } from '../../auth/guards';
import { type AuthContext, sessionCookieName } from '../../auth/sessions';
import type { ChangeNotice } from '../../resources/change-feed';
import { maxStreams, StreamAdmission } from './admission';
import { ChangeFeed, type FeedEvent } from './feed';

/** Bytes a stream may have waiting for a slow reader before it is ended (it reconnects and resumes). */
const maxBuffered = 1024 * 1024;

/**
 * `GET changes`: the signed-in session's stream of record changes, as server-sent events, with
 * nothing its user may not read: each event passes the resource's list access and organization
 * scope for the user as they are now (a role taken away stops the events at once).
 */
const changes: FastifyPluginAsync = async (app) => {
  const feed = new ChangeFeed(app.db, app.log);
  const definitions = new Map(
    app.resourceEngines.map((engine) => [engine.definition.name, engine.definition]),
  );
  const streams = new StreamAdmission(maxStreams(app.config.http.maxConnections));

  const readable = (notice: ChangeNotice, auth: AuthContext) => {
    const { roles, organizationId } = auth.user;
    const definition = definitions.get(notice.resource);
    const listed = definition
      ? allows(definition, 'list', roles)
      : (access[notice.resource] ?? []).some((role) => roles.includes(role));
    if (!listed) return false;
    const scoped = definition ? Boolean(definition.organizationField) : notice.organizationId !== null;
    return !scoped || seesEveryOrganization(roles) || notice.organizationId === organizationId;
  };

  // Fastify waits for open requests before closing: a stream would hold SIGTERM for ever.
  app.addHook('preClose', async () => {
    streams.endAll();
  });
  app.addHook('onClose', () => feed.close());

  app.get(
    '/',
    {
      schema: {
        tags: ['changes'],
        produces: ['text/event-stream'],
        description: `Server-sent events of record changes the user may read: \`change\` (data: resource, id, action, version, by, at), \`reset\` (refetch everything: the events in between are not kept), and a comment at least every ${changeStreamLimits.heartbeatMs / 1000} s. \`Last-Event-ID\` resumes within the last ${changeStreamLimits.replayWindow} events of the server; at most ${changeStreamLimits.perUser} streams per user on each server, whichever of their sessions opened them (a further one ends their oldest); a server holding streams on half its connection limit refuses a further one with 503 and \`Retry-After\`. A stream ends within a second of logout, lock or session expiry, and on shutdown.`,
      },
    },
    async (request, reply: FastifyReply) => {
      let auth = currentAuth(request);
      const token = request.cookies[sessionCookieName]!;
      await feed.ready();
      const admitted = streams.admit(auth.user.id, () => end());
      if (!admitted) {
        // Closed, so a refused client's retries do not hold the connections kept for others.
        return reply
          .status(503)
          .header('retry-after', String(changeStreamLimits.retryAfterSeconds))
          .header('connection', 'close')
          .send({ result: null, message: 'Too many live updates are open right now. Try again later.' });
      }
      // end() below is hoisted above the check, so it takes the release from a narrowed name.
      const release = admitted;
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx would otherwise hold events back in its buffer.
        'x-accel-buffering': 'no',
      });
      let ended = false;
      const write = (text: string) => {
        if (ended) return;
        raw.write(text);
        if (raw.writableLength > maxBuffered) end();
      };
      const send = (event: FeedEvent) => {
        if (!readable(event.notice, auth)) return;
        const { organizationId: _, ...change } = event.notice;
        write(`id: ${event.seq}\nevent: change\ndata: ${JSON.stringify(change satisfies RecordChange)}\n\n`);
      };
      const reset = () => write(`id: ${feed.lastSeq}\nevent: reset\ndata: {}\n\n`);

      const unsubscribe = feed.subscribe({ change: send, reset });
      const heartbeat = setInterval(
        () => write(': heartbeat\n\n'),
        Math.min(changeStreamLimits.heartbeatMs, (app.config.http.idleTimeoutSeconds * 1000) / 2),
      );
      const sessionCheck = setInterval(() => {
        app.sessions
          .find(token)
          .then((found) => {
            if (!found || found.stage !== 'full' || found.expiresAt.getTime() <= Date.now()) end();
            else auth = found;
          })
          .catch(() => end());
      }, changeStreamLimits.sessionCheckMs);
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
        release();
        raw.end();
      }
      raw.on('close', end);

      write(`retry: 2000\n\n`);
      const lastEventId = Number(request.headers['last-event-id']);
      if (Number.isInteger(lastEventId) && lastEventId >= 0) {
        const missed = feed.since(lastEventId);
        if (missed) for (const event of missed) send(event);
        else reset();
      } else write(`id: ${feed.lastSeq}\n\n`);
    },
  );
};

export default changes;
