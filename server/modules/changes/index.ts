import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { access, canAccess } from '../../../contract/access';
import { changeStreamLimits, type RecordChange } from '../../../contract/changes';
import { allows, seesEveryOrganization } from '../../../contract/definition';
import { currentAuth } from '../../auth/guards';
import { forbidden } from '../../errors';
import { type AuthContext, sessionCookieName } from '../../auth/sessions';
import type { ChangeNotice, LoggedChange } from '../../db/announce';
import { changeLogHead, changesSince, positionSeal } from '../../engine/change-log';
import { maxStreams, StreamAdmission } from './admission';
import { ChangeFeed } from './feed';

/** Bytes a stream may have waiting for a slow reader before it is ended (it reconnects and resumes). */
const maxBuffered = 1024 * 1024;

/**
 * `GET changes`: the signed-in session's stream of record changes, as server-sent events, with
 * nothing its user may not read: each event passes the resource's list access and organization
 * scope for the user as they are now (a role taken away stops the events at once).
 */
const changes: FastifyPluginAsync = async (app) => {
  const feed = new ChangeFeed(app.db, app.log);
  // The key is read by the first stream, not at start: a server must start, and answer 503,
  // while the database is away. A failed read is tried again by the next stream.
  let sealing: ReturnType<typeof positionSeal> | undefined;
  const sealNow = () =>
    (sealing ??= positionSeal(app.db).catch((error: unknown) => {
      sealing = undefined;
      throw error;
    }));
  const definitions = new Map(
    app.resourceEngines.map((engine) => [engine.definition.name, engine.definition]),
  );
  const streams = new StreamAdmission(maxStreams(app.config.http.maxConnections));

  /**
   * Where a stream starts: after its `Last-Event-ID` with the changes it missed, else at the log's
   * head (with a reset when it asked for changes that are not kept, or gave no position of ours).
   */
  const startOf = async (
    positions: Awaited<ReturnType<typeof positionSeal>>,
    lastEventId: string | string[] | undefined,
  ) => {
    const resumed = typeof lastEventId === 'string' && lastEventId !== '';
    const from = resumed ? positions.open(lastEventId) : undefined;
    const missed = from === undefined ? undefined : await changesSince(app.db, from);
    if (from !== undefined && missed) return { position: from, missed, reset: false };
    return { position: await changeLogHead(app.db), missed: [], reset: resumed };
  };

  const readable = (notice: ChangeNotice, auth: AuthContext) => {
    if (notice.userId !== undefined) return notice.userId === auth.user.id;
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
        description: `Server-sent events of record changes the user may read: \`change\` (data: resource, id, action, version, by, at), \`reset\` (refetch everything: the events in between are not kept), and a comment at least every ${changeStreamLimits.heartbeatMs / 1000} s. Each event's id is opaque (a sealed position in the change log every server shares: it tells nothing of changes the user may not read); \`Last-Event-ID\` resumes on any server, after restarts too, within the last ${changeStreamLimits.replayWindow} changes of the portal (and a day), else or for an unknown id the stream starts with \`reset\`; at most ${changeStreamLimits.perUser} streams per user on each server, whichever of their sessions opened them (a further one ends their oldest); a server holding streams on half its connection limit refuses a further one with 503 and \`Retry-After\`. An account that may read no resource gets a 403. A stream ends within a second of logout, lock or session expiry, and on shutdown.`,
      },
    },
    async (request, reply: FastifyReply) => {
      let auth = currentAuth(request);
      // A stream holds a connection; an account that may read nothing would hold it for nothing.
      if (!Object.keys(access).some((area) => canAccess(auth.user.roles, area))) throw forbidden();
      const token = request.cookies[sessionCookieName]!;
      await feed.ready();
      // What is heard while the starting point is read is sent after it (what it already holds
      // once). Read before the response starts, so a change made once the client sees the
      // stream open is never before the stream's start, and a database down is a 503.
      const heard: LoggedChange[] = [];
      let lostWhileStarting = false;
      const stopHearing = feed.subscribe({
        change: (event) => heard.push(event),
        reset: () => (lostWhileStarting = true),
      });
      let start: Awaited<ReturnType<typeof startOf>>;
      let positions: Awaited<ReturnType<typeof positionSeal>>;
      try {
        positions = await sealNow();
        start = await startOf(positions, request.headers['last-event-id']);
      } catch (error) {
        stopHearing();
        throw error;
      }
      const admitted = streams.admit(auth.user.id, () => end());
      if (!admitted) {
        stopHearing();
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
      // Where the stream stands among all changes, readable or not: the heartbeat moves the
      // client's id there, so changes a quiet reader may not see do not push it out of the window.
      // Undefined until the stream has started: until then the changes wait in `heard`.
      let position: number | undefined;
      const send = (event: LoggedChange) => {
        // Positions follow commit order, so one at or below where the stream stands was sent.
        if (position === undefined || event.position <= position) return;
        position = event.position;
        if (!readable(event.notice, auth)) return;
        const { organizationId: _, userId: __, ...change } = event.notice;
        write(
          `id: ${positions.seal(event.position)}\nevent: change\ndata: ${JSON.stringify(change satisfies RecordChange)}\n\n`,
        );
      };
      // Without a position (the listener lost notices), the client keeps its last id: resuming
      // from it replays what it may already have refetched, which is harmless.
      const reset = (at?: number) =>
        write(`${at === undefined ? '' : `id: ${positions.seal(at)}\n`}event: reset\ndata: {}\n\n`);

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
        release();
        raw.end();
      }
      raw.on('close', end);

      write(`retry: 2000\n\n`);
      stopHearing();
      position = start.position;
      if (start.reset) reset(start.position);
      else write(`id: ${positions.seal(start.position)}\n\n`);
      for (const event of [...start.missed, ...heard]) send(event);
      if (lostWhileStarting) reset();
    },
  );
};

export default changes;
