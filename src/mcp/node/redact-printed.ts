// The one function every line the bridge and the Node SQL server print goes through (their log, their
// errors, a crash's stack). A printed line reaches a terminal, a CI log or a support ticket, so it holds
// no secret: a URL's `user:password@`, a `password=`/`key=`/`token=` parameter or DSN field, a
// `PGPASSWORD=`-style variable, a `--password VALUE` argument are masked, as the app masks them on
// screen (agent/redact). Text a stranger may have written (a sign-in callback's error, a stdio server's
// stderr, a remote error) cannot drive the terminal either: control characters and escape sequences are
// removed, so it cannot move the cursor, recolour, retitle the window or fake a line of the program's own.
import { redactSecrets, REDACTED } from '../../agent/redact/redact';
import { isSecretKeyName } from '../../agent/redact/secret-key-name';

// ESC followed by a CSI (`ESC [ … final`), an OSC/DCS/PM/APC/SOS string (ended by BEL or ESC \), or one
// more character; their 8-bit C1 forms too. Bounded so a megabyte of hostile text stays linear.
const escapeSequences = new RegExp(
  [
    String.raw`(?:\u001b\[|\u009b)[\u0030-\u003f]{0,64}[\u0020-\u002f]{0,16}[\u0040-\u007e]?`,
    String.raw`(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]{0,4096}(?:\u0007|\u001b\\|\u009c)?`,
    String.raw`\u001b[\u0020-\u002f]{0,16}[\u0030-\u007e]?`,
  ].join('|'),
  'g',
);
// Every other C0 control but tab and line feed (a carriage return would let text overwrite its line),
// DEL, C1 controls, and the Unicode line and paragraph separators and bidirectional overrides.
const controlCharacters =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text` without terminal escape sequences or control characters (tab and line feed are kept). */
export function withoutControlCharacters(text: string): string {
  return text.replace(escapeSequences, '').replace(controlCharacters, '');
}

/**
 * Text from elsewhere shown inside one of the program's own lines: no control characters, no line
 * break (which could fake a line of the program's own), at most `limit` characters.
 */
export function oneForeignLine(text: string, limit = 300): string {
  const line = withoutControlCharacters(text).replace(/\s+/g, ' ').trim();
  return line.length > limit ? `${line.slice(0, limit)}…` : line;
}

// `--password hunter2`, `-password hunter2`, `--api-key=…` is left to redactSecrets (it has the `=`).
const secretFlagThenValue =
  /(^|\s)(-{1,2}[A-Za-z][A-Za-z0-9_.-]{0,63})(\s+)(?!-)([^\s"'`]{1,4096})/g;
// A URL's `user:password@` where a path resolved it to one slash (`postgresql:/user:pw@host`), which
// the display masker (it looks for `://`) does not take for a URL.
const schemeUserPassword =
  /\b([A-Za-z][A-Za-z0-9+.-]{0,30}:\/{1,2})([^\s:/@?#]{0,256}):([^\s/?#]{1,256})@/g;

// A bare `key=…` (a command line's `key=abc123`, `--opt key=abc123`): on screen `key` alone is too
// common a word to mask, but a printed argument named `key` is a credential's.
const bareKeyValue = /(^|[\s;,&])(key[ \t]{0,8}=[ \t]{0,8})([^\s;,&"'`]{1,4096})/gi;

/** A line as it may be printed: control characters removed and every secret in it masked. */
export function redactPrinted(text: string): string {
  const plain = withoutControlCharacters(text)
    .replace(schemeUserPassword, (_match, scheme: string, user: string) => {
      return `${scheme}${user}:${REDACTED}@`;
    })
    .replace(secretFlagThenValue, (match, start: string, flag: string, space: string) =>
      isSecretKeyName(flag.replace(/^-+/, '')) ? `${start}${flag}${space}${REDACTED}` : match,
    )
    .replace(bareKeyValue, (match, start: string, key: string, value: string) =>
      value.includes(REDACTED) ? match : `${start}${key}${REDACTED}`,
    );
  return redactSecrets(plain);
}

/** What a thrown value prints as: its message alone (a stack is for a debugger), redacted. */
export function printedError(error: unknown): string {
  return redactPrinted(error instanceof Error ? error.message : String(error));
}
