// A server asking the person for input (MCP elicitation, form mode), as the hub hands it to the page.
import type { ElicitationSchema, ElicitationValue } from './elicitation-form';

/**
 * One request for input: which server asks (as the app knows it: its configured id and its URL's host,
 * never the name the server gives itself), its message, and the form's schema.
 */
export interface ElicitationRequest {
  serverId: string;
  /** The host (and port) of the server's configured URL; absent for the in-page server. */
  serverHost?: string;
  message: string;
  schema: ElicitationSchema;
}

/** The person's answer: the form's values, or no (decline), or dismissed (cancel). */
export type ElicitationAnswer =
  | { action: 'accept'; content: Record<string, ElicitationValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** Shows a request to the person and resolves with their answer; `signal` fires if the server gives up. */
export type ElicitationHandler = (
  request: ElicitationRequest,
  signal: AbortSignal,
) => Promise<ElicitationAnswer>;
