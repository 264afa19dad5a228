import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { askedEnvironment, groupedByEnvironment } from './by-environment';

describe('the unit files ordered by environment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'by-environment-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the environment a file asks for from its comment', () => {
    const jsdomFile = join(dir, 'a.test.ts');
    writeFileSync(jsdomFile, "// @vitest-environment jsdom\nimport { it } from 'vitest';\n");
    const nodeFile = join(dir, 'b.test.ts');
    writeFileSync(nodeFile, "import { it } from 'vitest';\n// mentions jsdom, asks for nothing\n");
    expect(askedEnvironment(jsdomFile)).toBe('jsdom');
    expect(askedEnvironment(nodeFile)).toBeUndefined();
  });

  it('groups the files by environment and keeps the order within each group', () => {
    const files = ['slow.node', 'slow.jsdom', 'mid.jsdom', 'mid.node', 'fast.node'];
    expect(groupedByEnvironment(files, (file) => file.split('.')[1] ?? '')).toEqual([
      'slow.node',
      'mid.node',
      'fast.node',
      'slow.jsdom',
      'mid.jsdom',
    ]);
  });
});
