// The build reports what is wrong with app-config.json in the terminal it runs in: a key or value from
// the file is data there too, so its control characters are printed as escapes, never sent raw.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { policyForConfigFile } from '../../scripts/build/vite-plugin-security-headers';

let folder: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('the build reports config problems', () => {
  it('names the refused URL field, and prints escape sequences from the file as text', async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-config-'));
    const path = join(folder, 'app-config.json');
    await writeFile(
      path,
      JSON.stringify({
        '\u001b]0;owned\u0007\u001b[2J': 1,
        mcpServers: [{ id: 't', url: 'http://a;frame-ancestors/mcp' }],
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { headers } = await policyForConfigFile(path);
    const printed = warn.mock.calls.map((call) => String(call[0]));
    expect(printed.some((line) => line.includes('mcpServers[0].url has a host name'))).toBe(true);
    for (const line of printed) expect(line).not.toMatch(/\p{Cc}/u);
    expect(printed.join('\n')).toContain('\\u001b]0;owned\\u0007\\u001b[2J');
    expect(headers['Content-Security-Policy']).toMatch(/; frame-ancestors 'none'$/);
    expect(headers['Content-Security-Policy']).not.toContain('a;frame-ancestors');
  }, 30_000);
});
