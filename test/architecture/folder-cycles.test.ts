// The top-level folders of src/ depend on each other in one direction only: a folder that imports
// another (types included) is never imported back, at any depth. A cycle means two layers that cannot
// be understood, tested or replaced apart.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Folder → folders it imports from, with one example import each. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles('src')) {
    const from = relative('src', file).split(sep)[0] ?? '';
    if (from.endsWith('.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)) {
      const target = normalize(join(dirname(file), match[1] ?? ''));
      const to = relative('src', target).split(sep)[0] ?? '';
      if (to === from || to.startsWith('..') || !to) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      edges.set(to, `${file} imports ${match[1]}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

describe('folder dependencies', () => {
  it('have no cycles between the folders of src/', () => {
    const graph = folderGraph();
    const cycles: string[] = [];
    for (const [from, edges] of graph) {
      for (const [to, example] of edges) {
        const back = graph.get(to)?.get(from);
        if (back && from < to) cycles.push(`${from} ⇄ ${to}: ${example}; ${back}`);
      }
    }
    expect(cycles).toEqual([]);
  });

  it('sees imports at every depth (the probe finds a known edge from a nested file)', () => {
    expect(folderGraph().get('tools')?.has('geo')).toBe(true);
  });
});
