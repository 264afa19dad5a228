// PEM private keys are masked as whole blocks. Done with indexOf rather than one lazy regex so that many
// BEGIN lines without an END cannot make the scan quadratic. Only text that looks like a key body is
// masked, so a forged header cannot hide the lines of SQL or prose that follow it.

const header = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
const footer = /^-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----/;
// A whole key's body: base64 lines, and the `Proc-Type: 4,ENCRYPTED` headers of an encrypted one.
const keyBody = /^[A-Za-z0-9+/=\s\\,:-]*$/;
// A key cut short (a truncated log line): full base64 lines, then a last partial line at the very end.
const cutBody =
  /^(?:(?:\r?\n|\\n)[A-Za-z0-9+/=]{40,76}(?=\r?\n|\\n|$))*(?:(?:\r?\n|\\n)?[A-Za-z0-9+/=]{1,76}$)?/;
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
    // Another header before the footer: this one is cut short (and its body is not scanned twice).
    const nextHeader = text.indexOf('-----BEGIN ', bodyStart);
    const whole = nextEnd !== -1 && (nextHeader === -1 || nextHeader > nextEnd);
    if (whole && nextEnd - bodyStart <= maximumBlock) {
      const closing = footer.exec(text.slice(nextEnd, nextEnd + 64));
      if (closing !== null && keyBody.test(text.slice(bodyStart, nextEnd))) {
        blockEnd = nextEnd + closing[0].length;
      }
    }
    if (blockEnd === undefined) {
      const body = cutBody.exec(text.slice(bodyStart, bodyStart + maximumBlock));
      blockEnd = bodyStart + (body?.[0].length ?? 0);
    }
    result += text.slice(copiedUpTo, match.index) + marker;
    copiedUpTo = blockEnd;
    header.lastIndex = blockEnd;
  }
  return result + text.slice(copiedUpTo);
}
