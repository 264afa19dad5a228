// The first-run rule: when does a visitor still have to connect a model before asking anything?
import { isLoopbackUrl } from '../mcp/config/loopback-host';
import { PROVIDER_DEFAULTS } from '../providers/provider-defaults';
import { endpointProblem } from './endpoint-check';
import type { LlmSettings } from './llm-settings-store';

/**
 * True when the visitor has no model yet: a hosted provider without a key, or nothing saved in
 * Settings while the model is the local default (a server on the visitor's own machine, which most
 * visitors do not run). A publisher's own non-loopback endpoint counts as connected, and so does any
 * endpoint of a publisher who provides the model (`bringYourOwnKey` false: a proxy holds the key, so
 * no visitor enters one). An endpoint that is not a URL (saved by an older release, e.g.
 * "localhost:11434") needs fixing first.
 */
export function needsModelSetup(
  settings: LlmSettings,
  saved: boolean,
  bringYourOwnKey = true,
): boolean {
  if (bringYourOwnKey && PROVIDER_DEFAULTS[settings.provider].needsKey && !settings.apiKey)
    return true;
  if (endpointProblem(settings.endpoint) !== undefined) return true;
  if (saved || !bringYourOwnKey) return false;
  return settings.provider === 'local' && isLoopbackUrl(settings.endpoint);
}
