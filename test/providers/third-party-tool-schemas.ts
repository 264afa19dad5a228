// Input schemas in the shapes MCP servers send, as their schema libraries write them (Pydantic, zod,
// hand-written JSON Schema): optional values as `anyOf` with null, `$ref` into `$defs`, recursion,
// tuples, literals, unions, records, numeric enums, untyped values and formats.
import type { ToolSpec } from '../../src/tools/tool';

/** Third-party tool specs that push the providers' schema rules. */
export const thirdPartyToolSpecs: ToolSpec[] = [
  {
    // Pydantic v2: Optional fields, an enum class in $defs, a default, a title on everything.
    name: 'search_issues',
    description: 'Search issues.',
    inputSchema: {
      $defs: {
        State: { enum: ['open', 'closed', 'all'], title: 'State', type: 'string' },
      },
      properties: {
        query: { title: 'Query', type: 'string', minLength: 1 },
        state: { $ref: '#/$defs/State', default: 'open' },
        cursor: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Cursor' },
        per_page: {
          default: 30,
          exclusiveMinimum: 0,
          maximum: 100,
          title: 'Per Page',
          type: 'integer',
        },
        labels: { items: { type: 'string' }, title: 'Labels', type: 'array', uniqueItems: true },
      },
      required: ['query'],
      title: 'search_issuesArguments',
      type: 'object',
    },
  },
  {
    // A recursive tree ($ref to itself), a tuple (prefixItems) and a nested array without items.
    name: 'write_outline',
    description: 'Write an outline.',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        Node: {
          type: 'object',
          properties: {
            title: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
          required: ['title'],
        },
      },
      properties: {
        root: { $ref: '#/$defs/Node' },
        bbox: {
          type: 'array',
          prefixItems: [
            { type: 'number' },
            { type: 'number' },
            { type: 'number' },
            { type: 'number' },
          ],
          minItems: 4,
          maxItems: 4,
        },
        rows: { type: 'array', items: { type: 'array' } },
      },
      required: ['root'],
    },
  },
  {
    // zod-to-json-schema: a literal, a nullable as a type list, a record, a union, and a discriminated
    // union of objects.
    name: 'create_feature',
    description: 'Create a map feature.',
    inputSchema: {
      type: 'object',
      properties: {
        version: { type: 'string', const: '1' },
        label: { type: ['string', 'null'] },
        tags: { type: 'object', additionalProperties: { type: 'string' } },
        value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        geometry: {
          oneOf: [
            {
              type: 'object',
              properties: {
                kind: { type: 'string', const: 'point' },
                coordinates: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
              },
              required: ['kind', 'coordinates'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: {
                kind: { type: 'string', const: 'bbox' },
                bounds: { type: 'array', items: { type: 'number' } },
              },
              required: ['kind', 'bounds'],
              additionalProperties: false,
            },
          ],
        },
      },
      required: ['version', 'geometry'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
  },
  {
    // Hand-written: numeric and boolean enums, an untyped value, boolean schemas, formats, allOf.
    name: 'set_options',
    description: 'Set options.',
    inputSchema: {
      type: 'object',
      properties: {
        zoom: { type: 'integer', enum: [1, 2, 4, 8] },
        precision: { enum: [0.5, 1] },
        mode: { enum: ['fast', 'exact', null] },
        payload: { description: 'Any JSON value.' },
        anything: true,
        email: { type: 'string', format: 'email' },
        since: { type: 'string', format: 'date-time' },
        ratio: { type: 'number', format: 'double', multipleOf: 0.1 },
        count: { type: 'integer', format: 'uint32' },
        limits: {
          allOf: [
            { type: 'object', properties: { min: { type: 'number' } }, required: ['min'] },
            { properties: { max: { type: 'number' } } },
          ],
          description: 'Both limits.',
        },
      },
    },
  },
  {
    // Arguments given one way or another: alternatives at the top level, beside type object.
    name: 'locate',
    description: 'Find a place by name or by coordinates.',
    inputSchema: {
      type: 'object',
      anyOf: [
        { properties: { name: { type: 'string' } }, required: ['name'] },
        {
          properties: { lon: { type: 'number' }, lat: { type: 'number' } },
          required: ['lon', 'lat'],
        },
      ],
    },
  },
  {
    // Pydantic v1: a reference wrapped in allOf to carry a description, definitions instead of $defs.
    name: 'export_layer',
    description: 'Export a layer.',
    inputSchema: {
      type: 'object',
      definitions: {
        Format: { title: 'Format', enum: ['geojson', 'csv'], type: 'string' },
      },
      properties: {
        layer: { type: 'string' },
        format: { allOf: [{ $ref: '#/definitions/Format' }], description: 'File format.' },
        options: { type: 'object', properties: {}, additionalProperties: true },
      },
      required: ['layer', 'format', 'missing_property'],
    },
  },
];
