// The config a mount runs with: the embedder's object or app-config.json, validated, its relative URLs
// read beside the config for an embed.
import {
  loadAppConfig,
  resolveConfigUrls,
  validateAppConfig,
  type ValidatedConfig,
} from '../config';
import { placeholderCreditWarning } from '../config/placeholder-credit';
import type { MountOptions } from './mount-options';

/** The validated config, what was wrong with it, and the URL its relative URLs were read against. */
export interface MountConfig extends ValidatedConfig {
  configBase: string;
}

/** Loads (or validates the given) config; problems are returned, never thrown. */
export async function loadMountConfig(
  options: Pick<MountOptions, 'configUrl' | 'config' | 'assetBase'>,
): Promise<MountConfig> {
  const loaded =
    options.config === undefined
      ? await loadAppConfig(options.configUrl)
      : validateAppConfig(options.config);
  // An embed's config names files beside itself, not beside the host page.
  const configBase = new URL(options.configUrl, document.baseURI).href;
  const config =
    options.assetBase === undefined ? loaded.config : resolveConfigUrls(loaded.config, configBase);
  performance.mark('mapwright:config');
  // For the publisher, who opens the console: visitors would see the placeholder credit on the map.
  const credit = placeholderCreditWarning(config.datasets);
  // eslint-disable-next-line no-console -- the publisher reads the page's console, visitors do not
  if (credit) console.warn(`Mapwright: ${credit}`);
  return { config, problems: loaded.problems, configBase };
}
