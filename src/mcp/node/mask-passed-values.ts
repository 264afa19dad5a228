// The values of secret variables the bridge hands a stdio server (`--env PGPASSWORD`) never appear in
// what it prints, whatever the server writes on stderr or in an error: each is replaced by its name.
// (Patterns such as `user:password@` are masked by the bridge's printed-line redaction; a password the
// server prints alone has no pattern, so it is masked by value.)

const secretName = /PASS|SECRET|TOKEN|KEY|CREDENTIAL|AUTH/i;

/** `text` with the value of every secret-named variable in `passed` replaced by `[NAME]`. */
export function maskPassedValues(text: string, passed: Record<string, string> | undefined): string {
  if (!passed) return text;
  let masked = text;
  for (const [name, value] of Object.entries(passed)) {
    if (value.length >= 4 && secretName.test(name)) masked = masked.replaceAll(value, `[${name}]`);
  }
  return masked;
}
