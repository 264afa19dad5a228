// Finds a data credential in a result even when a query changed it on the way: upper or lower case,
// reversed, hex, base64 or base64url (at any byte alignment), URL-encoded, or only a slice of it. Each
// such form is cut into overlapping runs ("grams") of SHORTEST_MASKED_SLICE characters of the secret;
// any text where these runs occur (case-insensitively) is masked, so a slice that long or longer cannot
// pass. A computation that yields none of these forms (a hash, character codes, comparisons, slices
// shorter than the minimum) is not caught: docs/chat.md says so.

/** Runs of a secret at least this long are masked wherever they appear, in every form. */
export const SHORTEST_MASKED_SLICE = 6;
/** Values shorter than this are not masked in results: they would match ordinary text. */
export const SHORTEST_MASKED_VALUE = 4;

/** Masks every form of every credential in one text. */
export type TextMasker = (text: string) => string;

interface Form {
  text: string;
  /** Characters of this form that stand for SHORTEST_MASKED_SLICE characters of the secret. */
  gram: number;
  /** True when the whole form is the whole secret encoded, so it is masked even when shorter than a gram. */
  whole: boolean;
}

const utf8 = new TextEncoder();

/** Lower-cases ASCII letters only, so every index in the result is the index in the input. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '');
}

/**
 * The base64 characters that depend only on the secret's bytes, for each of the three positions the
 * secret can start at within a base64 group (the text before it shifts the alignment).
 */
function base64Forms(bytes: Uint8Array): Array<{ text: string; whole: boolean }> {
  const forms: Array<{ text: string; whole: boolean }> = [];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    const encoded = base64(shifted);
    const first = Math.ceil((offset * 8) / 6);
    const last = offset === 0 ? encoded.length : Math.floor((shifted.length * 8) / 6);
    const stable = encoded.slice(first, last);
    const whole = offset === 0;
    forms.push({ text: stable, whole });
    forms.push({ text: stable.replace(/\+/g, '-').replace(/\//g, '_'), whole });
  }
  return forms;
}

function formsOf(secret: string): Form[] {
  const sources = new Set([secret, secret.toUpperCase(), secret.toLowerCase()]);
  sources.add([...secret].reverse().join(''));
  const forms: Form[] = [];
  const base64Gram = Math.ceil((SHORTEST_MASKED_SLICE * 8) / 6);
  for (const source of sources) {
    const bytes = utf8.encode(source);
    forms.push({ text: source, gram: SHORTEST_MASKED_SLICE, whole: true });
    forms.push({
      text: [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
      gram: SHORTEST_MASKED_SLICE * 2,
      whole: true,
    });
    const encoded = encodeURIComponent(source);
    if (encoded !== source) forms.push({ text: encoded, gram: SHORTEST_MASKED_SLICE, whole: true });
    for (const form of base64Forms(bytes)) forms.push({ ...form, gram: base64Gram });
  }
  return forms;
}

/**
 * A masker for these credentials (name, value), or undefined when none is long enough to mask. Every
 * form is turned into the placeholder the `placeholder` function gives for its credential's name.
 */
export function createTextMasker(
  credentials: Iterable<readonly [string, string]>,
  placeholder: (name: string) => string,
): TextMasker | undefined {
  const grams = new Map<number, Map<string, string>>();
  const whole: Array<{ text: string; name: string }> = [];
  for (const [name, secret] of credentials) {
    if (secret.length < SHORTEST_MASKED_VALUE) continue;
    for (const form of formsOf(secret)) {
      const text = asciiLower(form.text);
      if (text.length < form.gram) {
        if (form.whole && text.length >= SHORTEST_MASKED_VALUE) whole.push({ text, name });
        continue;
      }
      let byGram = grams.get(form.gram);
      if (!byGram) grams.set(form.gram, (byGram = new Map()));
      for (let start = 0; start + form.gram <= text.length; start++) {
        const gram = text.slice(start, start + form.gram);
        if (!byGram.has(gram)) byGram.set(gram, name);
      }
    }
  }
  if (grams.size === 0 && whole.length === 0) return undefined;
  // Longest first, so a value that contains another is masked whole.
  whole.sort((left, right) => right.text.length - left.text.length);
  const shortest = Math.min(...[...grams.keys(), ...whole.map((form) => form.text.length)]);
  return (text) => {
    if (text.length < shortest) return text;
    const lower = asciiLower(text);
    // owner[i]: the credential whose form covers character i.
    const owner: (string | undefined)[] = new Array<string | undefined>(text.length);
    let found = false;
    for (const [length, byGram] of grams) {
      for (let start = 0; start + length <= lower.length; start++) {
        const name = byGram.get(lower.slice(start, start + length));
        if (name === undefined) continue;
        found = true;
        for (let index = start; index < start + length; index++) owner[index] ??= name;
      }
    }
    for (const form of whole) {
      for (let at = lower.indexOf(form.text); at !== -1; at = lower.indexOf(form.text, at + 1)) {
        found = true;
        for (let index = at; index < at + form.text.length; index++) owner[index] ??= form.name;
      }
    }
    if (!found) return text;
    let result = '';
    for (let index = 0; index < text.length;) {
      const name = owner[index];
      if (name === undefined) {
        result += text[index];
        index++;
        continue;
      }
      result += placeholder(name);
      while (index < text.length && owner[index] !== undefined) index++;
    }
    return result;
  };
}
