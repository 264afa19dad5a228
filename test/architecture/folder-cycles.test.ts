// The top-level folders of src/ depend on each other in one direction only: no chain of imports, of any
// length, static or dynamic, types included, leads from a folder back to itself. A cycle means layers
// that cannot be understood, tested or replaced apart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeCycle,
  folderCycles,
  folderGraph,
  relativeImports,
  type FolderGraph,
} from './folder-graph';

function graphOf(edges: [string, string][]): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const [from, to] of edges) {
    const targets = graph.get(from) ?? new Map<string, string>();
    targets.set(to, `${from}/x.ts imports ../${to}/y`);
    graph.set(from, targets);
  }
  return graph;
}

describe('folder dependencies', () => {
  it('have no cycle of any length between the folders of src/', () => {
    const graph = folderGraph();
    expect(folderCycles(graph).map((cycle) => describeCycle(graph, cycle))).toEqual([]);
  });

  it('finds a cycle through four folders that no pair of folders shows', () => {
    const graph = graphOf([
      ['agent', 'tools'],
      ['tools', 'data'],
      ['data', 'map'],
      ['map', 'agent'],
      ['ui', 'agent'],
    ]);
    expect(folderCycles(graph)).toEqual([['agent', 'data', 'map', 'tools']]);
  });

  it('reads dynamic, side-effect and re-export imports as well as static ones', () => {
    const text = [
      "import { a } from '../x/a';",
      'import type { B } from "../y/b";',
      "export { c } from '../z/c';",
      "import '../w/styles';",
      "const { h } = await import('../../v/h');",
      "import { outside } from 'maplibre-gl';",
    ].join('\n');
    expect(relativeImports(text)).toEqual([
      '../x/a',
      '../y/b',
      '../z/c',
      '../w/styles',
      '../../v/h',
    ]);
  });

  it('sees imports at every depth (known edges from nested files)', () => {
    const graph = folderGraph();
    expect(graph.get('tools')?.has('geo')).toBe(true);
    expect(graph.get('agent')?.has('tools')).toBe(true);
  });

  it('finds a cycle closed only by a dynamic import three folders deep', () => {
    const root = mkdtempSync(join(tmpdir(), 'folder-graph-'));
    try {
      mkdirSync(join(root, 'a', 'b', 'c'), { recursive: true });
      mkdirSync(join(root, 'd'));
      writeFileSync(
        join(root, 'a', 'b', 'c', 'deep.ts'),
        "export const x = import('../../../d/e');\n",
      );
      writeFileSync(join(root, 'd', 'e.ts'), "import type { X } from '../a/b/c/deep';\n");
      expect(folderCycles(folderGraph(root))).toEqual([['a', 'd']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
