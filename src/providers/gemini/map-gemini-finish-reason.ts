// Gemini finish reasons to the provider-neutral ones.
import type { FinishReason } from '../../agent/types';

const filtered = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'LANGUAGE',
]);

/** Maps `finishReason` (or a prompt `blockReason`). */
export function mapGeminiFinishReason(reason: string | undefined): FinishReason {
  if (reason === undefined || reason === 'STOP' || reason === 'FINISH_REASON_UNSPECIFIED')
    return 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  if (filtered.has(reason)) return 'content-filter';
  return 'other';
}
