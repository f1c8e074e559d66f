/**
 * The 软文 editor's HTML made safe to store and show: an allow-list of tags and attributes, and
 * nothing else. Elements that carry code or foreign content (script, style, iframe, object, svg …)
 * go with everything inside them; any other tag not on the list goes but keeps its text; an
 * attribute not on its tag's list goes (so every on* handler and every style); a link or image
 * address is kept only when it is http(s), mailto/tel, a path of ours, or an inline raster image.
 * Text is re-escaped, so a stray `<` can never open a tag. No HTML library was in node_modules
 * (and a DOM on the server is heavy for this): the rules are short enough to write and test here.
 */

const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  span: [],
  div: [],
  pre: [],
  code: [],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};

const VOID = new Set(['br', 'hr', 'img']);

/** Removed with their content. */
const DROPPED =
  'script|style|iframe|frame|frameset|object|embed|applet|noscript|template|svg|math|textarea|select|title|xmp|noembed|noframes|plaintext';

const escapeText = (s: string) =>
  s
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An attribute value as a browser reads it: character references decoded. */
const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(Number.parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/gi, '"')
    .replace(/&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&amp;/gi, '&');

const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(?:https?:\/\/|\/(?!\/)|data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$)/i;

/** The address if it is safe, else null. Whitespace and control characters inside a scheme fool no one. */
const safeUrl = (raw: string, image: boolean): string | null => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips
  const v = decode(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return (image ? SAFE_IMAGE : SAFE_URL).test(v) ? v : null;
};

const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const rebuildAttrs = (tag: string, raw: string): string => {
  const allowed = ALLOWED[tag]!;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    let value = m[2] ?? m[3] ?? m[4] ?? '';
    if (name === 'href' || name === 'src') {
      const url = safeUrl(value, name === 'src');
      if (url === null) continue;
      value = url;
    } else if (name === 'target') {
      if (value !== '_blank') continue;
      out.push('target="_blank"', 'rel="noopener noreferrer"');
      continue;
    } else if (['width', 'height', 'colspan', 'rowspan'].includes(name)) {
      if (!/^\d{1,4}$/.test(value)) continue;
    } else value = decode(value);
    out.push(`${name}="${escapeAttr(value)}"`);
  }
  return out.length ? ` ${out.join(' ')}` : '';
};

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^>]*?)?)\s*(\/?)>/g;

export const sanitizeHtml = (html: string): string => {
  const stripped = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(new RegExp(`<(${DROPPED})\\b[\\s\\S]*?(?:<\\/\\1\\s*>|$)`, 'gi'), '')
    // A closing tag of a dropped element left alone, and processing instructions or doctypes.
    .replace(new RegExp(`<\\/(?:${DROPPED})\\s*>`, 'gi'), '')
    .replace(/<[!?][^>]*>/g, '');
  let out = '';
  let last = 0;
  for (const m of stripped.matchAll(TAG)) {
    out += escapeText(stripped.slice(last, m.index));
    last = m.index + m[0].length;
    const tag = m[2]!.toLowerCase();
    if (!(tag in ALLOWED)) continue;
    if (m[1]) {
      if (!VOID.has(tag)) out += `</${tag}>`;
      continue;
    }
    out += `<${tag}${rebuildAttrs(tag, m[3] ?? '')}>`;
  }
  return out + escapeText(stripped.slice(last));
};
