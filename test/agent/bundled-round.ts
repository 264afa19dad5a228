// The first round as a page with the bundled config sends it: the app's own tools (map, chart, embedded
// SQL) and the system prompt built from system-prompt.md and the bundled datasets.
import { readFileSync } from 'node:fs';
import { catalogEntryFromConfig, DatasetCatalog, defaultAppConfig } from '../../src/config';
import { buildSystemPrompt } from '../../src/config/build-system-prompt';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { shippedToolSpecs } from '../providers/shipped-tool-specs';
import type { ModelRequest } from '../../src/agent/types';

/** The app's own tools (map, chart, embedded SQL), as a page with the bundled config offers them. */
export async function appRegistry(): Promise<ToolRegistry> {
  const specs = (await shippedToolSpecs()).filter(
    (spec) => !spec.name.includes('-') && spec.name !== 'echo',
  );
  const registry = new ToolRegistry();
  for (const spec of specs) {
    registry.register({
      ...spec,
      origin: { kind: 'local' },
      execute: async () => ({ content: '' }),
    });
  }
  return registry;
}

/** The bundled system prompt, full or short (`compact`, as a small context window gets it). */
export function bundledPrompt(compact: boolean): string {
  const config = defaultAppConfig();
  const catalog = new DatasetCatalog(
    config.datasets.map((dataset) => catalogEntryFromConfig(dataset, dataset.id)),
  );
  return buildSystemPrompt({
    basePrompt: readFileSync(new URL('../../system-prompt.md', import.meta.url), 'utf8'),
    datasets: catalog.list(),
    explainCalls: config.explainCalls.promptRule,
    compact,
  });
}

/** Bytes of a request's system prompt and tool specs (what round 1 costs before any history). */
export function roundBytes(request: ModelRequest): { system: number; tools: number } {
  return {
    system: request.messages.find((message) => message.role === 'system')?.content.length ?? 0,
    tools: JSON.stringify(request.tools ?? []).length,
  };
}
