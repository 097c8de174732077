import { maxSvgDepth, UploadRejected } from './image-limits';

/** Where markup that holds no elements ends: comments, CDATA, processing instructions, declarations. */
const skippedMarkup: [string, string][] = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
  ['<!', '>'],
];

/**
 * Refuses an SVG whose elements nest past `maxSvgDepth`, in one linear pass over the text before
 * any parser sees it (a 35 KB file nested 5,000 deep costs the sanitizer seconds). Quoted
 * attribute values, comments and CDATA are skipped, so a `</g>` inside them cannot hide depth;
 * what the pass misreads can only be malformed XML, which the parser refuses anyway.
 */
export function checkSvgDepth(source: string) {
  let depth = 0;
  let at = source.indexOf('<');
  while (at !== -1) {
    const skipped = skippedMarkup.find(([open]) => source.startsWith(open, at));
    if (skipped) {
      const end = source.indexOf(skipped[1], at + skipped[0].length);
      if (end === -1) return;
      at = source.indexOf('<', end + skipped[1].length);
      continue;
    }
    const closing = source[at + 1] === '/';
    let quote = '';
    let end = at + 1;
    for (; end < source.length; end++) {
      const character = source[end];
      if (quote) {
        if (character === quote) quote = '';
      } else if (character === '"' || character === "'") quote = character;
      else if (character === '>') break;
    }
    if (closing) depth = Math.max(0, depth - 1);
    else if (source[end - 1] !== '/') {
      depth += 1;
      if (depth > maxSvgDepth) {
        throw new UploadRejected(
          `The SVG nests elements more than ${maxSvgDepth} deep; simplify it or upload a PNG`,
        );
      }
    }
    at = source.indexOf('<', end + 1);
  }
}
