// OpenAI's reasoning models refuse `max_tokens` ("use max_completion_tokens") and any temperature other
// than the default. They are known by name; other models and local servers, many of which know only
// `max_tokens`, keep the classic parameters.

/** True for OpenAI's o-series (o1, o3, o4-mini, ...) and gpt-5 family names. */
export function isOpenAIReasoningModel(model: string): boolean {
  return /^(?:o[1-9]\d*(?:-|$)|gpt-5(?:[.-]|$))/i.test(model);
}
