// JSON Schemas for each top-level field of app-config.json. Each field is validated on its own so one
// wrong field falls back to its default without taking the rest of the config with it.

const name = { type: 'string', minLength: 1 };
const identifier = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' };
const policy = { enum: ['ask', 'auto'] };
const positiveInteger = { type: 'integer', minimum: 1 };
// One Content-Security-Policy source a publisher may add to connect-src: a scheme (`https:`) or an
// origin, optionally with a wildcard subdomain, port or path; never a keyword, a ';' or a space.
const connectSource = {
  type: 'string',
  pattern:
    '^(?:(?:https?|wss?):|(?:https?|wss?)://(?:\\*\\.)?[A-Za-z0-9.-]+(?::(?:[0-9]{1,5}|\\*))?(?:/[A-Za-z0-9._~%!$&()*+=:@/-]*)?)$',
};

const geometrySchema = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { enum: ['none', 'points', 'geojson', 'shapes', 'h3'] } },
  allOf: [
    {
      if: { properties: { kind: { const: 'points' } } },
      then: { required: ['lon', 'lat'], properties: { lon: name, lat: name } },
    },
    {
      if: { properties: { kind: { const: 'shapes' } } },
      then: {
        required: ['url', 'format'],
        properties: { url: name, format: { enum: ['geojson', 'topojson'] }, object: name },
      },
    },
    {
      if: { properties: { kind: { const: 'h3' } } },
      then: { required: ['column'], properties: { column: name } },
    },
  ],
};

/** The schema of one dataset entry. */
export const datasetSchema = {
  type: 'object',
  required: ['id', 'title', 'source', 'table', 'geometry'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
    title: name,
    description: { type: 'string' },
    source: {
      type: 'object',
      required: ['url', 'format'],
      additionalProperties: false,
      properties: {
        url: name,
        format: { enum: ['csv', 'tsv', 'parquet', 'geojson', 'arrow', 'json'] },
      },
    },
    table: identifier,
    columns: { type: 'object', additionalProperties: { type: 'string' } },
    geometry: geometrySchema,
    layer: {
      type: 'object',
      additionalProperties: false,
      properties: {
        type: { enum: ['circle', 'fill', 'line'] },
        paint: { type: 'object' },
        visible: { type: 'boolean' },
        legendTitle: { type: 'string' },
      },
    },
    tooltip: { type: 'array', items: name },
    tiles: { type: 'string', pattern: '\\.pmtiles$' },
    attribution: { type: 'string', maxLength: 300 },
  },
  // Tiles are drawn before the features load, so the layer type cannot be guessed from them.
  if: { required: ['tiles'] },
  then: { required: ['layer'], properties: { layer: { required: ['type'] } } },
};

/** Schemas by top-level field name. */
export const fieldSchemas: Record<string, Record<string, unknown>> = {
  title: name,
  initialView: {
    type: 'object',
    required: ['center', 'zoom'],
    additionalProperties: false,
    properties: {
      center: {
        type: 'array',
        prefixItems: [
          { type: 'number', minimum: -180, maximum: 180 },
          { type: 'number', minimum: -90, maximum: 90 },
        ],
        minItems: 2,
        maxItems: 2,
      },
      zoom: { type: 'number', minimum: 0, maximum: 22 },
      bearing: { type: 'number' },
      pitch: { type: 'number', minimum: 0, maximum: 85 },
    },
  },
  basemap: {
    type: 'object',
    required: ['kind'],
    properties: { kind: { enum: ['offline', 'style'] }, url: name },
    if: { properties: { kind: { const: 'style' } } },
    then: { required: ['url'] },
  },
  datasets: { type: 'array' },
  examplePrompts: { type: 'array', items: name, maxItems: 12 },
  llm: {
    type: 'object',
    additionalProperties: false,
    properties: {
      providers: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'kind', 'models'],
          additionalProperties: false,
          properties: {
            id: name,
            kind: { enum: ['openai-compatible', 'anthropic', 'gemini', 'bedrock-converse'] },
            label: { type: 'string' },
            endpoint: { type: 'string', pattern: '^https?://' },
            models: { type: 'array', items: name },
            defaultModel: name,
          },
        },
      },
      defaultProvider: name,
      bringYourOwnKey: { type: 'boolean' },
    },
  },
  mcpServers: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'url'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
        name: { type: 'string' },
        url: { type: 'string', pattern: '^https?://' },
        transport: { enum: ['auto', 'streamable-http', 'sse'] },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        enabled: { type: 'boolean' },
        approval: policy,
        toolApproval: { type: 'object', additionalProperties: policy },
        toolTimeoutMs: { type: 'integer', minimum: 100 },
        oauthClient: {
          type: 'object',
          required: ['clientId'],
          additionalProperties: false,
          properties: {
            clientId: { type: 'string', minLength: 1 },
            clientSecret: { type: 'string' },
          },
        },
        // https with a path, as a client id that is a URL must be (the SDK refuses any other).
        oauthClientMetadataUrl: { type: 'string', pattern: '^https://[^/?#\\s]+/[^?#\\s]+$' },
      },
    },
  },
  approvals: {
    type: 'object',
    additionalProperties: false,
    properties: { defaultPolicy: policy, autoApproveSession: { type: 'boolean' } },
  },
  explainCalls: {
    type: 'object',
    additionalProperties: false,
    properties: {
      promptRule: { type: 'boolean' },
      reminder: { type: 'boolean' },
      explanationArgument: { type: 'boolean' },
      quickExplanation: { type: 'boolean' },
    },
  },
  limits: {
    type: 'object',
    additionalProperties: false,
    properties: {
      maxRounds: { type: 'integer', minimum: 1, maximum: 50 },
      turnDeadlineMs: { type: 'integer', minimum: 1000 },
      toolTimeoutMs: { type: 'integer', minimum: 100 },
      maxRowsToModel: { type: 'integer', minimum: 0, maximum: 1000 },
      reuseAnswersMs: { type: 'integer', minimum: 0, maximum: 86_400_000 },
      // A CSV is read in place by DuckDB, so a publisher may allow files far past the default.
      uploadMaxBytes: { ...positiveInteger, maximum: 2 * 1024 * 1024 * 1024 },
      contextTokens: { type: 'integer', minimum: 1000, maximum: 2_000_000 },
    },
  },
  data: {
    type: 'object',
    additionalProperties: false,
    properties: {
      // An origin only: a scheme, a host and an optional port; no path, no user, no query.
      allowedHosts: {
        type: 'array',
        maxItems: 50,
        items: { type: 'string', pattern: '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?/?$' },
      },
    },
  },
  systemPromptUrl: name,
  offline: { type: 'boolean' },
  security: {
    type: 'object',
    additionalProperties: false,
    properties: {
      connectSrc: { type: 'array', items: connectSource, maxItems: 64 },
      allowLocalEndpoints: { type: 'boolean' },
      frameAncestors: {
        type: 'array',
        items: { anyOf: [{ const: "'self'" }, connectSource] },
        maxItems: 16,
      },
    },
  },
};
