// The config module's surface: types, loading, validation, the catalog and the system prompt.
export type * from './app-config';
export {
  buildSystemPrompt,
  defaultToolGuidance,
  explainCallsRule,
  type PromptDataset,
  type SystemPromptInput,
} from './build-system-prompt';
export { catalogEntryFromConfig, DatasetCatalog, type CatalogEntry } from './dataset-catalog';
export { defaultAppConfig } from './default-app-config';
export { loadAppConfig } from './load-app-config';
export { validateAppConfig, type ValidatedConfig } from './validate-app-config';
export { resolveConfigUrls } from './resolve-config-urls';
