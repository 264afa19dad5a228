// A server's requests for input, as one connection lets them through: only while one of its calls runs,
// with the server named for the form as the app knows it, and the credentials typed kept for masking.
import { secretAnswers } from '../forms/elicitation-form';
import type {
  ElicitationAnswer,
  ElicitationHandler,
  ElicitationRequest,
} from '../forms/elicitation-request';

/** What the gate needs to know of its connection. */
export interface ServerFormGate {
  serverId: string;
  /** The server's host, when it has one (named on the form). */
  host: () => string | undefined;
  /** Whether one of the server's calls runs now. */
  callRunning: () => boolean;
  /** Told why a form was declined without being shown. */
  onRefused?: ((message: string) => void) | undefined;
  /** Where the credentials a person typed into a form are kept, to be masked in later results. */
  formSecrets: Set<string>;
}

/**
 * `handler` behind the gate: a form out of the blue (say, just after connecting, dressed as the app
 * asking for a key) is declined without being shown; a form answered keeps its credentials.
 */
export function gateServerForms(handler: ElicitationHandler, gate: ServerFormGate) {
  return async (
    request: Omit<ElicitationRequest, 'serverId' | 'serverHost'>,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer> => {
    const host = gate.host();
    if (!gate.callRunning()) {
      const named = `The server "${gate.serverId}"${host ? ` (${host})` : ''}`;
      gate.onRefused?.(
        `${named} asked you to fill in a form while none of its calls was running; ` +
          'it was declined without being shown. A server may ask only during a call you allowed.',
      );
      return { action: 'decline' };
    }
    const answer = await handler(
      { ...request, serverId: gate.serverId, ...(host ? { serverHost: host } : {}) },
      signal,
    );
    if (answer.action === 'accept') {
      for (const secret of secretAnswers(request.schema, answer.content))
        gate.formSecrets.add(secret);
    }
    return answer;
  };
}
