// The person's switch for reusing answers of repeated lookups: applied to the registry at once and on
// each change, and kept on this device. The settings' MCP section shows it.
import { loadReuseAnswers, saveReuseAnswers } from './mcp-preferences-store';
import type { ToolRegistry } from '../tools/tool-registry';
import type { ReuseAnswersSwitch } from './mcp-settings-section';

/** The switch over `registry`, for answers reused `reuseAnswersMs` long (the publisher's limit). */
export function reuseAnswersSwitch(
  registry: ToolRegistry,
  reuseAnswersMs: number,
  storage: Storage,
): ReuseAnswersSwitch {
  const reuse: ReuseAnswersSwitch = {
    on: loadReuseAnswers(storage),
    minutes: Math.round(reuseAnswersMs / 60_000),
    set(on) {
      reuse.on = on;
      saveReuseAnswers(on, storage);
      registry.setReuseAnswers(on ? reuseAnswersMs : 0);
    },
  };
  registry.setReuseAnswers(reuse.on ? reuseAnswersMs : 0);
  return reuse;
}
