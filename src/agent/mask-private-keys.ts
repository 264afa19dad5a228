// PEM private keys are masked as whole blocks. Done with indexOf rather than one lazy regex so that many
// BEGIN lines without an END cannot make the scan quadratic.

const header = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
const footer = /^-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----/;
const base64Body = /^[A-Za-z0-9+/=\s\\]*/;
const maximumBlock = 64 * 1024;

/** Replaces every PEM private key block (header to footer, or to the end of its body if cut) with `marker`. */
export function maskPrivateKeys(text: string, marker: string): string {
  if (!text.includes('PRIVATE KEY-----')) return text;
  let result = '';
  let copiedUpTo = 0;
  let nextEnd = text.indexOf('-----END ');
  header.lastIndex = 0;
  for (let match = header.exec(text); match !== null; match = header.exec(text)) {
    const bodyStart = match.index + match[0].length;
    while (nextEnd !== -1 && nextEnd < bodyStart) nextEnd = text.indexOf('-----END ', nextEnd + 1);
    let blockEnd: number | undefined;
    if (nextEnd !== -1 && nextEnd - bodyStart <= maximumBlock) {
      const closing = footer.exec(text.slice(nextEnd, nextEnd + 64));
      if (closing !== null) blockEnd = nextEnd + closing[0].length;
    }
    if (blockEnd === undefined) {
      // A key cut short (a truncated log line): mask what is left of its body.
      const body = base64Body.exec(text.slice(bodyStart, bodyStart + maximumBlock));
      blockEnd = bodyStart + (body?.[0].length ?? 0);
    }
    result += text.slice(copiedUpTo, match.index) + marker;
    copiedUpTo = blockEnd;
    header.lastIndex = blockEnd;
  }
  return result + text.slice(copiedUpTo);
}
