// The only place model text becomes HTML, and the app's only innerHTML source: markdown is rendered with
// marked, then everything passes through DOMPurify with an allow-list, because model output may carry a
// prompt injection from the data it read.
import createDOMPurify from 'dompurify';
import { Marked } from 'marked';
import type { DOMPurify, UponSanitizeAttributeHookEvent } from 'dompurify';

/** How markdown is rendered. */
export interface MarkdownOptions {
  /**
   * Let images load from other origins. Off by default: an image URL written by a model that read
   * hostile data can carry that data away, with no click needed. Remote images become links instead.
   */
  allowRemoteImages?: boolean;
}

const allowedTags = [
  'a', 'b', 'blockquote', 'br', 'code', 'del', 'details', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'hr', 'i', 'img', 'input', 'kbd', 'li', 'ol', 'p', 'pre', 's', 'strong', 'sub', 'summary', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]; // prettier-ignore

const allowedAttributes = [
  'href', 'title', 'alt', 'src', 'class', 'align', 'start', 'type', 'checked', 'disabled', 'open',
]; // prettier-ignore

// http(s), mailto and relative URLs; anything else with a scheme (javascript:, data:, vbscript:) is not.
const allowedUri = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const safeDataImage = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[A-Za-z0-9+/=\s]*$/i;
const codeLanguageClass = /^language-[A-Za-z0-9_+#-]{1,40}$/;

const markdown = new Marked({ gfm: true, breaks: false, async: false });
let purifier: DOMPurify | undefined;
let remoteImages = false;

/** Renders markdown (GitHub flavoured) to sanitised HTML that is safe to assign to innerHTML. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const html = markdown.parse(source, { async: false });
  remoteImages = options.allowRemoteImages === true;
  return sanitizer().sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOWED_URI_REGEXP: allowedUri,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ADD_DATA_URI_TAGS: [],
    RETURN_TRUSTED_TYPE: false,
  });
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
  if (event.attrName === 'src' && node.tagName === 'IMG' && /^\s*data:/i.test(event.attrValue)) {
    event.keepAttr = safeDataImage.test(event.attrValue);
  }
  if (node.tagName === 'INPUT' && event.attrName === 'type') {
    event.keepAttr = event.attrValue.toLowerCase() === 'checkbox';
  }
}

function finishElement(node: Element): void {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'INPUT') {
    if (node.getAttribute('type') !== 'checkbox') node.remove();
    else node.setAttribute('disabled', '');
  }
  if (node.tagName === 'IMG') finishImage(node);
}

function finishImage(image: Element): void {
  const source = image.getAttribute('src') ?? '';
  if (source === '') {
    image.remove();
    return;
  }
  const isRemote = /^(?:https?:)?\/\//i.test(source.trim());
  if (!isRemote || remoteImages) return;
  const link = image.ownerDocument.createElement('a');
  link.setAttribute('href', source);
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer');
  link.textContent = `image: ${image.getAttribute('alt') || source}`;
  image.replaceWith(link);
}
