import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import {
  maxSvgAttributes,
  maxSvgAttributesPerElement,
  maxSvgElements,
  maxSvgConvolveOrder,
  maxSvgFilterSteps,
  maxSvgMorphologyRadiusShare,
  maxSvgTurbulenceOctaves,
  UploadRejected,
} from './image-limits';
import { checkSvgDepth } from './svg-depth';

// Only the sanitizing worker thread imports this module: jsdom alone holds about 30 MB of heap,
// which the server's main thread has no use for.

let purifier: ReturnType<typeof createDOMPurify> | undefined;
let sharedWindow: JSDOM['window'] | undefined;

/** The one DOM of the worker, which SVGs and e-mail templates are sanitized in. */
export function domWindow() {
  sharedWindow ??= new JSDOM('').window;
  return sharedWindow;
}

function svgTools() {
  purifier ??= createDOMPurify(domWindow());
  return { window: domWindow(), purify: purifier };
}

/**
 * Counts attributes in one linear pass over the text, before any parser sees it: each
 * quoted value inside a tag is one attribute. Quotes are tracked, so a `>` inside a value
 * does not end the tag; comments and CDATA can only make the count larger.
 */
function checkAttributeCounts(source: string) {
  let total = 0;
  let inElement = 0;
  let inTag = false;
  let quote = '';
  for (let i = 0; i < source.length; i++) {
    const character = source[i];
    if (quote) {
      if (character === quote) quote = '';
    } else if (!inTag) {
      if (character === '<') {
        inTag = true;
        inElement = 0;
      }
    } else if (character === '"' || character === "'") {
      quote = character;
      inElement += 1;
      total += 1;
      if (inElement > maxSvgAttributesPerElement) {
        throw new UploadRejected(
          `The SVG has more than ${maxSvgAttributesPerElement} attributes on one element; simplify it or upload a PNG`,
        );
      }
    } else if (character === '>') {
      inTag = false;
    }
  }
  if (total > maxSvgAttributes) {
    throw new UploadRejected(
      `The SVG has more than ${maxSvgAttributes} attributes; simplify it or upload a PNG`,
    );
  }
}

const svgNamespace = 'http://www.w3.org/2000/svg';
const forbiddenElements = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
]);
const referenceAttributes = new Set(['href', 'xlink:href', 'src']);
const embeddedRaster = /^data:image\/(png|jpeg|gif|webp);base64,/i;
const externalCss = /@import|url\(\s*(?!['"]?#)/i;
/**
 * CSS reads `u\72l(` and `\75 rl(` as `url(` (an escape is a backslash and up to six hex digits
 * and one optional space, or a backslash and any other character), so the check reads the text
 * with its escapes decoded, as librsvg's CSS parser will.
 */
const cssUnescaped = (text: string) =>
  text.replace(
    /\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([^\n\r\f0-9a-f]))/gi,
    (_, hex?: string, character?: string) => {
      if (character) return character;
      const codePoint = parseInt(hex as string, 16);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd';
    },
  );
const refersOutside = (css: string) => externalCss.test(cssUnescaped(css));

/** Why an SVG element may not be kept, or null when it is harmless. */
function dangerIn(element: Element): string | null {
  const name = element.localName.toLowerCase();
  if (forbiddenElements.has(name))
    return `The SVG contains a ${element.localName} element, which is not allowed`;
  if (name === 'style' && refersOutside(element.textContent ?? '')) {
    return 'The SVG refers to external resources, which is not allowed';
  }
  for (const attribute of Array.from(element.attributes)) {
    const attributeName = attribute.name.toLowerCase();
    const value = attribute.value.trim();
    if (attributeName.startsWith('on'))
      return `The SVG contains an event handler (${attribute.name}), which is not allowed`;
    if (referenceAttributes.has(attributeName) && !value.startsWith('#') && !embeddedRaster.test(value)) {
      return 'The SVG refers to external resources, which is not allowed';
    }
    if (refersOutside(value) && attributeName !== 'id') {
      return 'The SVG refers to external resources, which is not allowed';
    }
  }
  return null;
}

/** Content drawn wherever it is referenced, any number of times (per vertex for a marker). */
const reusedContainers = new Set(['defs', 'symbol', 'marker', 'pattern', 'mask', 'clippath']);
/** Elements that draw another element, found by its id. */
const redrawingElements = new Set(['use', 'feimage']);
const filterProperty = /(?:^|[;\s{])filter\s*:\s*([^;}]*)/i;
const filterRefused = (why: string) =>
  new UploadRejected(`The SVG ${why}; simplify its filter effects or upload a PNG`);

/** The filter an element is drawn through, or '' for none. */
const filterOf = (element: Element) => {
  const value =
    element.getAttribute('filter') ?? filterProperty.exec(element.getAttribute('style') ?? '')?.[1] ?? '';
  return value.trim() === 'none' ? '' : value.trim();
};

/** A turbulence step's octaves (each draws its noise once more), or undefined for another step. */
const octavesOf = (step: Element) =>
  step.localName.toLowerCase() === 'feturbulence'
    ? Math.max(1, Math.floor(Number(step.getAttribute('numOctaves') ?? '1')) || 1)
    : undefined;

/** The drawing's larger side in user units, which filter parameters are measured in. */
function drawingSide(root: Element) {
  const viewBox = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const sides =
    viewBox.length === 4
      ? viewBox.slice(2)
      : [root.getAttribute('width'), root.getAttribute('height')].map((side) => parseFloat(side ?? ''));
  const side = Math.max(...sides.filter((value) => Number.isFinite(value) && value > 0));
  return Number.isFinite(side) ? side : 100;
}

/**
 * Bounds what drawing the SVG costs at print size. Filter effects are the expensive part: each
 * filtered element is drawn again through its filter, step by step, over the whole element for
 * every tile of the print render. So a filter may apply only to an element drawn once, with at
 * most `maxSvgFilterSteps` steps drawn in all; a stylesheet may not set one (a selector can match
 * every element); and the steps whose cost grows with a parameter are held to small ones.
 */
function checkFilterCost(root: Element) {
  const byId = new Map<string, Element>();
  const all: { element: Element; reused: boolean }[] = [];
  const walk = (element: Element, reused: boolean) => {
    all.push({ element, reused });
    const id = element.getAttribute('id');
    if (id) byId.set(id, element);
    const inside = reused || reusedContainers.has(element.localName.toLowerCase());
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) walk(child, inside);
  };
  walk(root, false);
  const target = (element: Element) => {
    const reference = (element.getAttribute('href') ?? element.getAttribute('xlink:href') ?? '').trim();
    return reference.startsWith('#') ? byId.get(reference.slice(1)) : undefined;
  };
  const holdsFilter = new Map<Element, boolean>();
  const containsFilter = (element: Element): boolean => {
    const known = holdsFilter.get(element);
    if (known !== undefined) return known;
    holdsFilter.set(element, false); // a reference cycle draws nothing
    let found = filterOf(element) !== '';
    const referenced = redrawingElements.has(element.localName.toLowerCase()) ? target(element) : undefined;
    if (!found && referenced) found = containsFilter(referenced);
    for (let child = element.firstElementChild; child && !found; child = child.nextElementSibling)
      found = containsFilter(child);
    holdsFilter.set(element, found);
    return found;
  };
  // A filter value is a list: url(#id) draws that filter's steps, blur(2px) and the like one each.
  const stepsOf = (value: string) => {
    let steps = 0;
    for (const [, id, fn] of value.matchAll(/url\(\s*['"]?#([^'")\s]+)['"]?\s*\)|([a-z-]+)\(/gi)) {
      if (fn) steps += 1;
      else if (id) {
        const filter = byId.get(id);
        for (let step = filter?.firstElementChild; step; step = step.nextElementSibling)
          steps += octavesOf(step) ?? 1;
      }
    }
    return steps;
  };
  const maxRadius = drawingSide(root) * maxSvgMorphologyRadiusShare;
  let steps = 0;
  for (const { element, reused } of all) {
    const name = element.localName.toLowerCase();
    if (
      name === 'style' &&
      [...(element.textContent ?? '').matchAll(/filter\s*:\s*([^;}]*)/gi)].some(
        ([, value]) => value.trim() !== 'none',
      )
    )
      throw filterRefused('sets a filter in a stylesheet');
    if (redrawingElements.has(name)) {
      const referenced = target(element);
      if (referenced && containsFilter(referenced)) throw filterRefused('draws a filtered element again');
    }
    if (name === 'femorphology') {
      const radii = (element.getAttribute('radius') ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (radii.some((radius) => !(radius <= maxRadius)))
        throw filterRefused('has a morphology filter of too large a radius');
    }
    if ((octavesOf(element) ?? 0) > maxSvgTurbulenceOctaves) {
      throw filterRefused(`has a turbulence filter of more than ${maxSvgTurbulenceOctaves} octaves`);
    }
    if (name === 'feconvolvematrix') {
      const orders = (element.getAttribute('order') ?? '3')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (orders.some((order) => !(order <= maxSvgConvolveOrder)))
        throw filterRefused(
          `has a convolution filter larger than ${maxSvgConvolveOrder} by ${maxSvgConvolveOrder}`,
        );
    }
    const filter = filterOf(element);
    if (!filter) continue;
    if (reused) throw filterRefused('has a filter on an element that may be drawn many times');
    steps += stepsOf(filter);
    if (steps > maxSvgFilterSteps) throw filterRefused(`draws more than ${maxSvgFilterSteps} filter steps`);
  }
}

/**
 * Parses an SVG document and gives back a sanitized copy. Scripts, event handlers,
 * foreignObject and external references are refused outright (the user learns why);
 * whatever else the SVG profile of DOMPurify does not know (editor metadata) is dropped.
 */
export function sanitizeSvg(source: string): string {
  if (/<!ENTITY/i.test(source)) throw new UploadRejected('The SVG declares entities, which is not allowed');
  // Parsing and sanitizing cost grows with the number of elements, not bytes: bound it first.
  const elements = source.match(/<[A-Za-z]/g)?.length ?? 0;
  if (elements > maxSvgElements) {
    throw new UploadRejected(`The SVG has more than ${maxSvgElements} elements; simplify it or upload a PNG`);
  }
  checkAttributeCounts(source);
  checkSvgDepth(source);
  const { window, purify } = svgTools();
  const document = new window.DOMParser().parseFromString(source, 'image/svg+xml');
  const root = document.documentElement;
  if (
    document.getElementsByTagName('parsererror').length > 0 ||
    root.localName !== 'svg' ||
    root.namespaceURI !== svgNamespace
  ) {
    throw new UploadRejected('The file is not a valid SVG image');
  }
  const check = (element: Element) => {
    const danger = dangerIn(element);
    if (danger) throw new UploadRejected(danger);
    // Sibling links, not getElementsByTagName: jsdom's live collections make that quadratic.
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) check(child);
  };
  check(root);
  checkFilterCost(root);
  const body = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    RETURN_DOM: true,
  });
  const clean = (body as unknown as Element).firstElementChild;
  if (!clean || clean.localName !== 'svg') throw new UploadRejected('The file is not a valid SVG image');
  return new window.XMLSerializer().serializeToString(clean);
}
