// When the page's Content-Security-Policy refuses a request the app made, the person (often the
// publisher, trying a new server or host) is told what to change: the policy is written from
// app-config.json, so the answer is a config field and the command that rewrites the policy.
import type { Mounted } from '../ui/mounted';

/** The parts of a `securitypolicyviolation` event the notice reads. */
export interface PolicyViolation {
  effectiveDirective?: string;
  violatedDirective?: string;
  blockedURI: string;
}

/** The sentence for a refused request, or undefined for one that names no outside address. */
export function describePolicyViolation(violation: PolicyViolation): string | undefined {
  const directive = (violation.effectiveDirective || violation.violatedDirective || '').split(
    ' ',
  )[0];
  let origin: string;
  try {
    origin = new URL(violation.blockedURI).origin;
  } catch {
    return undefined;
  }
  if (origin === 'null' || !/^https?:/.test(origin)) return undefined;
  const command = 'npm run headers -- dist';
  if (directive === 'connect-src') {
    return `This page’s security policy refused a connection to ${origin}. To allow it, add "${origin}" to security.connectSrc in app-config.json (an MCP server, LLM endpoint or data host named in the config is allowed with it), then run \`${command}\` and send the new headers (no rebuild needed).`;
  }
  return `This page’s security policy (${directive || 'a directive'}) refused ${origin}. The policy is written from app-config.json: change the config, then run \`${command}\` and send the new headers.`;
}

/**
 * Calls `notify` once per refused origin and directive while the app is mounted, until `destroy()`.
 */
export function watchPolicyViolations(notify: (message: string) => void): Mounted {
  const told = new Set<string>();
  const onViolation = (event: Event): void => {
    const violation = event as unknown as PolicyViolation;
    const message = describePolicyViolation(violation);
    if (message === undefined || told.has(message)) return;
    told.add(message);
    notify(message);
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  return {
    destroy: () => document.removeEventListener('securitypolicyviolation', onViolation),
  };
}
