// Each provider's documented request rules, checked on the body an adapter sent. Written from the
// providers' API references (and the error messages their endpoints answer with), independently of the
// adapters, so a test can show a request a real endpoint would refuse. Each function returns the
// violations found, as readable strings; an empty list means the request follows the rules checked.

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** OpenAI and Anthropic tool names: letters, digits, `_` and `-`, 1 to 64 characters. */
const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/** Every sub-schema of a JSON Schema, with its path, the schema itself first. */
function* subSchemas(schema: unknown, path: string): Generator<[string, Json]> {
  if (!isObject(schema)) return;
  yield [path, schema];
  for (const key of ['properties', '$defs', 'definitions', 'patternProperties']) {
    const map = schema[key];
    if (isObject(map)) {
      for (const [name, child] of Object.entries(map))
        yield* subSchemas(child, `${path}.${key}.${name}`);
    }
  }
  for (const key of ['items', 'additionalProperties', 'not', 'contains']) {
    yield* subSchemas(schema[key], `${path}.${key}`);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) {
      for (const [index, child] of list.entries())
        yield* subSchemas(child, `${path}.${key}[${index}]`);
    }
  }
}

/**
 * A tool's parameters as OpenAI (Chat Completions, not strict) and Anthropic (`input_schema`) take them:
 * an object schema at the top, with no `anyOf` / `oneOf` / `allOf` / `enum` / `not` there.
 */
function topLevelObjectViolations(schema: unknown, where: string): string[] {
  if (!isObject(schema)) return [`${where}: not a JSON object`];
  const violations: string[] = [];
  if (schema.type !== 'object')
    violations.push(`${where}: type is ${JSON.stringify(schema.type)}, not "object"`);
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'enum', 'not']) {
    if (keyword in schema) violations.push(`${where}: "${keyword}" at the top level`);
  }
  return violations;
}

/** Chat Completions (OpenAI's own API): tools, tool messages, and the reasoning models' parameters. */
export function openAIRequestViolations(body: Json): string[] {
  const violations: string[] = [];
  const model = String(body.model ?? '');
  // o1 / o3 / o4-mini / gpt-5: max_tokens is refused ("use max_completion_tokens"), and so is any
  // temperature other than the default.
  if (/^(o\d|gpt-5)/.test(model)) {
    if ('max_tokens' in body)
      violations.push(`${model} refuses max_tokens; it takes max_completion_tokens`);
    if ('temperature' in body && body.temperature !== 1)
      violations.push(`${model} refuses temperature`);
  }
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const openCalls = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      openCalls.clear();
      for (const call of message.tool_calls as Json[]) openCalls.add(String(call.id));
    } else if (message.role === 'tool') {
      if (!openCalls.has(String(message.tool_call_id))) {
        violations.push(
          `messages[${index}]: a tool message must answer a tool_call of the assistant message before it`,
        );
      }
    } else {
      openCalls.clear();
    }
  }
  for (const [index, tool] of ((body.tools as Json[] | undefined) ?? []).entries()) {
    const fn = isObject(tool.function) ? tool.function : {};
    const where = `tools[${index}] (${String(fn.name)})`;
    if (tool.type !== 'function') violations.push(`${where}: type must be "function"`);
    if (!toolNamePattern.test(String(fn.name)))
      violations.push(`${where}: name must match ${toolNamePattern}`);
    violations.push(...topLevelObjectViolations(fn.parameters, `${where}.parameters`));
    // "Invalid schema for function ...: array schema missing items."
    for (const [path, schema] of subSchemas(fn.parameters, `${where}.parameters`)) {
      const type = schema.type;
      const isArray = type === 'array' || (Array.isArray(type) && type.includes('array'));
      if (isArray && !('items' in schema)) violations.push(`${path}: array schema missing items`);
    }
  }
  return violations;
}

/** The Messages API: roles, tool_use / tool_result pairing, thinking, tools. */
export function anthropicRequestViolations(body: Json): string[] {
  const violations: string[] = [];
  const maxTokens = body.max_tokens;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    violations.push('max_tokens must be a positive integer');
  }
  const thinking = isObject(body.thinking) ? body.thinking : undefined;
  if (thinking?.type === 'enabled') {
    const budget = thinking.budget_tokens;
    if (typeof budget !== 'number' || budget < 1024)
      violations.push('thinking.budget_tokens must be at least 1024');
    if (typeof budget === 'number' && typeof maxTokens === 'number' && budget >= maxTokens) {
      violations.push('thinking.budget_tokens must be less than max_tokens');
    }
    for (const key of ['temperature', 'top_k']) {
      if (key in body) violations.push(`${key} cannot be set with thinking`);
    }
  }
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  if (messages[0]?.role !== 'user') violations.push('messages must start with a user message');
  for (const [index, message] of messages.entries()) {
    const content = Array.isArray(message.content) ? (message.content as Json[]) : [];
    if (index > 0 && messages[index - 1]?.role === message.role) {
      violations.push(`messages[${index}]: roles must alternate`);
    }
    for (const [blockIndex, block] of content.entries()) {
      if (block.type === 'text' && String(block.text ?? '').length === 0) {
        violations.push(
          `messages[${index}].content[${blockIndex}]: text content blocks must be non-empty`,
        );
      }
      if (
        block.type === 'thinking' &&
        (typeof block.signature !== 'string' || block.signature === '')
      ) {
        violations.push(
          `messages[${index}].content[${blockIndex}]: a thinking block needs its signature`,
        );
      }
    }
    const previous = messages[index - 1];
    const previousContent = Array.isArray(previous?.content) ? (previous.content as Json[]) : [];
    const toolUses = new Set(
      previousContent.filter((block) => block.type === 'tool_use').map((block) => String(block.id)),
    );
    if (message.role === 'user') {
      const results = content.filter((block) => block.type === 'tool_result');
      for (const result of results) {
        if (!toolUses.has(String(result.tool_use_id))) {
          violations.push(
            `messages[${index}]: tool_result ${String(result.tool_use_id)} has no tool_use in the message before`,
          );
        }
      }
      // "tool_use ids were found without tool_result blocks immediately after"
      for (const id of toolUses) {
        if (!results.some((result) => result.tool_use_id === id)) {
          violations.push(`messages[${index}]: tool_use ${id} has no tool_result right after it`);
        }
      }
      // Tool results come first in the user message; text may follow them.
      const firstOther = content.findIndex((block) => block.type !== 'tool_result');
      if (
        firstOther >= 0 &&
        content.slice(firstOther).some((block) => block.type === 'tool_result')
      ) {
        violations.push(`messages[${index}]: tool_result blocks must come first in the content`);
      }
      // With thinking on, an assistant turn answered with tool results must start with its thinking.
      if (thinking?.type === 'enabled' && results.length > 0 && index === messages.length - 1) {
        const first = previousContent[0]?.type;
        if (first !== 'thinking' && first !== 'redacted_thinking') {
          violations.push(
            `messages[${index - 1}]: with thinking enabled, the assistant turn that called tools must start with a thinking or redacted_thinking block, not ${String(first)}`,
          );
        }
      }
    }
  }
  for (const [index, tool] of ((body.tools as Json[] | undefined) ?? []).entries()) {
    const where = `tools[${index}] (${String(tool.name)})`;
    if (!toolNamePattern.test(String(tool.name)))
      violations.push(`${where}: name must match ${toolNamePattern}`);
    violations.push(...topLevelObjectViolations(tool.input_schema, `${where}.input_schema`));
  }
  return violations;
}

/** The fields of Gemini's `Schema` (a select subset of OpenAPI 3.0). */
const geminiSchemaFields = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

const geminiTypes = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** Fields Gemini accepts only on one kind of type ("field predicate failed: $type == Type.ARRAY"). */
const fieldsForType: Record<string, string> = {
  items: 'array',
  minItems: 'array',
  maxItems: 'array',
  properties: 'object',
  required: 'object',
  propertyOrdering: 'object',
  minProperties: 'object',
  maxProperties: 'object',
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  enum: 'string',
  minimum: 'number',
  maximum: 'number',
};

/** "Supported formats: for NUMBER type: float, double; for INTEGER type: int32, int64; for STRING type: enum, date-time". */
const geminiFormats: Record<string, string[]> = {
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
  string: ['enum', 'date-time'],
};

/** One Gemini `Schema`, recursively. */
export function geminiSchemaViolations(schema: unknown, path: string): string[] {
  if (!isObject(schema)) return [`${path}: not a Schema object`];
  const violations: string[] = [];
  for (const key of Object.keys(schema)) {
    if (!geminiSchemaFields.has(key)) violations.push(`${path}: unknown field "${key}"`);
  }
  const type = typeof schema.type === 'string' ? schema.type.toLowerCase() : undefined;
  if (schema.type !== undefined && (type === undefined || !geminiTypes.has(type))) {
    violations.push(`${path}: type ${JSON.stringify(schema.type)} is not a Gemini Type`);
  }
  for (const [field, wanted] of Object.entries(fieldsForType)) {
    if (!(field in schema)) continue;
    const fits = wanted === 'number' ? type === 'number' || type === 'integer' : type === wanted;
    if (!fits)
      violations.push(`${path}: "${field}" needs type ${wanted}, not ${String(schema.type)}`);
  }
  if (type === 'array' && !isObject(schema.items)) violations.push(`${path}.items: missing field`);
  if ('enum' in schema) {
    const values = schema.enum;
    if (
      !Array.isArray(values) ||
      values.length === 0 ||
      !values.every((value) => typeof value === 'string')
    ) {
      violations.push(`${path}: enum must be a non-empty list of strings`);
    }
  }
  if ('format' in schema) {
    const allowed = geminiFormats[type ?? ''] ?? [];
    if (!allowed.includes(String(schema.format))) {
      violations.push(
        `${path}: format ${JSON.stringify(schema.format)} is not supported for type ${String(type)}`,
      );
    }
  }
  if ('nullable' in schema && typeof schema.nullable !== 'boolean')
    violations.push(`${path}: nullable must be a boolean`);
  const properties = isObject(schema.properties) ? schema.properties : {};
  if ('required' in schema) {
    const required = schema.required;
    if (!Array.isArray(required)) violations.push(`${path}: required must be a list`);
    else {
      for (const name of required) {
        if (!(String(name) in properties))
          violations.push(`${path}.required: property "${String(name)}" is not defined`);
      }
    }
  }
  for (const [name, child] of Object.entries(properties)) {
    violations.push(...geminiSchemaViolations(child, `${path}.properties[${name}]`));
  }
  if ('items' in schema) violations.push(...geminiSchemaViolations(schema.items, `${path}.items`));
  if ('anyOf' in schema) {
    const branches = schema.anyOf;
    if (!Array.isArray(branches) || branches.length === 0)
      violations.push(`${path}: anyOf must be a non-empty list`);
    else
      branches.forEach((branch, index) =>
        violations.push(...geminiSchemaViolations(branch, `${path}.anyOf[${index}]`)),
      );
  }
  return violations;
}

/** Gemini function names: start with a letter or `_`; letters, digits, `_`, `.`, `:`, `-`; at most 64. */
const geminiNamePattern = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/** streamGenerateContent: roles, function call / response pairing, function declarations. */
export function geminiRequestViolations(body: Json): string[] {
  const violations: string[] = [];
  const contents = Array.isArray(body.contents) ? (body.contents as Json[]) : [];
  for (const [index, content] of contents.entries()) {
    if (content.role !== 'user' && content.role !== 'model')
      violations.push(`contents[${index}]: role must be user or model`);
    const parts = Array.isArray(content.parts) ? (content.parts as Json[]) : [];
    const responses = parts.filter((part) => 'functionResponse' in part).length;
    if (responses > 0) {
      const previous = contents[index - 1];
      const calls = Array.isArray(previous?.parts)
        ? (previous.parts as Json[]).filter((part) => 'functionCall' in part).length
        : 0;
      // "Please ensure that the number of function response parts is equal to the number of function call parts"
      if (previous?.role !== 'model' || calls !== responses) {
        violations.push(
          `contents[${index}]: ${responses} function responses must follow a model turn with as many function calls`,
        );
      }
    }
  }
  for (const [toolIndex, tool] of ((body.tools as Json[] | undefined) ?? []).entries()) {
    const declarations = Array.isArray(tool.functionDeclarations)
      ? (tool.functionDeclarations as Json[])
      : [];
    for (const [index, declaration] of declarations.entries()) {
      const where = `tools[${toolIndex}].functionDeclarations[${index}] (${String(declaration.name)})`;
      if (!geminiNamePattern.test(String(declaration.name)))
        violations.push(`${where}: name must match ${geminiNamePattern}`);
      if (!('parameters' in declaration)) continue;
      const parameters = declaration.parameters;
      if (!isObject(parameters) || parameters.type !== 'object') {
        violations.push(`${where}.parameters: must be an object schema`);
        continue;
      }
      // "parameters.properties: should be non-empty for OBJECT type"
      if (!isObject(parameters.properties) || Object.keys(parameters.properties).length === 0) {
        violations.push(`${where}.parameters.properties: should be non-empty for OBJECT type`);
      }
      violations.push(...geminiSchemaViolations(parameters, `${where}.parameters`));
    }
  }
  return violations;
}

/** The fields a Converse request body may hold (the model id is in the path). */
const converseBodyFields = new Set([
  'messages',
  'system',
  'inferenceConfig',
  'toolConfig',
  'guardrailConfig',
  'additionalModelRequestFields',
  'additionalModelResponseFieldPaths',
  'promptVariables',
  'requestMetadata',
  'performanceConfig',
]);

/** The members of a Converse ContentBlock union; a block holds exactly one. */
const converseBlockMembers = [
  'text',
  'image',
  'document',
  'video',
  'toolUse',
  'toolResult',
  'guardContent',
  'cachePoint',
  'reasoningContent',
];

/**
 * ConverseStream (Bedrock): "extraneous key is not permitted", a conversation starting with a user
 * message, alternating roles, one member per content block, no blank text, every toolUse answered by a
 * toolResult in the next user message and no toolResult without one, toolConfig present whenever
 * toolUse / toolResult blocks are, tools with valid names and object schemas, a positive maxTokens.
 */
export function converseRequestViolations(body: Json): string[] {
  const violations: string[] = [];
  for (const key of Object.keys(body)) {
    if (!converseBodyFields.has(key)) violations.push(`extraneous key [${key}] is not permitted`);
  }
  if ('system' in body) {
    const system = body.system;
    if (!Array.isArray(system) || system.length === 0)
      violations.push('system must be a non-empty list of blocks');
    else
      for (const [index, block] of (system as unknown[]).entries()) {
        if (!isObject(block) || typeof block.text !== 'string' || block.text.trim() === '')
          violations.push(`system[${index}]: the text field is blank or missing`);
      }
  }
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  if (messages.length === 0) violations.push('messages must not be empty');
  if (messages[0] !== undefined && messages[0].role !== 'user')
    violations.push('A conversation must start with a user message');
  let usesTools = false;
  let openToolUses = new Set<string>();
  for (const [index, message] of messages.entries()) {
    const where = `messages[${index}]`;
    if (message.role !== 'user' && message.role !== 'assistant')
      violations.push(`${where}: role must be user or assistant`);
    if (index > 0 && messages[index - 1]?.role === message.role)
      violations.push(`${where}: roles must alternate between user and assistant`);
    const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    if (content.length === 0) violations.push(`${where}: content must not be empty`);
    const answered = new Set<string>();
    const toolUses = new Set<string>();
    for (const [blockIndex, block] of content.entries()) {
      const at = `${where}.content[${blockIndex}]`;
      if (!isObject(block)) {
        violations.push(`${at}: not an object`);
        continue;
      }
      const members = Object.keys(block);
      if (members.length !== 1 || !converseBlockMembers.includes(members[0] ?? ''))
        violations.push(
          `${at}: a ContentBlock holds exactly one of ${converseBlockMembers.join(', ')}`,
        );
      if ('text' in block && (typeof block.text !== 'string' || block.text.trim() === ''))
        violations.push(`${at}: the text field in the ContentBlock object is blank`);
      if (isObject(block.toolUse)) {
        usesTools = true;
        if (message.role !== 'assistant')
          violations.push(`${at}: toolUse only in assistant messages`);
        toolUses.add(String(block.toolUse.toolUseId));
        if (!isObject(block.toolUse.input))
          violations.push(`${at}: toolUse.input must be an object`);
      }
      if (isObject(block.toolResult)) {
        usesTools = true;
        const result = block.toolResult;
        if (message.role !== 'user') violations.push(`${at}: toolResult only in user messages`);
        const id = String(result.toolUseId);
        if (!openToolUses.has(id))
          violations.push(`${at}: toolResult ${id} answers no toolUse of the previous turn`);
        answered.add(id);
        const resultContent = result.content;
        if (!Array.isArray(resultContent) || resultContent.length === 0)
          violations.push(`${at}: toolResult.content must be a non-empty list`);
        else
          for (const part of resultContent as unknown[]) {
            if (!isObject(part) || (typeof part.text === 'string' && part.text.trim() === ''))
              violations.push(`${at}: toolResult.content holds a blank text`);
          }
        if ('status' in result && result.status !== 'success' && result.status !== 'error')
          violations.push(`${at}: toolResult.status must be success or error`);
      }
      if (isObject(block.reasoningContent) && message.role !== 'assistant')
        violations.push(`${at}: reasoningContent only in assistant messages`);
    }
    if (message.role === 'user') {
      for (const id of openToolUses) {
        if (!answered.has(id))
          violations.push(`${where}: toolUse ${id} of the previous turn has no toolResult`);
      }
    }
    openToolUses = message.role === 'assistant' ? toolUses : new Set();
  }
  const toolConfig = isObject(body.toolConfig) ? body.toolConfig : undefined;
  if (usesTools && toolConfig === undefined)
    violations.push(
      'The toolConfig field must be defined when using toolUse and toolResult content blocks',
    );
  if (toolConfig !== undefined) {
    const tools = Array.isArray(toolConfig.tools) ? (toolConfig.tools as Json[]) : [];
    if (tools.length === 0) violations.push('toolConfig.tools must not be empty');
    for (const [index, tool] of tools.entries()) {
      const spec = isObject(tool.toolSpec) ? tool.toolSpec : {};
      const where = `toolConfig.tools[${index}] (${String(spec.name)})`;
      if (!toolNamePattern.test(String(spec.name)))
        violations.push(`${where}: name must match ${toolNamePattern}`);
      if (typeof spec.description === 'string' && spec.description.length === 0)
        violations.push(`${where}: description must not be empty`);
      const schema = isObject(spec.inputSchema) ? spec.inputSchema.json : undefined;
      violations.push(...topLevelObjectViolations(schema, `${where}.inputSchema.json`));
    }
  }
  if ('inferenceConfig' in body) {
    const inference = isObject(body.inferenceConfig) ? body.inferenceConfig : {};
    const maxTokens = inference.maxTokens;
    if (
      maxTokens !== undefined &&
      (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)
    )
      violations.push('inferenceConfig.maxTokens must be a positive integer');
  }
  return violations;
}
