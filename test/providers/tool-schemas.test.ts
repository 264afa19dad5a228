// Every tool schema the app can offer, converted to what each provider accepts: the app's own tools,
// the embedded SQL server's, a reference MCP server's and third-party shapes, sent through each adapter
// and checked against that provider's documented rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicModel } from '../../src/providers/anthropic/anthropic-model';
import { createGeminiModel } from '../../src/providers/gemini/gemini-model';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import {
  anthropicRequestViolations,
  geminiRequestViolations,
  openAIRequestViolations,
} from './provider-request-rules';
import { collect, fixture, replayFetch } from './replay-fetch';
import { shippedToolSpecs } from './shipped-tool-specs';
import { thirdPartyToolSpecs } from './third-party-tool-schemas';
import type { ChatModel } from '../../src/agent/types';
import type { FetchFunction } from '../../src/providers/provider-options';
import type { ToolSpec } from '../../src/tools/tool';

type Body = Record<string, unknown>;

const providers: {
  name: string;
  fixture: [string, string];
  create: (fetch: FetchFunction) => ChatModel;
  violations: (body: Body) => string[];
}[] = [
  {
    name: 'OpenAI',
    fixture: ['openai-compatible', 'text.sse'],
    create: (fetch) => createOpenAICompatibleModel({ model: 'gpt-4.1', apiKey: 'k', fetch }),
    violations: openAIRequestViolations,
  },
  {
    name: 'Anthropic',
    fixture: ['anthropic', 'text.sse'],
    create: (fetch) => createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey: 'k', fetch }),
    violations: anthropicRequestViolations,
  },
  {
    name: 'Gemini',
    fixture: ['gemini', 'text.sse'],
    create: (fetch) => createGeminiModel({ model: 'gemini-2.5-flash', apiKey: 'k', fetch }),
    violations: geminiRequestViolations,
  },
];

async function sentBody(provider: (typeof providers)[number], tools: ToolSpec[]): Promise<Body> {
  const replay = replayFetch(fixture(...provider.fixture));
  await collect(provider.create(replay.fetch), {
    messages: [{ role: 'user', content: 'Where was the strongest quake?' }],
    tools,
  });
  return replay.requests[0]!.body;
}

/** Gemini's parameters for each tool, by name. */
async function geminiParameters(tools: ToolSpec[]): Promise<Record<string, Body | undefined>> {
  const body = await sentBody(providers[2]!, tools);
  const declarations = (body.tools as { functionDeclarations: Body[] }[])[0]!.functionDeclarations;
  return Object.fromEntries(
    declarations.map((declaration) => [
      String(declaration.name),
      declaration.parameters as Body | undefined,
    ]),
  );
}

let shipped: ToolSpec[] = [];
beforeAll(async () => {
  shipped = await shippedToolSpecs();
});

describe('tool schemas each provider accepts', () => {
  it('builds the full tool list: map tools, render_chart, the SQL tools and server-everything', () => {
    const names = shipped.map((spec) => spec.name);
    for (const name of ['set_filter', 'map_query_result', 'render_chart', 'query', 'echo']) {
      expect(names).toContain(name);
    }
    expect(names.length).toBeGreaterThan(25);
  });

  for (const provider of providers) {
    it(`${provider.name}: every tool the app ships follows the documented rules`, async () => {
      expect(provider.violations(await sentBody(provider, shipped))).toEqual([]);
    });

    it(`${provider.name}: third-party schemas follow the documented rules`, async () => {
      expect(provider.violations(await sentBody(provider, thirdPartyToolSpecs))).toEqual([]);
    });
  }
});

describe('what the Gemini conversion keeps', () => {
  it('gives the app tools what Gemini needs: a type on every enum, items on every array', async () => {
    const parameters = await geminiParameters(shipped);
    const geometry = parameters.map_query_result?.properties as Record<string, Body>;
    expect((geometry.geometry!.properties as Record<string, Body>).kind).toEqual({
      type: 'string',
      enum: ['points', 'h3', 'shapes', 'join'],
    });
    expect((parameters.set_filter?.properties as Record<string, Body>).filter).toEqual({
      type: 'array',
      items: {},
    });
    expect(parameters.set_filter?.required).toEqual(['layer', 'filter']);
    expect((parameters.set_style?.properties as Record<string, Body>).paint).toEqual({
      type: 'object',
    });
    // Tools without arguments have no parameters at all.
    expect(parameters.list_tables).toBeUndefined();
    expect(parameters.get_map_state).toBeUndefined();
  });

  it('inlines $ref, merges allOf, turns null alternatives into nullable and oneOf into anyOf', async () => {
    const parameters = await geminiParameters(thirdPartyToolSpecs);
    const search = parameters.search_issues?.properties as Record<string, Body>;
    expect(search.state).toEqual({ type: 'string', enum: ['open', 'closed', 'all'] });
    expect(search.cursor).toEqual({ type: 'string', nullable: true });
    expect(search.per_page).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    const feature = parameters.create_feature?.properties as Record<string, Body>;
    expect(feature.version).toEqual({ type: 'string', enum: ['1'] });
    expect(feature.label).toEqual({ type: 'string', nullable: true });
    expect(feature.tags).toEqual({ type: 'object' });
    expect(feature.value).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect((feature.geometry!.anyOf as Body[]).map((branch) => branch.required)).toEqual([
      ['kind', 'coordinates'],
      ['kind', 'bounds'],
    ]);
    const exported = parameters.export_layer!;
    expect((exported.properties as Record<string, Body>).format).toEqual({
      type: 'string',
      enum: ['geojson', 'csv'],
      description: 'File format.',
    });
    expect(exported.required).toEqual(['layer', 'format']);
    expect((parameters.set_options?.properties as Record<string, Body>).limits).toEqual({
      type: 'object',
      properties: { max: { type: 'number' }, min: { type: 'number' } },
      required: ['min'],
      description: 'Both limits.',
    });
  });

  it('says in the description what the subset cannot: number enums, formats; leaves recursion open', async () => {
    const parameters = await geminiParameters(thirdPartyToolSpecs);
    const options = parameters.set_options?.properties as Record<string, Body>;
    expect(options.zoom).toEqual({ type: 'integer', description: 'Allowed values: 1, 2, 4, 8.' });
    expect(options.mode).toEqual({ type: 'string', enum: ['fast', 'exact'], nullable: true });
    expect(options.email).toEqual({ type: 'string', description: 'Format: email.' });
    expect(options.since).toEqual({ type: 'string', format: 'date-time' });
    expect(options.anything).toEqual({});
    expect(options.payload).toEqual({ description: 'Any JSON value.' });
    const outline = parameters.write_outline?.properties as Record<string, Body>;
    const children = (outline.root!.properties as Record<string, Body>).children!;
    expect(children.items).toEqual({
      description: 'Same structure as the value it is nested in.',
    });
    expect(outline.bbox).toEqual({
      type: 'array',
      items: { type: 'number' },
      minItems: 4,
      maxItems: 4,
    });
    expect(outline.rows).toEqual({ type: 'array', items: { type: 'array', items: {} } });
  });
});

describe('OpenAI and Anthropic parameters', () => {
  it('OpenAI: every array gets items, at any depth', async () => {
    const body = await sentBody(providers[0]!, thirdPartyToolSpecs);
    const outline = (body.tools as { function: { name: string; parameters: Body } }[]).find(
      (tool) => tool.function.name === 'write_outline',
    )!.function.parameters;
    expect((outline.properties as Record<string, Body>).rows).toEqual({
      type: 'array',
      items: { type: 'array', items: {} },
    });
    // Everything else is passed as the tool wrote it, references included.
    expect(outline.$defs).toEqual(
      (thirdPartyToolSpecs[1]!.inputSchema as Record<string, unknown>).$defs,
    );
  });

  it('alternatives at the top become one object, required where every alternative requires', async () => {
    for (const provider of providers) {
      const body = await sentBody(provider, [thirdPartyToolSpecs[4]!]);
      const tool = (body.tools as Body[])[0]!;
      const schema = (
        provider.name === 'OpenAI'
          ? (tool.function as Body).parameters
          : provider.name === 'Anthropic'
            ? tool.input_schema
            : (tool.functionDeclarations as Body[])[0]!.parameters
      ) as Body;
      expect(schema, provider.name).toMatchObject({
        type: 'object',
        properties: { name: { type: 'string' }, lon: { type: 'number' }, lat: { type: 'number' } },
        description: 'Give one of these sets of arguments: name; or lon, lat.',
      });
      expect(schema.anyOf, provider.name).toBeUndefined();
      expect(schema.required, provider.name).toBeUndefined();
    }
  });
});
