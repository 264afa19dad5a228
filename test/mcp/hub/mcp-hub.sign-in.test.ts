// Which servers may ask the person to sign in: one given an Authorization header uses it, and a server
// that answers 401 without offering OAuth is reported as refusing the credentials, not as a wrong URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { McpHub } from '../../../src/mcp';
import { serveSqlHttp, type SqlHttpServer } from '../../../src/mcp/node/serve-sql-http';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { MemoryStorage } from '../../memory-storage';
import { datasets } from '../sql-server-fixture';

describe('a token-protected server seen by the page hub', () => {
  const engine = new DuckDbNodeEngine();
  let served: SqlHttpServer;
  const hub = new McpHub({
    registry: new ToolRegistry(),
    retry: { attempts: 1 },
    oauth: {
      baseUrl: 'http://127.0.0.1:4173/',
      sessionStorage: new MemoryStorage(),
      localStorage: new MemoryStorage(),
    },
  });

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` });
    served = await serveSqlHttp({ engine, token: 'the-right-token' });
  });
  afterAll(async () => {
    await hub.close();
    await served.stop();
    await engine.close();
  });

  it('without a token: refused credentials, and no sign-in offered (the server has no OAuth)', async () => {
    hub.addServer({ id: 'bare', url: served.url, transport: 'streamable-http' });
    const [state] = await hub.ready('bare');
    expect(state?.status).toBe('error');
    expect(state?.lastError).toMatch(/refused the credentials \(HTTP 401\)/);
    expect(state?.signIn).toBeUndefined();
  });

  it('with a wrong bearer token: refused credentials, and OAuth never tried', async () => {
    hub.addServer({
      id: 'wrong',
      url: served.url,
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer wrong' },
    });
    const [state] = await hub.ready('wrong');
    expect(state?.lastError).toMatch(/refused the credentials \(HTTP 401\)/);
    expect(state?.signIn).toBeUndefined();
  });

  it('with the right token: connected', async () => {
    hub.addServer({
      id: 'right',
      url: served.url,
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer the-right-token' },
    });
    const [state] = await hub.ready('right');
    expect(state?.status).toBe('connected');
  });
});
