import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint enforces the dependency rules', () => {
  it('refuses a library import in src/agent', async () => {
    const ids = await ruleIds(
      "import * as maplibregl from 'maplibre-gl';\nexport const x = maplibregl;\n",
      'src/agent/bad.ts',
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('refuses a Node module in src/agent', async () => {
    const ids = await ruleIds(
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'src/agent/bad.ts',
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('refuses DOM and network globals in src/agent', async () => {
    const ids = await ruleIds('export const x = () => fetch(document.URL);\n', 'src/agent/bad.ts');
    expect(ids.filter((id) => id === 'no-restricted-globals')).toHaveLength(2);
  });

  it('refuses an import of another layer from src/agent', async () => {
    const ids = await ruleIds(
      "import { x } from '../map/map-controller';\nexport const y = x;\n",
      'src/agent/bad.ts',
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('allows src/agent to import tool types', async () => {
    const ids = await ruleIds(
      "import type { Tool } from '../tools/tool';\nexport type X = Tool;\n",
      'src/agent/good.ts',
    );
    expect(ids).toEqual([]);
  });

  it('applies the agent and provider rules to files in nested folders too', async () => {
    for (const [code, filePath] of [
      [
        "import { x } from '../../ui/chat-panel';\nexport const y = x;\n",
        'src/agent/conversation/bad.ts',
      ],
      [
        "import { x } from '../../../map/map-controller';\nexport const y = x;\n",
        'src/agent/a/b/bad.ts',
      ],
      [
        "import { x } from '../../storage/conversation-store';\nexport const y = x;\n",
        'src/agent/conversation/bad.ts',
      ],
    ] as const) {
      expect(await ruleIds(code, filePath)).toContain('no-restricted-imports');
    }
    expect(
      await ruleIds(
        "import { Agent } from '../../agent/run/agent';\nexport const x = Agent;\n",
        'src/providers/gemini/bad.ts',
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await ruleIds(
        "import type { Message } from '../../agent/types';\nexport type X = Message;\n",
        'src/providers/gemini/good.ts',
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        "import { reduceConversation } from './conversation-reducer';\nexport const x = reduceConversation;\n",
        'src/agent/conversation/good.ts',
      ),
    ).toEqual([]);
  });

  it('holds in the subfolders of src/agent, src/data and src/map, without mistaking a sibling for a layer', async () => {
    for (const [code, filePath, rule] of [
      [
        "import { x } from '../../data/data-engine';\nexport const y = x;\n",
        'src/agent/run/bad.ts',
        'no-restricted-imports',
      ],
      [
        "import * as m from 'maplibre-gl';\nexport const x = m;\n",
        'src/agent/context/bad.ts',
        'no-restricted-imports',
      ],
      [
        "import * as d from '@duckdb/duckdb-wasm';\nexport const x = d;\n",
        'src/map/layers/bad.ts',
        'no-restricted-imports',
      ],
      [
        "import * as m from 'maplibre-gl';\nexport const x = m;\n",
        'src/data/workers/bad.ts',
        'no-restricted-imports',
      ],
      [
        "import { x } from '../../uploads';\nexport const y = x;\n",
        'src/data/duckdb/bad.ts',
        'no-restricted-syntax',
      ],
      [
        "import { x } from '../../chat';\nexport const y = x;\n",
        'src/map/basemap/bad.ts',
        'no-restricted-syntax',
      ],
    ] as const) {
      expect(await ruleIds(code, filePath), `${filePath}: ${code}`).toContain(rule);
    }
    for (const [code, filePath] of [
      [
        "import { redactSecrets } from '../redact/redact';\nexport const x = redactSecrets;\n",
        'src/agent/run/good.ts',
      ],
      [
        "import { readCsvFile } from '../upload-files/read-csv-file';\nexport const x = readCsvFile;\n",
        'src/data/duckdb/good.ts',
      ],
      [
        "import * as d from '@duckdb/duckdb-wasm';\nexport const x = d;\n",
        'src/data/workers/good.ts',
      ],
      ["import * as m from 'maplibre-gl';\nexport const x = m;\n", 'src/map/layers/good.ts'],
    ] as const) {
      expect(await ruleIds(code, filePath), `${filePath}: ${code}`).toEqual([]);
    }
  });

  it('keeps src/sql pure: no packages, no other layer, at any depth', async () => {
    for (const filePath of ['src/sql/bad.ts', 'src/sql/nested/deeper/bad.ts']) {
      expect(
        await ruleIds("import { x } from '../data/data-engine';\nexport const y = x;\n", filePath),
      ).toContain('no-restricted-imports');
      expect(
        await ruleIds("import * as d from '@duckdb/duckdb-wasm';\nexport const x = d;\n", filePath),
      ).toContain('no-restricted-imports');
    }
    expect(
      await ruleIds(
        "import { tokenizeSql } from './sql-tokens';\nexport const x = tokenizeSql;\n",
        'src/sql/good.ts',
      ),
    ).toEqual([]);
  });

  it('keeps maplibre-gl inside src/map and DuckDB inside src/data', async () => {
    expect(
      await ruleIds("import * as m from 'maplibre-gl';\nexport const x = m;\n", 'src/ui/bad.ts'),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds(
        "import * as d from '@duckdb/duckdb-wasm';\nexport const x = d;\n",
        'src/mcp/bad.ts',
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds("import * as m from 'maplibre-gl';\nexport const x = m;\n", 'src/map/good.ts'),
    ).toEqual([]);
  });

  it('keeps marked and DOMPurify inside src/ui/markdown.ts', async () => {
    expect(
      await ruleIds(
        "import { marked } from 'marked';\nexport const x = marked;\n",
        'src/ui/chat.ts',
      ),
    ).toContain('no-restricted-imports');
  });

  it('refuses runtime imports of the agent from providers but allows types', async () => {
    expect(
      await ruleIds(
        "import { Agent } from '../agent/run/agent';\nexport const x = Agent;\n",
        'src/providers/bad.ts',
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await ruleIds(
        "import type { Agent } from '../agent/run/agent';\nexport type X = Agent;\n",
        'src/providers/good.ts',
      ),
    ).toEqual([]);
  });
  it('lets other folders reach a surface only through its index or a mount file, at any depth', async () => {
    for (const [code, filePath] of [
      [
        "import { ApprovalCard } from '../approval/approval-card';\nexport const x = ApprovalCard;\n",
        'src/chat/bad.ts',
      ],
      [
        "import { ResultTable } from '../../results/result-table';\nexport const x = ResultTable;\n",
        'src/chat/turn/bad.ts',
      ],
      [
        "import type { SettingsPanel } from '../settings/settings-panel';\nexport type X = SettingsPanel;\n",
        'src/app/bad.ts',
      ],
      [
        "import { isConversationExportFile } from '../conversations/export/is-conversation-export';\nexport const x = isConversationExportFile;\n",
        'src/app/bad.ts',
      ],
      ["export const x = () => import('../uploads/upload-store');\n", 'src/app/bad.ts'],
      [
        "import { applySavedTheme } from './settings/apply-saved-theme';\nexport const x = applySavedTheme;\n",
        'src/bad.ts',
      ],
    ] as const) {
      expect(await ruleIds(code, filePath), `${filePath}: ${code}`).toContain(
        'import-x/no-restricted-paths',
      );
    }
    for (const [code, filePath] of [
      [
        "import { PendingApprovalView } from '../approval';\nexport const x = PendingApprovalView;\n",
        'src/chat/good.ts',
      ],
      [
        "import { ResultTable } from '../../results';\nexport const x = ResultTable;\n",
        'src/chat/turn/good.ts',
      ],
      ["export const x = () => import('../chat/mount-chat');\n", 'src/app/good.ts'],
      [
        "import { MapUndo } from '../conversations/shell';\nexport const x = MapUndo;\n",
        'src/app/good.ts',
      ],
      [
        "import { ApprovalCard } from './approval-card';\nexport const x = ApprovalCard;\n",
        'src/approval/good.ts',
      ],
      [
        "import { ToolCallView } from '../turn/tool-call-view';\nexport const x = ToolCallView;\n",
        'src/chat/other/good.ts',
      ],
    ] as const) {
      expect(await ruleIds(code, filePath), `${filePath}: ${code}`).toEqual([]);
    }
  });

  it('keeps src/ui to primitives, and the layers below the views out of every surface', async () => {
    for (const [code, filePath] of [
      ["import { ChatPanel } from '../chat';\nexport const x = ChatPanel;\n", 'src/ui/bad.ts'],
      ["export const x = () => import('../../app/mount-app');\n", 'src/ui/nested/bad.ts'],
      [
        "import { ResultTable } from '../results';\nexport const x = ResultTable;\n",
        'src/data/bad.ts',
      ],
      [
        "import { SettingsPanel } from '../../settings';\nexport const x = SettingsPanel;\n",
        'src/tools/map/bad.ts',
      ],
      ["import { element } from '../ui/dom';\nexport const x = element;\n", 'src/storage/bad.ts'],
    ] as const) {
      expect(await ruleIds(code, filePath), `${filePath}: ${code}`).toContain(
        'no-restricted-syntax',
      );
    }
    expect(
      await ruleIds(
        "import { element } from './dom';\nexport const x = element;\n",
        'src/ui/good.ts',
      ),
    ).toEqual([]);
  });
});
