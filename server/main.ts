import { buildApp } from './app';
import { ConfigError, loadConfig, portalAddress, shutdownGraceMs } from './config';
import { nonBlockingLog } from './ops/log-stream';
import { checkExternalProvider } from './modules/account/external-login';
import { keepFilesPrivate } from './private-files';
import { checkPortFree, waitForDatabase } from './ops/startup';
import { builtAppIndex } from './static';

/** Before Fastify's logger exists: the same JSON lines, on the same non-blocking stdout. */
function startupLog(msg: string) {
  nonBlockingLog().write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg })}\n`);
}

async function main() {
  const config = loadConfig();
  keepFilesPrivate(config.dataDir);
  builtAppIndex(config);
  await checkPortFree(config);
  await waitForDatabase(config, startupLog);
  const app = await buildApp(config, { serveApp: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing those in flight');
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${shutdownGraceMs / 1000} s; exiting anyway`);
      process.exit(1);
    }, shutdownGraceMs);
    force.unref();
    // Fastify stops accepting connections, answers 503 on kept-alive ones, waits for the
    // requests in flight, then runs the onClose hooks (job worker, session listener, database).
    await app.close();
    app.log.info('shut down cleanly');
    process.exit(0);
  };
  // A kept-alive connection would hold the server open (Fastify keeps them 72 s): answers given
  // while draining close theirs.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Open the portal at ${portalAddress(config)}`);
  void checkExternalProvider(app);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
