import createDOMPurify from 'dompurify';
import { domWindow } from './svg-sanitize';

/**
 * Only formatting survives in an e-mail template's body: it is mailed to people outside the
 * portal, so no scripts, styles, event handlers, or links but web and mail ones. Placeholders
 * (`{{link}}`) are kept, in text and in a link alike.
 */
const allowedTags = [
  ...['address', 'article', 'aside', 'footer', 'header', 'hgroup', 'main', 'nav', 'section'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption'],
  ...['figure', 'hr', 'li', 'ol', 'p', 'pre', 'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite'],
  ...['code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 'rb', 'rp', 'rt', 'rtc', 'ruby', 's'],
  ...['samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'caption'],
  ...['col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'img'],
];
/** The attributes each element keeps; `style` is kept on any, with its text alignment alone. */
const attributesOf: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
};
const alignment = /^\s*text-align\s*:\s*(left|right|center|justify)\s*$/i;
/** http, https and mailto links, or a relative one (a placeholder among them). */
const allowedUri = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: ReturnType<typeof createDOMPurify> | undefined;

function templatePurifier() {
  if (purifier) return purifier;
  purifier = createDOMPurify(domWindow());
  purifier.addHook('uponSanitizeAttribute', (element, data) => {
    if (data.attrName === 'style') {
      const kept = data.attrValue.split(';').filter((declaration) => alignment.test(declaration));
      data.attrValue = kept.map((declaration) => declaration.trim()).join('; ');
      data.keepAttr = kept.length > 0;
    } else if (!attributesOf[element.localName]?.includes(data.attrName)) {
      data.keepAttr = false;
    } else if (data.attrName === 'src' && /^\s*data:/i.test(data.attrValue)) {
      // DOMPurify lets an image carry a data: URI; mail clients block them, and so do we.
      data.keepAttr = false;
    }
  });
  return purifier;
}

/** The template body as stored, and whether anything is left to read (an image counts). */
export function sanitizeTemplateBody(body: string): { body: string; empty: boolean } {
  const fragment = templatePurifier().sanitize(body, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['style', ...Object.values(attributesOf).flat()],
    ALLOWED_URI_REGEXP: allowedUri,
    RETURN_DOM_FRAGMENT: true,
  });
  const holder = fragment.ownerDocument.createElement('div');
  holder.append(fragment);
  const text = (holder.textContent ?? '').replace(/[\s\u00a0]/g, '');
  return { body: holder.innerHTML, empty: text === '' && holder.querySelector('img') === null };
}
