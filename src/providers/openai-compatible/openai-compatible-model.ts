// ChatModel over Chat Completions streaming: OpenAI, OpenRouter, Ollama, LM Studio, vLLM, llama.cpp.
import { trimBaseUrl, type ProviderModelOptions } from '../provider-options';
import { StreamingProviderModel, type WireRequest } from '../streaming-provider-model';
import { convertOpenAIMessages, prepareOpenAITools } from './convert-openai-messages';
import { isOpenAIReasoningModel } from './openai-reasoning-model';
import { OpenAIStreamParser } from './openai-stream-parser';
import type { ChatModel } from '../../agent/types';
import type { PreparedRequest } from '../prepare-tool-mode';

/** Options for an OpenAI-compatible server. */
export interface OpenAICompatibleModelOptions extends ProviderModelOptions {
  /** Up to and including `/v1`, e.g. `http://127.0.0.1:11434/v1`. Default: OpenAI's API. */
  baseUrl?: string;
  /** Ask for token usage in the last chunk (`stream_options.include_usage`). Default true. */
  includeUsage?: boolean;
  /**
   * The model's answers start inside a `<think>` block whose opening tag is in the prompt (some DeepSeek
   * R1 setups), so it writes only `</think>`. Default: learnt from the first answer that closes a block
   * it never opened, and forgotten after an answer that never closes one.
   */
  thinkStartsInside?: boolean;
  /**
   * The model is one of OpenAI's reasoning models: `maxTokens` goes as `max_completion_tokens` and no
   * temperature is sent. Default: from the model name (o1, o3, o4-mini, gpt-5...); set it for a
   * deployment whose name does not say (Azure).
   */
  reasoningModel?: boolean;
}

/** The default base URL: OpenAI's own API. */
export const openAIBaseUrl = 'https://api.openai.com/v1';

/** A ChatModel speaking the Chat Completions streaming wire format. */
export class OpenAICompatibleModel extends StreamingProviderModel<OpenAICompatibleModelOptions> {
  /** Learnt from earlier answers when `thinkStartsInside` is not set. */
  private thinkOpenerOmitted = false;

  constructor(options: OpenAICompatibleModelOptions) {
    super(
      options,
      'openai-compatible',
      `${trimBaseUrl(options.baseUrl ?? openAIBaseUrl)}/chat/completions`,
    );
  }

  protected wireRequest(prepared: PreparedRequest): WireRequest {
    const { options } = this;
    const body: Record<string, unknown> = {
      model: options.model,
      messages: convertOpenAIMessages(prepared.messages),
      stream: true,
    };
    if (options.includeUsage ?? true) body.stream_options = { include_usage: true };
    if (prepared.nativeTools.length > 0) body.tools = prepareOpenAITools(prepared.nativeTools);
    const reasoningModel = options.reasoningModel ?? isOpenAIReasoningModel(options.model);
    if (options.temperature !== undefined && !reasoningModel)
      body.temperature = options.temperature;
    const maxTokens = prepared.maxTokens ?? options.maxTokens;
    if (maxTokens !== undefined) {
      body[reasoningModel ? 'max_completion_tokens' : 'max_tokens'] = maxTokens;
    }
    return {
      body,
      parser: this.parser(),
      authHeaders: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
    };
  }

  private parser(): OpenAIStreamParser {
    const configured = this.options.thinkStartsInside;
    const startsInside = configured ?? this.thinkOpenerOmitted;
    if (configured !== undefined) return new OpenAIStreamParser({ thinkStartsInside: configured });
    return new OpenAIStreamParser({
      thinkStartsInside: startsInside,
      // Learn for the next answers: the text before an orphan </think> streamed as answer text this
      // time, before the tag arrived; an answer that never closes a block means the guess was wrong.
      onThinkTags: ({ openerOmitted, closed, content }) => {
        if (openerOmitted) this.thinkOpenerOmitted = true;
        else if (startsInside && content && !closed) this.thinkOpenerOmitted = false;
      },
    });
  }
}

/** Creates a ChatModel for any OpenAI-compatible Chat Completions server. */
export function createOpenAICompatibleModel(options: OpenAICompatibleModelOptions): ChatModel {
  return new OpenAICompatibleModel(options);
}
