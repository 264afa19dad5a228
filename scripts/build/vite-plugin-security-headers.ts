// Writes the page's Content-Security-Policy from public/app-config.json at build time (index.html's
// meta tag and Vite's style nonce), emits the same policy as headers in dist/_headers (the format
// Netlify and Cloudflare Pages read), with long caching for the content-hashed assets/, and has
// `vite preview` (npm start) send those headers, so the policy also covers workers and can carry
// frame-ancestors, which a meta tag cannot.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { placeholderCreditWarning } from '../../src/config/placeholder-credit.ts';
import { importPageModule } from '../import-page-module.ts';
import {
  headersForPath,
  parseHeadersFile,
  securityPolicy,
} from '../publish/content-security-policy.ts';
import { headersFileFor } from '../publish/publish-headers.ts';
import type { AppConfig } from '../../src/config/app-config.ts';
import type * as ValidateAppConfig from '../../src/config/validate-app-config.ts';
import type { SecurityPolicy } from '../publish/content-security-policy.ts';
import type { Plugin } from 'vite';

/** What index.html holds where the policy goes; the build fails if it is missing. */
export const policyPlaceholder = '%MAPWRIGHT_CONTENT_SECURITY_POLICY%';

/**
 * `text` with its control characters written as escapes: a config key or value is data, and a raw
 * escape sequence in it would drive the terminal the build runs in.
 */
export function printable(text: string): string {
  return text.replace(
    /[\p{Cc}]/gu,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The policy for the app config at `configPath`, validated the way the page validates it. */
export async function policyForConfigFile(configPath: string): Promise<SecurityPolicy> {
  return securityPolicy(await configFromFile(configPath));
}

/** The app config at `configPath`, validated the way the page validates it (problems are printed). */
export async function configFromFile(configPath: string): Promise<AppConfig> {
  const { validateAppConfig } = await importPageModule<typeof ValidateAppConfig>(
    '../src/config/validate-app-config.ts',
  );
  const { config, problems } = validateAppConfig(JSON.parse(readFileSync(configPath, 'utf8')));
  for (const problem of problems) {
    console.warn(printable(`${configPath}: ${problem.path} ${problem.message}`));
  }
  // A credit add-dataset left for the publisher to write would reach visitors' maps unnoticed.
  const credit = placeholderCreditWarning(config.datasets);
  if (credit) console.warn(printable(`${configPath}: ${credit}`));
  return config;
}

/** The Vite plugin; `configPath` is the app config the policy is built from. */
export function securityHeadersPlugin(configPath = 'public/app-config.json'): Plugin {
  let built: SecurityPolicy | undefined;
  let headers: string | undefined;
  let headersPath = 'dist/_headers';
  return {
    name: 'mapwright-security-headers',
    async config(userConfig) {
      const config = await configFromFile(resolve(userConfig.root ?? '.', configPath));
      built = securityPolicy(config);
      headers = headersFileFor(config);
      // Vite puts the nonce on the tags it writes and on a csp-nonce meta tag the app reads.
      return { html: { cspNonce: built.styleNonce } };
    },
    configResolved(resolved) {
      headersPath = join(resolve(resolved.root, resolved.build.outDir), '_headers');
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!built || !html.includes(policyPlaceholder)) {
          throw new Error(`index.html must hold ${policyPlaceholder} where the policy goes`);
        }
        return html.replace(policyPlaceholder, built.metaPolicy);
      },
    },
    generateBundle() {
      if (headers === undefined) return;
      // The same text `npm run headers` writes from the same config (scripts/publish/publish-headers.ts).
      this.emitFile({ type: 'asset', fileName: '_headers', source: headers });
    },
    configurePreviewServer(server) {
      // The headers of the build being previewed, exactly as a host reading _headers would send them.
      if (!existsSync(headersPath)) {
        server.config.logger.warn(`${headersPath} is missing: rebuild to preview with headers.`);
        return;
      }
      const rules = parseHeadersFile(readFileSync(headersPath, 'utf8'));
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
        for (const [name, value] of Object.entries(headersForPath(rules, pathname)))
          response.setHeader(name, value);
        next();
      });
    },
  };
}
