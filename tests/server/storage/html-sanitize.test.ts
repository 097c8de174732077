import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuild } from '../../../server/ops/server-build';
import { sanitizeTemplateBody } from '../../../server/storage/html-sanitize';

const clean = (body: string) => sanitizeTemplateBody(body).body;

describe("an e-mail template's body", () => {
  it('keeps formatting, placeholders, web and mail links, and images by address', () => {
    const body =
      '<h2>Hi {{fullName}}</h2><p style="text-align: center">Go <a href="{{link}}" target="_blank" rel="noopener">here</a> ' +
      'or <a href="mailto:office@school.example">write</a></p><img src="https://cdn.example/a.png" alt="Crest" width="40">';
    expect(clean(body)).toBe(body);
  });

  it('drops styles but the alignment, other attributes, and data: and script links', () => {
    expect(clean('<p style="color: red; text-align: right; position: fixed" class="x" id="y">a</p>')).toBe(
      '<p style="text-align: right">a</p>',
    );
    expect(clean('<p style="color: red">a</p>')).toBe('<p>a</p>');
    expect(clean('<a href="javascript:alert(1)" onclick="x()">a</a><a href="ftp://x.example/f">b</a>')).toBe(
      '<a>a</a><a>b</a>',
    );
    expect(clean('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('<img alt="x">');
  });

  it('drops what is not formatting, keeping the text of unknown elements but not of scripts', () => {
    expect(clean('<form><input value="x"><p>kept</p></form><script>gone()</script><style>p{}</style>')).toBe(
      '<p>kept</p>',
    );
  });

  it('is empty with nothing to read, unless it shows an image', () => {
    expect(sanitizeTemplateBody('<p>&nbsp; </p><p><br></p>').empty).toBe(true);
    expect(sanitizeTemplateBody('<script>x()</script>').empty).toBe(true);
    expect(sanitizeTemplateBody('<p><img src="https://cdn.example/a.png"></p>').empty).toBe(false);
  });
});

describe('the DOM the sanitizer needs', () => {
  it("is loaded by the worker alone, never by the server's main thread", async () => {
    const { metafile } = await build({ ...serverBuild, write: false, metafile: true, sourcemap: false });
    /** The packages an output loads as it starts, through the chunks it imports statically. */
    const packagesOf = (output: string, seen = new Set<string>()): string[] => {
      if (seen.has(output)) return [];
      seen.add(output);
      return metafile.outputs[output].imports
        .filter(({ kind }) => kind === 'import-statement')
        .flatMap(({ path, external }) => (external ? [path] : packagesOf(path, seen)));
    };
    expect(packagesOf('dist-server/main.js').filter((name) => /jsdom|dompurify/.test(name))).toEqual([]);
    expect(packagesOf('dist-server/svg-worker.js')).toEqual(expect.arrayContaining(['jsdom', 'dompurify']));
  });
});
