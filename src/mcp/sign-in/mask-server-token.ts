// A server may echo the token it was sent, or a credential the person typed into its form: in a result,
// a table cell or an error message. The hub masks it in every form the data credentials are masked in
// (case, hex, base64, URL-encoding, long slices), so neither the model, nor the timeline, nor an export
// reads it.
import { createTextMasker } from '../../tools/credential-masker';
import type { ToolResult } from '../../tools/tool';

/** What an echoed server token becomes. */
export const SERVER_TOKEN_MASK = '[server token]';
/** What a credential the person typed into a server's form becomes, wherever a result echoes it. */
export const FORM_SECRET_MASK = '[secret you typed into a form]';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function maskStrings(value: unknown, mask: (text: string) => string): unknown {
  if (typeof value === 'string') return mask(value);
  if (Array.isArray(value)) return value.map((item) => maskStrings(item, mask));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, maskStrings(item, mask)]),
  );
}

/**
 * The result with every string's copies of `tokens` turned into `replacement`; the same result when
 * there are none.
 */
export function maskServerTokens(
  result: ToolResult,
  tokens: readonly string[],
  replacement = SERVER_TOKEN_MASK,
): ToolResult {
  const mask = createTextMasker(
    tokens.map((token) => ['token', token] as const),
    () => replacement,
  );
  return mask ? (maskStrings(result, mask) as ToolResult) : result;
}
