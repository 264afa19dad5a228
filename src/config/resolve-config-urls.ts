// An embedded app's config is read on a page of another site: its relative URLs (the datasets' files
// and tiles, a basemap style, the system prompt) mean "beside the config", not "beside the host page",
// so they are made absolute against the config's own URL before anything fetches them.
import type { AppConfig, DatasetConfig } from './app-config';

/** `config` with every relative URL it names resolved against `base` (the config file's URL). */
export function resolveConfigUrls(config: AppConfig, base: string): AppConfig {
  const resolve = (url: string): string => new URL(url, base).href;
  const datasets = config.datasets.map((dataset): DatasetConfig => {
    const geometry =
      dataset.geometry.kind === 'shapes'
        ? { ...dataset.geometry, url: resolve(dataset.geometry.url) }
        : dataset.geometry;
    return {
      ...dataset,
      source: { ...dataset.source, url: resolve(dataset.source.url) },
      geometry,
      ...(dataset.tiles === undefined ? {} : { tiles: resolve(dataset.tiles) }),
    };
  });
  return {
    ...config,
    datasets,
    basemap:
      config.basemap.kind === 'style'
        ? { ...config.basemap, url: resolve(config.basemap.url) }
        : config.basemap,
    ...(config.systemPromptUrl === undefined
      ? {}
      : { systemPromptUrl: resolve(config.systemPromptUrl) }),
  };
}
