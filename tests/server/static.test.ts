import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { namedIndexHtml } from '../../server/static';

const template = readFileSync('index.html', 'utf8');

describe('the portal name (PORTAL_NAME)', () => {
  it("is 'Spirit Portal' unless configured, and never blank", () => {
    expect(loadConfig({}).portalName).toBe('Spirit Portal');
    expect(loadConfig({ PORTAL_NAME: '  Lincoln Spirit Shop ' }).portalName).toBe('Lincoln Spirit Shop');
    expect(() => loadConfig({ PORTAL_NAME: '   ' })).toThrow(ConfigError);
  });

  it("is written into index.html's title and application-name, HTML-escaped", () => {
    const html = namedIndexHtml(template, 'Tom & Jerry\'s "Shop" <b>');
    const escaped = 'Tom &#38; Jerry&#39;s &#34;Shop&#34; &#60;b&#62;';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="application-name" content="${escaped}" />`);
    expect(html).not.toContain('<b>');
  });
});
