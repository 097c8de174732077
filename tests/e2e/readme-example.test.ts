import { afterAll, beforeAll } from 'vitest';
import { teams } from '../../contract/examples/teams';
import { walkEveryRole } from './every-role-walk';
import { startExampleServer } from './readme-example/serve';

let server: Awaited<ReturnType<typeof startExampleServer>> | undefined;
beforeAll(async () => {
  server = await startExampleServer();
}, 240_000);
afterAll(() => server?.stop());
const url = () => server!.url;

walkEveryRole({ definitions: [teams], url });
