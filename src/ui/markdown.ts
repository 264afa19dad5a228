// The only place model text becomes HTML, and the app's only innerHTML source: markdown is rendered with
// marked, then everything passes through DOMPurify with an allow-list, because model output may carry a
// prompt injection from the data it read.
import createDOMPurify from 'dompurify';
import { Marked } from 'marked';
import { escapeHtml } from '../web/escape-html';
import type { DOMPurify, UponSanitizeAttributeHookEvent } from 'dompurify';

/** How markdown is rendered. */
export interface MarkdownOptions {
  /**
   * Let images load from other origins. Off by default: an image URL written by a model that read
   * hostile data can carry that data away, with no click needed. Remote images become links instead.
   */
  allowRemoteImages?: boolean;
  /**
   * Show HTML written in the markdown as text (the report: the model's words stay words, as in a
   * file that outlives the page's own defences), while its markdown still renders.
   */
  htmlAsText?: boolean;
}

const allowedTags = [
  'a', 'b', 'blockquote', 'br', 'code', 'del', 'details', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'hr', 'i', 'img', 'input', 'kbd', 'li', 'ol', 'p', 'pre', 's', 'strong', 'sub', 'summary', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]; // prettier-ignore

const allowedAttributes = [
  'href', 'title', 'alt', 'src', 'class', 'align', 'start', 'type', 'checked', 'disabled', 'open',
]; // prettier-ignore

// DOMPurify's first filter: http(s), mailto and relative URLs. The hooks then read each URL the way the
// page will (finishLink, finishImage), because a pattern cannot follow the URL parser's many spellings.
const allowedUri = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const safeDataImage = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[A-Za-z0-9+/=\s]*$/i;
const webSchemes = new Set(['http:', 'https:']);
const linkSchemes = new Set(['http:', 'https:', 'mailto:']);
const codeLanguageClass = /^language-[A-Za-z0-9_+#-]{1,40}$/;

const markdown = new Marked({ gfm: true, breaks: false, async: false });
const markdownHtmlAsText = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: { html: ({ text }) => escapeHtml(text) },
});
let purifier: DOMPurify | undefined;
let remoteImages = false;

/** Renders markdown (GitHub flavoured) to sanitised HTML that is safe to assign to innerHTML. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const html = (options.htmlAsText ? markdownHtmlAsText : markdown).parse(source, {
    async: false,
  });
  remoteImages = options.allowRemoteImages === true;
  const safe = sanitizer().sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOWED_URI_REGEXP: allowedUri,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ADD_DATA_URI_TAGS: [],
    RETURN_TRUSTED_TYPE: false,
  });
  return safe.includes('<table') ? wrapTables(safe) : safe;
}

/**
 * Puts each table in a region that scrolls sideways and that the keyboard can reach, so a wide table
 * scrolls instead of breaking its headers mid-word. Done after sanitising: the allow-list keeps `div`,
 * `tabindex` and `role` out of model text, and these come from the app.
 */
function wrapTables(safeHtml: string): string {
  const template = document.createElement('template');
  template.innerHTML = safeHtml;
  for (const table of template.content.querySelectorAll('table')) {
    const region = document.createElement('div');
    region.className = 'mw-markdown-table';
    region.setAttribute('role', 'region');
    region.setAttribute('tabindex', '0');
    const headers = [...table.querySelectorAll('th')].map((cell) => cell.textContent?.trim() ?? '');
    region.setAttribute('aria-label', tableLabel(headers.filter((text) => text !== '')));
    table.replaceWith(region);
    region.append(table);
  }
  return template.innerHTML;
}

/** A table's accessible name, from its first column headers. */
function tableLabel(headers: string[]): string {
  const named = headers.slice(0, 3).join(', ');
  return named === '' ? 'Table' : `Table: ${named}${headers.length > 3 ? ', …' : ''}`;
}

function sanitizer(): DOMPurify {
  if (purifier !== undefined) return purifier;
  if (typeof window === 'undefined') {
    throw new Error('renderMarkdown needs a DOM window: run it in the browser or under jsdom.');
  }
  purifier = createDOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', keepOnlySafeAttribute);
  purifier.addHook('afterSanitizeAttributes', finishElement);
  return purifier;
}

// `class` only names a code block's language; inputs are only disabled task-list checkboxes.
function keepOnlySafeAttribute(node: Element, event: UponSanitizeAttributeHookEvent): void {
  if (event.attrName === 'class') {
    event.keepAttr = node.tagName === 'CODE' && codeLanguageClass.test(event.attrValue);
  }
  if (node.tagName === 'INPUT' && event.attrName === 'type') {
    event.keepAttr = event.attrValue.toLowerCase() === 'checkbox';
  }
}

function finishElement(node: Element): void {
  // Only a link's href and an image's src may name a URL; the allow-list already drops every other
  // URL attribute (srcset, poster, action, xlink:href...), and these two are read the way the page reads them.
  if (node.tagName !== 'A') node.removeAttribute('href');
  if (node.tagName !== 'IMG') node.removeAttribute('src');
  if (node.tagName === 'A') finishLink(node);
  if (node.tagName === 'INPUT') {
    if (node.getAttribute('type') !== 'checkbox') node.remove();
    else node.setAttribute('disabled', '');
  }
  if (node.tagName === 'IMG') finishImage(node);
}

/**
 * The URL the page would load for `value`: the browser's own parser, against the page's base URL, so
 * tabs and newlines, backslashes, scheme-relative (`https:host`) and protocol-relative forms resolve
 * here exactly as they would in an attribute. Undefined when the browser could not resolve it either.
 */
function resolveAsPage(value: string): URL | undefined {
  try {
    return new URL(value, window.document.baseURI);
  } catch {
    return undefined;
  }
}

/** True when `url` is fetched from the page's own origin (never for data:, blob: or opaque origins). */
function isSameOrigin(url: URL): boolean {
  return webSchemes.has(url.protocol) && url.origin === window.location.origin;
}

// Links may go anywhere on the web or to a mail client; every other scheme (javascript:, data:,
// vbscript:, and whatever a browser adds) loses its href, whatever spelling reached the parser.
function finishLink(link: Element): void {
  const href = link.getAttribute('href');
  if (href === null) return;
  const url = resolveAsPage(href);
  if (url === undefined || !linkSchemes.has(url.protocol)) {
    link.removeAttribute('href');
    return;
  }
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer');
}

function finishImage(image: Element): void {
  const source = image.getAttribute('src') ?? '';
  const url = source.trim() === '' ? undefined : resolveAsPage(source);
  if (url?.protocol === 'data:') {
    if (!safeDataImage.test(source)) image.remove();
    return;
  }
  if (url !== undefined && isSameOrigin(url)) return;
  if (url !== undefined && webSchemes.has(url.protocol) && remoteImages) return;
  // Anything else would load from elsewhere (or from nowhere the page can name): a link the person
  // may choose to open, never a request made for them.
  const alt = image.getAttribute('alt') ?? '';
  if (url === undefined || !webSchemes.has(url.protocol)) {
    if (alt === '') image.remove();
    else image.replaceWith(image.ownerDocument.createTextNode(`image: ${alt}`));
    return;
  }
  const link = image.ownerDocument.createElement('a');
  link.setAttribute('href', url.href);
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer');
  link.textContent = `image: ${alt || url.href}`;
  image.replaceWith(link);
}
