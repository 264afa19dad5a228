// Defaults used for every field the config leaves out or gets wrong.
import { bundledDatasets } from './bundled-datasets';
import { DEFAULT_REUSE_ANSWERS_MS } from './reuse-answers';
import { ROW_CAPS } from './row-caps';
import { DEFAULT_TOOL_TIMEOUT_MS } from './tool-timeout';
import type { AppConfig } from './app-config';

/** The config the app starts with when app-config.json is missing or unreadable. */
export function defaultAppConfig(): AppConfig {
  return {
    title: 'Mapwright',
    initialView: { center: [-98, 38], zoom: 2.2 },
    basemap: { kind: 'offline' },
    datasets: bundledDatasets(),
    examplePrompts: [
      'Where were the strongest earthquakes this week?',
      'Which counties had the highest unemployment?',
      'Which airports had the most delayed departures?',
    ],
    llm: {
      providers: [
        {
          id: 'local',
          kind: 'openai-compatible',
          label: 'Local (Ollama)',
          endpoint: 'http://127.0.0.1:11434/v1',
          models: ['qwen2.5:7b'],
        },
      ],
      bringYourOwnKey: true,
    },
    mcpServers: [],
    approvals: { defaultPolicy: 'ask', autoApproveSession: false },
    // The reminder is off: it ends each follow-up request with a user note, which changes what the model
    // reads last; turn it on for a model that still sends silent follow-ups (docs/configuration.md).
    explainCalls: {
      promptRule: true,
      reminder: false,
      explanationArgument: true,
      quickExplanation: false,
    },
    data: { allowedHosts: [] },
    limits: {
      maxRounds: 10,
      turnDeadlineMs: 300_000,
      toolTimeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
      maxRowsToModel: ROW_CAPS.toModel,
      reuseAnswersMs: DEFAULT_REUSE_ANSWERS_MS,
      uploadMaxBytes: 200 * 1024 * 1024,
    },
    security: { connectSrc: [], allowLocalEndpoints: true, frameAncestors: [] },
    offline: true,
  };
}
