// A guide's Markdown as safe HTML (issue 43, decision 0092): `marked` (GitHub's dialect) writes the HTML, raw HTML in
// the text is shown as text (an HTML comment is dropped), and `sanitize-html` keeps only an allow-list of tags,
// attributes and link schemes, whatever got through. A product's card stands on a line of its own
// (`{{product:12}}`, or the product's address pasted alone): the text is cut there into blocks, and the page puts the
// storefront's product card between them. The same function serves the public page and the editor's preview.
import { randomBytes } from 'node:crypto';
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { splitLanguage } from '../../../common/i18n';
import { parseProductRef, PRODUCTS_PATH } from '../../../common/product-urls';
import type { GuideHeading } from '../../../common/schemas/guide-page';

/** What `renderGuideMarkdown` makes of a text: HTML parts with a product card's number between them. */
export type RenderedBlock = { kind: 'html'; html: string } | { kind: 'product'; number: number };
export type RenderedGuide = {
  blocks: RenderedBlock[];
  headings: GuideHeading[];
  words: number;
  /** Product numbers in order of first appearance. */
  products: number[];
};

export type RenderOptions = {
  /** The site's origins: a pasted address on one of them is a product card; a link to any other host is external. */
  origins: readonly string[];
  /** rel of external links (an operator's choice, GUIDE_LINK_REL): "noopener nofollow ugc" by default. */
  externalRel?: string;
  /** The pictures of the image library by address, with their size: a picture in the text gets width and height. */
  imageSizes?: ReadonlyMap<string, { width: number; height: number }>;
};

export const DEFAULT_EXTERNAL_REL = 'noopener nofollow ugc';
/** Words a reader reads in a minute: the usual figure for reading on a screen. */
export const WORDS_PER_MINUTE = 200;

const PRODUCT_TAG = /^\s*\{\{\s*product\s*:\s*(\d{1,10})\s*\}\}\s*$/i;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** The product a line names when it holds nothing else: `{{product:12}}` or an address of one of our product pages. */
export function productOnLine(line: string, origins: readonly string[]): number | null {
  const tag = PRODUCT_TAG.exec(line);
  if (tag) return safeNumber(Number(tag[1]));
  const text = line.trim().replace(/^<(.*)>$/, '$1');
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!origins.some((o) => sameOrigin(o, url))) return null;
  const { path } = splitLanguage(url.pathname);
  if (!path.toLowerCase().startsWith(`${PRODUCTS_PATH}/`)) return null;
  const ref = path.slice(PRODUCTS_PATH.length + 1).replace(/\/+$/, '');
  if (ref.includes('/')) return null;
  return parseProductRef(decodeSafe(ref))?.number ?? null;
}

function safeNumber(n: number): number | null {
  return Number.isSafeInteger(n) && n >= 1 && n <= 2147483647 ? n : null;
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A heading's anchor: its words, lower case, a–z and digits; `h-` before it so no anchor can name one of the page's own ids. */
function anchorFor(text: string, taken: Map<string, number>): string {
  const base =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'section';
  const n = taken.get(base) ?? 0;
  taken.set(base, n + 1);
  return `h-${n === 0 ? base : `${base}-${n + 1}`}`;
}

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'hr',
    'br',
    'img',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    // GitHub's task lists: a disabled checkbox, nothing else.
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[\w-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'iframe', 'object'],
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/** An absolute http(s) address on another host than the site's. */
function isExternal(href: string, origins: readonly string[]): boolean {
  try {
    const url = new URL(href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !origins.some((o) => sameOrigin(o, url));
  } catch {
    return false;
  }
}

function sanitizer(options: RenderOptions): sanitizeHtml.IOptions {
  const rel = options.externalRel ?? DEFAULT_EXTERNAL_REL;
  const sizes = options.imageSizes ?? new Map();
  return {
    ...ALLOWED,
    transformTags: {
      a: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = { ...attribs };
        delete out.rel;
        const href = attribs.href ?? '';
        if (rel && isExternal(href, options.origins)) out.rel = rel;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = { src: attribs.src ?? '', alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' };
        if (attribs.title) out.title = attribs.title;
        const size = sizes.get(attribs.src ?? '');
        if (size) {
          out.width = String(size.width);
          out.height = String(size.height);
        }
        return { tagName, attribs: out };
      },
      input: (tagName, attribs) => ({
        tagName,
        attribs: { type: 'checkbox', disabled: '', ...(attribs.checked !== undefined ? { checked: '' } : {}) },
      }),
    },
  };
}

/** Plain words of a piece of HTML, for the reading time. */
function countWords(html: string): number {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The picture addresses a text shows (`![alt](src)`), to look up their sizes before rendering. */
export function imageSources(markdown: string): string[] {
  const found = new Set<string>();
  for (const m of markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^\s)>]+)>?/g)) found.add(m[1] as string);
  return [...found];
}

/**
 * Renders a guide's Markdown. Deterministic for one text and options (the marker between blocks is random but never
 * leaves this function), synchronous and linear in the text's length (marked has no backtracking-heavy rules for
 * the dialect's blocks; the text is at most GUIDE_BODY_MAX_LENGTH).
 */
export function renderGuideMarkdown(markdown: string, options: RenderOptions): RenderedGuide {
  const marker = `guidecard${randomBytes(6).toString('hex')}x`;
  const products: number[] = [];
  // Product lines become a marker paragraph, outside fenced code only.
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let fence: string | null = null;
  const prepared = lines.map((line) => {
    const f = FENCE.exec(line);
    if (f) {
      const mark = (f[1] as string)[0] as string;
      if (fence === null) fence = mark;
      else if (fence === mark) fence = null;
      return line;
    }
    if (fence !== null) return line;
    const number = productOnLine(line, options.origins);
    if (number === null) return line;
    if (!products.includes(number)) products.push(number);
    return `\n${marker}${number}\n`;
  });

  const headings: GuideHeading[] = [];
  const anchors = new Map<string, number>();
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    renderer: {
      // Markdown only: raw HTML shows as the text it is; a comment is a note to the writer and shows nothing.
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return /^\s*<!--[\s\S]*?-->\s*$/.test(text) ? '' : escapeHtml(text);
      },
      // The article's title is its h1: a heading of the text is h2 at most (# and ## are both sections).
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const text = sanitizeHtml(inner, { allowedTags: [], allowedAttributes: {} }).replace(/&amp;/g, '&').trim();
        const level = Math.max(depth, 2);
        const id = anchorFor(text, anchors);
        if (level <= 3) headings.push({ id, text, level });
        return `<h${level} id="${id}">${inner}</h${level}>\n`;
      },
    },
  });
  const raw = marked.parse(prepared.join('\n')) as string;
  const clean = sanitizeHtml(raw, sanitizer(options));

  const blocks: RenderedBlock[] = [];
  const cut = new RegExp(`<p>${marker}(\\d+)</p>`, 'g');
  let at = 0;
  let words = 0;
  const pushHtml = (html: string) => {
    const trimmed = html.trim();
    if (!trimmed) return;
    words += countWords(trimmed);
    blocks.push({ kind: 'html', html: trimmed });
  };
  for (const m of clean.matchAll(cut)) {
    pushHtml(clean.slice(at, m.index));
    blocks.push({ kind: 'product', number: Number(m[1]) });
    at = m.index + m[0].length;
  }
  pushHtml(clean.slice(at));
  return { blocks, headings, words, products };
}

/** Minutes to read so many words, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
