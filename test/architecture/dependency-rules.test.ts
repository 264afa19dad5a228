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
        "import { Agent } from '../../agent/agent';\nexport const x = Agent;\n",
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
        "import { Agent } from '../agent/agent';\nexport const x = Agent;\n",
        'src/providers/bad.ts',
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await ruleIds(
        "import type { Agent } from '../agent/agent';\nexport type X = Agent;\n",
        'src/providers/good.ts',
      ),
    ).toEqual([]);
  });
});
