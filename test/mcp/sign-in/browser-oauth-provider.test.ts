// What the page keeps while signing in to an MCP server: bound to the server's URL, in the tab's storage
// unless the person stays signed in, and forgotten on sign-out.
import { describe, expect, it } from 'vitest';
import {
  BrowserOAuthProvider,
  SIGN_IN_TIME_LIMIT_MS,
  signInKey,
} from '../../../src/mcp/sign-in/browser-oauth-provider';
import { MemoryStorage } from '../../memory-storage';

function providerFor(
  serverUrl: string,
  session: Storage,
  device: Storage,
  opened: URL[] = [],
  now?: () => number,
) {
  return new BrowserOAuthProvider({
    serverId: 'warehouse',
    serverUrl,
    baseUrl: 'https://maps.example.org/app/index.html',
    sessionStorage: session,
    localStorage: device,
    onAuthorizationNeeded: (url) => opened.push(url),
    ...(now ? { now } : {}),
  });
}

const tokens = { access_token: 'at-secret-123456', token_type: 'bearer' };

describe('the page OAuth provider', () => {
  it('registers a public client with the callback page beside the app', () => {
    const provider = providerFor('https://w.example/mcp', new MemoryStorage(), new MemoryStorage());
    expect(provider.redirectUrl).toBe('https://maps.example.org/app/oauth-callback.html');
    expect(provider.clientMetadata).toMatchObject({
      redirect_uris: ['https://maps.example.org/app/oauth-callback.html'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    });
  });

  it('never navigates: it hands the authorization URL to the app', () => {
    const opened: URL[] = [];
    const provider = providerFor(
      'https://w.example/mcp',
      new MemoryStorage(),
      new MemoryStorage(),
      opened,
    );
    provider.redirectToAuthorization(new URL('https://auth.example/authorize?x=1'));
    expect(opened.map(String)).toEqual(['https://auth.example/authorize?x=1']);
  });

  it('keeps tokens for the tab by default, and moves them to the device on request', () => {
    const session = new MemoryStorage();
    const device = new MemoryStorage();
    const provider = providerFor('https://w.example/mcp', session, device);
    const state = provider.state();
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(provider.expectedState()).toBe(state);
    provider.saveCodeVerifier('verifier-1');
    provider.saveTokens(tokens);
    expect(provider.tokens()).toEqual(tokens);
    // The finished sign-in drops the verifier and the state: a replayed callback matches nothing.
    expect(provider.expectedState()).toBeUndefined();
    expect(() => provider.codeVerifier()).toThrow(/Sign in again/);
    expect(device.getItem(signInKey('warehouse'))).toBeNull();
    provider.setRemembered(true);
    expect(session.getItem(signInKey('warehouse'))).toBeNull();
    expect(provider.remembered).toBe(true);
    expect(providerFor('https://w.example/mcp', new MemoryStorage(), device).tokens()).toEqual(
      tokens,
    );
    provider.setRemembered(false);
    expect(device.getItem(signInKey('warehouse'))).toBeNull();
    expect(provider.tokens()).toEqual(tokens);
  });

  it('ignores what was kept for another URL under the same id', () => {
    const session = new MemoryStorage();
    const device = new MemoryStorage();
    providerFor('https://w.example/mcp', session, device).saveTokens(tokens);
    expect(providerFor('https://evil.example/mcp', session, device).tokens()).toBeUndefined();
  });

  it('forgets everything on sign-out', () => {
    const session = new MemoryStorage();
    const device = new MemoryStorage();
    const provider = providerFor('https://w.example/mcp', session, device);
    provider.saveTokens(tokens);
    provider.setRemembered(true);
    provider.forget();
    expect(provider.tokens()).toBeUndefined();
    expect(session.length + device.length).toBe(0);
  });
});

describe('a client registered beforehand', () => {
  it('is used instead of registering, and is never stored', () => {
    const session = new MemoryStorage();
    const provider = new BrowserOAuthProvider({
      serverId: 'warehouse',
      serverUrl: 'https://w.example/mcp',
      baseUrl: 'https://maps.example.org/',
      sessionStorage: session,
      localStorage: new MemoryStorage(),
      onAuthorizationNeeded: () => {},
      preRegistered: { clientId: 'mapwright-public' },
    });
    expect(provider.clientInformation()).toEqual({ client_id: 'mapwright-public' });
    provider.saveTokens(tokens);
    expect(session.getItem(signInKey('warehouse'))).not.toContain('mapwright-public');
  });
});

describe('the sign-in under way', () => {
  it('accepts its state once: a replayed callback matches nothing', () => {
    const provider = providerFor('https://w.example/mcp', new MemoryStorage(), new MemoryStorage());
    const state = provider.state();
    provider.saveCodeVerifier('verifier-1');
    expect(provider.takeState('not-the-state')).toBe(false);
    expect(provider.takeState(state)).toBe(true);
    // The exchange still finds the verifier; the state is gone.
    expect(provider.codeVerifier()).toBe('verifier-1');
    expect(provider.expectedState()).toBeUndefined();
    expect(provider.takeState(state)).toBe(false);
  });

  it('is forgotten after an error or a cancel, verifier included', () => {
    const provider = providerFor('https://w.example/mcp', new MemoryStorage(), new MemoryStorage());
    const state = provider.state();
    provider.saveCodeVerifier('verifier-1');
    expect(provider.takeState(state)).toBe(true);
    provider.endSignIn();
    expect(() => provider.codeVerifier()).toThrow(/Sign in again/);
    expect(provider.takeState(state)).toBe(false);
  });

  it('expires after the time limit', () => {
    let now = 1_000_000;
    const provider = providerFor(
      'https://w.example/mcp',
      new MemoryStorage(),
      new MemoryStorage(),
      [],
      () => now,
    );
    const state = provider.state();
    provider.saveCodeVerifier('verifier-1');
    now += SIGN_IN_TIME_LIMIT_MS - 1;
    expect(provider.expectedState()).toBe(state);
    now += 2;
    expect(provider.takeState(state)).toBe(false);
    expect(() => provider.codeVerifier()).toThrow(/Sign in again/);
  });

  it('belongs to the tab that started it, even when the sign-in is kept on the device', () => {
    const device = new MemoryStorage();
    const provider = providerFor('https://w.example/mcp', new MemoryStorage(), device);
    provider.setRemembered(true);
    const state = provider.state();
    provider.saveCodeVerifier('verifier-1');
    expect(JSON.stringify(device.getItem(signInKey('warehouse')))).not.toContain(state);
    expect(device.getItem(signInKey('warehouse'))).not.toContain('verifier-1');
    const otherTab = providerFor('https://w.example/mcp', new MemoryStorage(), device);
    expect(otherTab.takeState(state)).toBe(false);
    expect(provider.takeState(state)).toBe(true);
  });
});
