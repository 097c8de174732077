import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, portalAddress } from '../../server/config';

/** The message an operator sees for `env`: it must be one line naming the variable. */
function failure(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('the address the start-up log gives', () => {
  it('is localhost at the port, where passkeys work, or PUBLIC_URL when set', () => {
    expect(portalAddress(loadConfig({ PORT: '4602', HOST: '127.0.0.1' }))).toBe('http://localhost:4602');
    expect(portalAddress(loadConfig({ PORT: '4602', PUBLIC_URL: 'https://portal.example' }))).toBe(
      'https://portal.example',
    );
  });
});

describe('configuration failures are one line naming the variable', () => {
  it.each([
    [{ DATABASE_URL: 'not-a-url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://user:secret@db.example/spirit' }, 'DATABASE_URL'],
    [{ PORT: '' }, 'PORT'],
    [{ PORT: 'http' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ SHOPIFY_SHOP_URL: 'https://shop.myshopify.com' }, 'SHOPIFY_ACCESS_TOKEN'],
    [{ SHOPIFY_ACCESS_TOKEN: 'shpat_x' }, 'SHOPIFY_SHOP_URL'],
    [{ SHOPIFY_WEBHOOK_SECRET: 'a-secret-of-the-app-1234' }, 'SHOPIFY_WEBHOOK_SECRET'],
    [
      {
        SHOPIFY_SHOP_URL: 'https://shop.myshopify.com',
        SHOPIFY_ACCESS_TOKEN: 'shpat_x',
        SHOPIFY_WEBHOOK_SECRET: 'short',
      },
      'SHOPIFY_WEBHOOK_SECRET',
    ],
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'OIDC_CLIENT_ID'],
    [{ S3_BUCKET: 'spirit' }, 'S3_ENDPOINT'],
    // Once meant: believe any client's X-Forwarded-For.
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1, nginx' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ SESSIONS_PER_USER: '0' }, 'SESSIONS_PER_USER'],
    [
      { HTTP_HEADERS_TIMEOUT_SECONDS: '200', HTTP_REQUEST_TIMEOUT_SECONDS: '100' },
      'HTTP_HEADERS_TIMEOUT_SECONDS',
    ],
  ])('%j', (env, variable) => {
    const message = failure(env);
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(variable);
    expect(message).not.toMatch(/\s+at /);
  });

  it('never repeats the database password it was given', () => {
    expect(failure({ DATABASE_URL: 'mysql://user:s3cret@db.example/spirit' })).not.toContain('s3cret');
  });

  it('gives one line per problem when there are several', () => {
    expect(failure({ PORT: '', DATABASE_URL: 'nope' }).split('\n')).toHaveLength(2);
  });

  it('accepts PostgreSQL URLs and a port', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgresql://u:p@db.example:5432/spirit', PORT: '8080' }),
    ).toMatchObject({
      databaseUrl: 'postgresql://u:p@db.example:5432/spirit',
      port: 8080,
    });
    expect(loadConfig({}).port).toBe(3000);
  });

  it('takes TRUST_PROXY as a number of proxies or as their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1 , loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });
});
