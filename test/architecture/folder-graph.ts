// The folder graph of src/: folder A → folder B when a file anywhere under A imports a file under B,
// statically, dynamically (`import('…')`) or as a type. Its strongly connected components are the cycles.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** Folder → folders it imports from, with one example import each. */
export type FolderGraph = Map<string, Map<string, string>>;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

// `import … from`, `export … from`, `import '…'` and `import('…')`, with either quote.
const importPattern =
  /(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)|import\s+['"](\.[^'"]+)['"]/g;

/** The relative imports of a module's text, static and dynamic. */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(importPattern)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** The graph of the top-level folders of `root`. */
export function folderGraph(root = 'src'): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = relative(root, file).split(sep)[0] ?? '';
    if (from.endsWith('.ts')) continue;
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = normalize(join(dirname(file), specifier));
      const to = relative(root, target).split(sep)[0] ?? '';
      if (to === from || to.startsWith('..') || !to || to.endsWith('.ts')) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${file} imports ${specifier}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle of the graph as a strongly connected component of two folders or more (Tarjan). */
export function folderCycles(graph: FolderGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const nodes = new Set([
    ...graph.keys(),
    ...[...graph.values()].flatMap((edges) => [...edges.keys()]),
  ]);
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}

/** A cycle spelled out with the import behind each of its edges, for the failure message. */
export function describeCycle(graph: FolderGraph, component: string[]): string {
  const members = new Set(component);
  const edges = component.flatMap((from) =>
    [...(graph.get(from) ?? [])]
      .filter(([to]) => members.has(to))
      .map(([to, example]) => `${from} → ${to} (${example})`),
  );
  return `{${component.join(', ')}}: ${edges.join('; ')}`;
}
