// DuckDB turns some Unicode spaces into plain spaces before its scanner reads the SQL, with a quick pass
// of its own that knows quotes, dollar quotes and `--` comments but nothing else (Parser::StripUnicodeSpaces).
// Where that pass turns a character into a space, DuckDB's scanner sees whitespace; everywhere else the
// same character is a letter of an identifier. This is that pass, byte for byte, so the lexer can agree.
// Its versions differ on one point: DuckDB 1.5 lets `_` open a dollar-quote tag (`$_x$`), DuckDB-WASM 1.4
// does not, and each can hide what the other shows, so a careful reader tries both.

const encoder = new TextEncoder();

/** How a DuckDB version's pre-pass reads a dollar-quote tag. */
export interface UnicodeSpaceRules {
  /** DuckDB 1.5: `_` may open a tag. DuckDB-WASM 1.4: it may not. True by default. */
  underscoreOpensDollarTag?: boolean;
}

function isTagStart(byte: number, underscore: boolean): boolean {
  return (
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte >= 0x80 ||
    (underscore && byte === 0x5f)
  );
}

function isTagPart(byte: number, underscore: boolean): boolean {
  return isTagStart(byte, underscore) || (byte >= 0x30 && byte <= 0x39);
}

// The length in bytes of the Unicode space starting at `position`, or 0.
function unicodeSpaceLength(bytes: Uint8Array, position: number): number {
  const [first, second, third] = [bytes[position], bytes[position + 1], bytes[position + 2]];
  if (first === 0xc2 && second === 0xa0) return 2; // U+00A0
  if (first === 0xe2 && second === 0x80 && third !== undefined) {
    if ((third >= 0x80 && third <= 0x8b) || third === 0xaf) return 3; // U+2000..U+200B, U+202F
  }
  if (first === 0xe2 && second === 0x81 && (third === 0x9f || third === 0xa0)) return 3; // U+205F, U+2060
  if (first === 0xe3 && second === 0x80 && third === 0x80) return 3; // U+3000
  if (first === 0xef && second === 0xbb && third === 0xbf) return 3; // U+FEFF
  return 0;
}

// Byte offsets of the Unicode spaces DuckDB's pass replaces, walking the bytes as it does (its loops stop
// two bytes before the end, and it enters a quote or a comment where it alone thinks one starts).
function replacedByteOffsets(bytes: Uint8Array, underscore: boolean): number[] {
  const size = bytes.length;
  const offsets: number[] = [];
  let position = 0;
  let state: 'regular' | 'quote' | 'dollar' | 'comment' = 'regular';
  let quote = 0;
  let tag: Uint8Array = new Uint8Array();
  while (position < size) {
    if (state === 'regular') {
      if (position + 2 >= size) break;
      const byte = bytes[position] as number;
      if (unicodeSpaceLength(bytes, position) > 0) offsets.push(position);
      if (byte === 0x22 || byte === 0x27) {
        quote = byte;
        state = 'quote';
        position += 1;
        continue;
      }
      if (byte === 0x24) {
        const next = bytes[position + 1] as number;
        if (next === 0x24 || isTagStart(next, underscore)) {
          position += 1;
          const start = position;
          let found = false;
          for (; position + 2 < size; position += 1) {
            if (bytes[position] === 0x24) {
              tag = bytes.slice(start, position);
              found = true;
              break;
            }
            if (!isTagPart(bytes[position] as number, underscore)) break;
          }
          if (found) {
            state = 'dollar';
            continue;
          }
          if (position + 2 >= size) break;
          continue; // an invalid tag character: read on from it as usual
        }
      }
      if (byte === 0x2d && bytes[position + 1] === 0x2d) {
        state = 'comment';
        continue;
      }
      position += 1;
    } else if (state === 'quote') {
      if (position + 1 >= size) break;
      if (bytes[position] === quote) {
        if (bytes[position + 1] === quote) {
          position += 2;
          continue;
        }
        position += 1;
        state = 'regular';
        continue;
      }
      position += 1;
    } else if (state === 'dollar') {
      if (position + 2 >= size) break;
      const closes =
        bytes[position] === 0x24 &&
        size - (position + 1) >= tag.length + 1 &&
        bytes[position + tag.length + 1] === 0x24 &&
        tag.every((byte, index) => bytes[position + 1 + index] === byte);
      if (closes) {
        position += tag.length + 1;
        state = 'regular';
        continue;
      }
      position += 1;
    } else {
      if (bytes[position] === 0x0a || bytes[position] === 0x0d) {
        state = 'regular';
        continue;
      }
      position += 1;
    }
  }
  return offsets;
}

const unicodeSpace = /[\u00a0\u2000-\u200b\u202f\u205f\u2060\u3000\ufeff]/;

/**
 * The SQL as DuckDB's scanner receives it: each Unicode space that DuckDB's pre-pass replaces becomes a
 * plain space. Every replaced character is one UTF-16 unit, so offsets into the result are offsets into
 * the input.
 */
export function replaceUnicodeSpaces(sql: string, rules: UnicodeSpaceRules = {}): string {
  if (!unicodeSpace.test(sql)) return sql;
  const bytes = encoder.encode(sql);
  const offsets = new Set(replacedByteOffsets(bytes, rules.underscoreOpensDollarTag ?? true));
  let result = '';
  let byteOffset = 0;
  for (const character of sql) {
    result += offsets.has(byteOffset) ? ' ' : character;
    byteOffset += encoder.encode(character).length;
  }
  return result;
}

/** Every set of rules under which a DuckDB version may read this SQL differently (one when it cannot). */
export function unicodeSpaceRuleSets(sql: string): UnicodeSpaceRules[] {
  return unicodeSpace.test(sql)
    ? [{ underscoreOpensDollarTag: true }, { underscoreOpensDollarTag: false }]
    : [{}];
}
