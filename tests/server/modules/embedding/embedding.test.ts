import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../server/config';
import { testApp } from '../../helpers';

let ctx: Awaited<ReturnType<typeof testApp>> | undefined;
afterEach(() => ctx?.app.close());

describe('embedding as a child frame', () => {
  it('trusts only FRAME_PARENT_ORIGINS: in the CSP frame-ancestors and in GET embedding', async () => {
    const config = loadConfig({ FRAME_PARENT_ORIGINS: 'https://shop.example.com, http://localhost:8080/' });
    expect(config.frameParentOrigins).toEqual(['https://shop.example.com', 'http://localhost:8080']);
    ctx = await testApp({ frameParentOrigins: config.frameParentOrigins });
    const response = await ctx.app.inject({ url: '/api/embedding' });
    expect(response.json()).toEqual({
      result: { parentOrigins: ['https://shop.example.com', 'http://localhost:8080'] },
    });
    expect(response.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://shop.example.com http://localhost:8080",
    );
  });

  it('allows only its own pages as parents when nothing is configured', async () => {
    ctx = await testApp();
    const response = await ctx.app.inject({ url: '/api/embedding' });
    expect(response.json()).toEqual({ result: { parentOrigins: [] } });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self';");
  });

  it('refuses a configured entry that is not an origin', () => {
    expect(() => loadConfig({ FRAME_PARENT_ORIGINS: 'https://shop.example.com/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ FRAME_PARENT_ORIGINS: "'unsafe-inline'" })).toThrow(ConfigError);
  });
});
