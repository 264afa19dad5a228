import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asksForJsdom, nodeFilesFirst } from './by-environment';

describe('the unit files ordered by environment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'by-environment-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the environment a file asks for from its docblock', () => {
    const jsdomFile = join(dir, 'a.test.ts');
    writeFileSync(jsdomFile, "// @vitest-environment jsdom\nimport { it } from 'vitest';\n");
    const nodeFile = join(dir, 'b.test.ts');
    writeFileSync(nodeFile, "import { it } from 'vitest';\n// mentions jsdom, asks for nothing\n");
    expect(asksForJsdom(jsdomFile)).toBe(true);
    expect(asksForJsdom(nodeFile)).toBe(false);
  });

  it('puts the node files first and keeps the order within each environment', () => {
    const files = ['slow.jsdom', 'slow.node', 'mid.jsdom', 'mid.node', 'fast.node'];
    expect(nodeFilesFirst(files, (file) => file.endsWith('.jsdom'))).toEqual([
      'slow.node',
      'mid.node',
      'fast.node',
      'slow.jsdom',
      'mid.jsdom',
    ]);
  });
});
