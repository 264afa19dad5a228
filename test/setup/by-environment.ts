import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Whether the test file at `path` asks for jsdom in its docblock (`// @vitest-environment jsdom`). */
export function asksForJsdom(path: string): boolean {
  return /@vitest-environment\s+jsdom\b/.test(readFileSync(path, 'utf8').slice(0, 4000));
}

/** `sorted` with the files that run in Node first and those that ask for jsdom after, each in its order. */
export function nodeFilesFirst<T>(sorted: readonly T[], isJsdom: (file: T) => boolean): T[] {
  const jsdom = sorted.filter(isJsdom);
  return [...sorted.filter((file) => !jsdom.includes(file)), ...jsdom];
}

/**
 * Vitest's own order (slowest first, by the last run's times or else by size), with the node files
 * before the jsdom ones. A worker that is not isolated keeps its modules only while the next file in
 * the queue has the same environment; when it does not, the worker stops and a new one starts and
 * imports everything again. In Vitest's own order the 60 jsdom files fall among the 248 node ones, and
 * a run started 52 workers for its 308 files; in this one it starts 6.
 */
export default class ByEnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return nodeFilesFirst(await super.sort(files), (spec) => asksForJsdom(spec.moduleId));
  }
}
