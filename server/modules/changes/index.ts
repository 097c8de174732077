import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { access } from '../../../contract/access';
import { changeStreamLimits, type RecordChange } from '../../../contract/changes';
import { allows, seesEveryOrganization } from '../../../contract/definition';
import { currentAuth } from '../../auth/guards';
import { type AuthContext, sessionCookieName } from '../../auth/sessions';
import type { ChangeNotice, LoggedChange } from '../../resources/change-feed';
import { changeLogHead, changesSince, positionSeal } from '../../resources/change-log';
import { ChangeFeed } from './feed';

/** Bytes a stream may have waiting for a slow reader before it is ended (it reconnects and resumes). */
const maxBuffered = 1024 * 1024;

interface Stream {
  sessionId: string;
  end(): void;
}

/**
 * `GET changes`: the signed-in session's stream of record changes, as server-sent events, with
 * nothing its user may not read: each event passes the resource's list access and organization
 * scope for the user as they are now (a role taken away stops the events at once).
 */
const changes: FastifyPluginAsync = async (app) => {
  const feed = new ChangeFeed(app.db, app.log);
  const positions = await positionSeal(app.db);
  const definitions = new Map(
    app.resourceEngines.map((engine) => [engine.definition.name, engine.definition]),
  );
  const streams = new Set<Stream>();

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
    for (const stream of streams) stream.end();
  });
  app.addHook('onClose', () => feed.close());

  app.get(
    '/',
    {
      schema: {
        tags: ['changes'],
        produces: ['text/event-stream'],
        description: `Server-sent events of record changes the user may read: \`change\` (data: resource, id, action, version, by, at), \`reset\` (refetch everything: the events in between are not kept), and a comment at least every ${changeStreamLimits.heartbeatMs / 1000} s. Each event's id is opaque (a sealed position in the change log every server shares: it tells nothing of changes the user may not read); \`Last-Event-ID\` resumes on any server, after restarts too, within the last ${changeStreamLimits.replayWindow} changes of the portal (and a day), else or for an unknown id the stream starts with \`reset\`; at most ${changeStreamLimits.perSession} streams per session (a further one ends the oldest). A stream ends within a second of logout, lock or session expiry, and on shutdown.`,
      },
    },
    async (request, reply: FastifyReply) => {
      let auth = currentAuth(request);
      const token = request.cookies[sessionCookieName]!;
      await feed.ready();
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
      // Changes heard while the log is read wait for it, and go after what it held.
      let heard: LoggedChange[] | undefined = [];
      // Where the stream stands among all changes, readable or not: the heartbeat moves the
      // client's id there, so changes a quiet reader may not see do not push it out of the window.
      let position: number | undefined;
      const send = (event: LoggedChange) => {
        if (heard) return void heard.push(event);
        position = event.position;
        if (!readable(event.notice, auth)) return;
        const { organizationId: _, ...change } = event.notice;
        write(
          `id: ${positions.seal(event.position)}\nevent: change\ndata: ${JSON.stringify(change satisfies RecordChange)}\n\n`,
        );
      };
      // Without a position (the listener lost notices), the client keeps its last id: resuming
      // from it replays what it may already have refetched, which is harmless.
      const reset = (position?: number) =>
        write(
          `${position === undefined ? '' : `id: ${positions.seal(position)}\n`}event: reset\ndata: {}\n\n`,
        );

      const stream: Stream = { sessionId: auth.sessionId, end: () => end() };
      const sameSession = [...streams].filter((open) => open.sessionId === auth.sessionId);
      if (sameSession.length >= changeStreamLimits.perSession) sameSession[0].end();
      streams.add(stream);
      const unsubscribe = feed.subscribe({ change: send, reset });
      const heartbeat = setInterval(
        () => write(`${position === undefined ? '' : `id: ${positions.seal(position)}\n`}: heartbeat\n\n`),
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
        streams.delete(stream);
        raw.end();
      }
      raw.on('close', end);

      write(`retry: 2000\n\n`);
      const lastEventId = request.headers['last-event-id'];
      const resumed = typeof lastEventId === 'string' && lastEventId !== '';
      try {
        const from = resumed ? positions.open(lastEventId) : undefined;
        const missed = from === undefined ? undefined : await changesSince(app.db, from);
        const upTo = missed ? (missed.at(-1)?.position ?? from!) : await changeLogHead(app.db);
        const waiting = heard;
        heard = undefined;
        position = upTo;
        if (missed) for (const event of missed) send(event);
        else if (resumed) reset(upTo);
        else write(`id: ${positions.seal(upTo)}\n\n`);
        for (const event of waiting) if (event.position > upTo) send(event);
      } catch (error) {
        // The client reconnects (and resumes) after the retry delay.
        request.log.warn({ err: error }, 'change stream could not read the change log');
        end();
      }
    },
  );
};

export default changes;
