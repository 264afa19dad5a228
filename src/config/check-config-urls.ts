// Every URL and policy source in a validated config, read through safe-origin: one that is not a URL
// this config may hold (a host with `;` or a quote, a space, another scheme) is reported with its field
// and left out, with what holds it (a server, a provider, a dataset), so the build's policy and the
// page agree on what the config names.
import { readConfigUrl, readPolicySource } from './safe-origin';
import type { AppConfig, ConfigProblem, DatasetConfig } from './app-config';

type Report = (path: string, reason: string, consequence: string) => void;

function refusedReason(value: string, relative: boolean): string | undefined {
  const read = readConfigUrl(value, { relative });
  return read.kind === 'refused' ? read.reason : undefined;
}

/** The first URL of `dataset` that is refused, as a problem at `path` (the dataset is then skipped). */
export function datasetUrlProblem(dataset: DatasetConfig, path: string): ConfigProblem | undefined {
  const urls: Array<[string, string | undefined]> = [
    ['source.url', dataset.source.url],
    ['tiles', dataset.tiles],
    ['geometry.url', dataset.geometry.kind === 'shapes' ? dataset.geometry.url : undefined],
  ];
  for (const [field, url] of urls) {
    const reason = url === undefined ? undefined : refusedReason(url, true);
    if (reason) return { path: `${path}.${field}`, message: `${reason} (this dataset is skipped)` };
  }
  return undefined;
}

function checkedSources(sources: string[], path: string, self: boolean, report: Report): string[] {
  return sources.filter((source, index) => {
    const kept = readPolicySource(source, { self }) !== undefined;
    if (!kept) report(`${path}[${index}]`, 'is not a scheme or an origin', 'it is left out');
    return kept;
  });
}

/**
 * `config` with every URL it names checked but the datasets' (checked one by one as they are read,
 * with `datasetUrlProblem`); what is left out is added to `problems`.
 */
export function checkConfigUrls(config: AppConfig, problems: ConfigProblem[]): AppConfig {
  const report: Report = (path, reason, consequence) =>
    problems.push({ path, message: `${reason} (${consequence})` });
  const providers = config.llm.providers.filter((provider, index) => {
    const reason =
      provider.endpoint === undefined ? undefined : refusedReason(provider.endpoint, false);
    if (reason) report(`llm.providers[${index}].endpoint`, reason, 'this provider is skipped');
    return reason === undefined;
  });
  const mcpServers = config.mcpServers.filter((server, index) => {
    const reason = refusedReason(server.url, false);
    if (reason) report(`mcpServers[${index}].url`, reason, 'this server is skipped');
    return reason === undefined;
  });
  let basemap = config.basemap;
  if (basemap.kind === 'style') {
    const reason = refusedReason(basemap.url, true);
    if (reason) {
      report('basemap.url', reason, 'using the offline basemap');
      basemap = { kind: 'offline' };
    }
  }
  const { systemPromptUrl, ...rest } = config;
  const promptReason =
    systemPromptUrl === undefined ? undefined : refusedReason(systemPromptUrl, true);
  if (promptReason) report('systemPromptUrl', promptReason, 'using the bundled prompt');
  const allowedHosts = config.data.allowedHosts.filter((host, index) => {
    const reason = refusedReason(host, false);
    if (reason) report(`data.allowedHosts[${index}]`, reason, 'it is left out');
    return reason === undefined;
  });
  return {
    ...rest,
    ...(systemPromptUrl !== undefined && !promptReason ? { systemPromptUrl } : {}),
    llm: { ...config.llm, providers },
    mcpServers,
    basemap,
    data: { ...config.data, allowedHosts },
    security: {
      ...config.security,
      connectSrc: checkedSources(config.security.connectSrc, 'security.connectSrc', false, report),
      frameAncestors: checkedSources(
        config.security.frameAncestors,
        'security.frameAncestors',
        true,
        report,
      ),
    },
  };
}
