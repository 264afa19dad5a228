// ChatModel over Amazon Bedrock's ConverseStream API with a Bedrock API key as the bearer token. One
// request shape serves Claude, Llama, Nova and the other Converse models; the answer is a binary AWS
// event stream, not SSE.
import { trimBaseUrl, type ProviderModelOptions } from '../provider-options';
import { StreamingProviderModel, type WireRequest } from '../streaming-provider-model';
import { ConverseStreamParser } from './converse-stream-parser';
import { convertConverseMessages, prepareConverseTools } from './convert-converse-messages';
import { eventStreamMediaType, readEventStream } from './read-event-stream';
import type { ChatModel } from '../../agent/types';
import type { PreparedRequest } from '../prepare-tool-mode';

/** Options for Bedrock Converse. */
export interface BedrockConverseModelOptions extends ProviderModelOptions {
  /** The regional runtime endpoint; `/model/{model}/converse-stream` is appended. */
  endpoint?: string;
}

/** The default endpoint (the region is part of the host). */
export const bedrockConverseEndpoint = 'https://bedrock-runtime.us-east-1.amazonaws.com';

/** The ConverseStream URL for a model: its id (`:` included) is one escaped path segment. */
export function converseStreamUrl(endpoint: string, model: string): string {
  return `${trimBaseUrl(endpoint)}/model/${encodeURIComponent(model)}/converse-stream`;
}

/** A ChatModel speaking the Bedrock ConverseStream wire format. */
export class BedrockConverseModel extends StreamingProviderModel<BedrockConverseModelOptions> {
  constructor(options: BedrockConverseModelOptions) {
    const endpoint = converseStreamUrl(options.endpoint ?? bedrockConverseEndpoint, options.model);
    super(options, 'bedrock-converse', endpoint);
  }

  protected wireRequest(prepared: PreparedRequest): WireRequest {
    const converted = convertConverseMessages(prepared.messages);
    const body: Record<string, unknown> = { messages: converted.messages };
    if (converted.system !== undefined) body.system = converted.system;
    if (prepared.nativeTools.length > 0) {
      body.toolConfig = { tools: prepareConverseTools(prepared.nativeTools) };
    }
    const maxTokens = prepared.maxTokens ?? this.options.maxTokens;
    const inference: Record<string, number> = {};
    if (maxTokens !== undefined) inference.maxTokens = maxTokens;
    if (this.options.temperature !== undefined) inference.temperature = this.options.temperature;
    if (Object.keys(inference).length > 0) body.inferenceConfig = inference;
    return {
      body,
      parser: new ConverseStreamParser(),
      headers: { accept: eventStreamMediaType },
      authHeaders: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      readBody: readEventStream,
    };
  }
}

/** Creates a ChatModel for Bedrock's ConverseStream API. */
export function createBedrockConverseModel(options: BedrockConverseModelOptions): ChatModel {
  return new BedrockConverseModel(options);
}
