// @vitest-environment jsdom
// A request the page's policy refused is explained to the publisher: which config field allows it and
// the command that rewrites the policy, once per origin, and nothing after the app is gone.
import { describe, expect, it } from 'vitest';
import {
  describePolicyViolation,
  watchPolicyViolations,
} from '../../src/app/policy-violation-notice';

function violation(blockedURI: string, effectiveDirective = 'connect-src'): Event {
  return Object.assign(new Event('securitypolicyviolation'), { blockedURI, effectiveDirective });
}

describe('a request refused by the page’s policy', () => {
  it('names security.connectSrc and npm run headers for a refused connection', () => {
    const message = describePolicyViolation({
      effectiveDirective: 'connect-src',
      blockedURI: 'https://mcp.example.org/mcp?x=1',
    });
    expect(message).toContain(
      '"https://mcp.example.org" to security.connectSrc in app-config.json',
    );
    expect(message).toContain('npm run headers -- dist');
    expect(message).not.toContain('rebuild and');
  });

  it('says nothing for inline refusals that name no address', () => {
    expect(describePolicyViolation({ effectiveDirective: 'style-src', blockedURI: 'inline' })).toBe(
      undefined,
    );
  });

  it('tells once per origin while mounted, and nothing once stopped', () => {
    const told: string[] = [];
    const watch = watchPolicyViolations((message) => told.push(message));
    document.dispatchEvent(violation('https://llm.example.com/v1/chat'));
    document.dispatchEvent(violation('https://llm.example.com/v1/models'));
    document.dispatchEvent(violation('https://tiles.example.com/a.pbf'));
    expect(told).toHaveLength(2);
    watch.destroy();
    document.dispatchEvent(violation('https://other.example.com/'));
    expect(told).toHaveLength(2);
  });
});
