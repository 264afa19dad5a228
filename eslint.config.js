// Lint is where the architecture's dependency rules live: a rule written here cannot drift.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'os', 'url'];
const libraryOnly = (except) =>
  [
    {
      group: ['maplibre-gl', 'maplibre-gl/*'],
      message: 'Only src/map imports maplibre-gl.',
      owner: 'map',
    },
    { group: ['@duckdb/*'], message: 'Only src/data imports DuckDB.', owner: 'data' },
    {
      group: ['marked', 'dompurify'],
      message: 'Only src/ui/markdown.ts imports marked and DOMPurify.',
      owner: 'markdown',
    },
  ]
    .filter((rule) => !except.includes(rule.owner))
    .map(({ group, message }) => ({ group, message }));

// The surfaces: what a person sees, each in one folder. Other folders import a surface only through its
// index.ts (what the chat's chunk uses), its shell.ts (the little the shell needs before the chat loads)
// or a mount-*.ts file (a lazily loaded mount), never a file inside it, at any depth.
const surfaces = ['chat', 'approval', 'results', 'conversations', 'settings', 'uploads'];
const srcEntries = readdirSync('src', { withFileTypes: true });
const surfaceZones = surfaces.map((surface) => ({
  target: [
    './src/*.ts',
    ...srcEntries
      .filter((entry) => entry.isDirectory() && entry.name !== surface)
      .map((entry) => `./src/${entry.name}/**`),
  ],
  from: `./src/${surface}`,
  except: readdirSync(`src/${surface}`)
    .filter((name) => ['index.ts', 'shell.ts'].includes(name) || /^mount-.+\.ts$/.test(name))
    .map((name) => `./${name}`),
  message: `Import src/${surface} through its index.ts, shell.ts or a mount-*.ts file, not a file inside it.`,
}));

// An import of src/ui or a surface, at any depth ('../ui/dom', '../../settings'), as an esquery regex.
const viewFolders = `^(\\.\\.\\/)+(ui|${surfaces.join('|')})(\\/|$)`;
const surfaceOrShell = `^(\\.\\.\\/)+(app|${surfaces.join('|')})(\\/|$)`;

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'public/**', 'test/fixtures/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The examples are plain pages a publisher copies: browser scripts, no build.
    files: ['examples/**/*.js'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
      },
    },
  },
  {
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index', 'type'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...libraryOnly([]),
            { group: nodeBuiltins, message: 'Browser code cannot import Node modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/map/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...libraryOnly(['map']),
            { group: nodeBuiltins, message: 'Browser code cannot import Node modules.' },
          ],
        },
      ],
    },
  },
  {
    // The data engine has a Node back end (native DuckDB), so src/data may use Node modules in *.node.ts files.
    files: ['src/data/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: libraryOnly(['data']) }] },
  },
  {
    files: ['src/mcp/**/*.node.ts', 'src/mcp/node/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: libraryOnly(['data']) }] },
  },
  {
    files: ['src/ui/markdown.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...libraryOnly(['markdown']),
            { group: nodeBuiltins, message: 'Browser code cannot import Node modules.' },
          ],
        },
      ],
    },
  },
  {
    // Rule 1: the agent is pure TypeScript. It sees other layers only through interfaces.
    files: ['src/agent/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\.?/|\\.\\./tools/)',
              message: 'src/agent imports no packages: it is pure TypeScript.',
            },
            {
              // Any depth: src/agent/conversation/x.ts reaches src/ui through ../../ui.
              regex:
                '^(\\.\\./)+(providers|mcp|map|data|ui|storage|config|app|geo|chat|approval|results|conversations|settings|uploads)(/|$)',
              message:
                'src/agent sees other layers only through interfaces in agent/types.ts or tools/tool.ts.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'fetch',
          'localStorage',
          'sessionStorage',
          'indexedDB',
          'XMLHttpRequest',
          'WebSocket',
          'navigator',
          'Worker',
        ].map((name) => ({ name, message: 'src/agent has no DOM and no network: inject it.' })),
      ],
    },
  },
  {
    // src/sql is the one SQL reader shared by the card, the servers' read-only guard and the pre-flight:
    // pure TypeScript, importing nothing but its own files and src/errors (which imports nothing).
    files: ['src/sql/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|\\.\\./errors/)',
              message: 'src/sql imports only its own files and src/errors: it is pure TypeScript.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'fetch', 'localStorage', 'indexedDB', 'Worker'].map((name) => ({
          name,
          message: 'src/sql has no DOM and no network.',
        })),
      ],
    },
  },
  {
    // Rule 2: providers never import the agent's runtime code, only its types.
    files: ['src/providers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Any depth: src/providers/gemini/x.ts reaches the agent through ../../agent.
              regex: '^(\\.\\./)+agent/(?!types$)',
              message: 'Providers import only agent types.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Rule 4: the agent never imports the UI; tools and MCP never import the UI either.
    files: [
      'src/tools/**/*.ts',
      'src/mcp/**/*.ts',
      'src/data/**/*.ts',
      'src/map/**/*.ts',
      'src/providers/**/*.ts',
      'src/storage/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportDeclaration[source.value=/${viewFolders}/], ImportExpression[source.value=/${viewFolders}/]`,
          message: 'Only the surfaces and src/app wire the UI.',
        },
      ],
    },
  },
  {
    // src/ui holds the primitives every surface builds with: it imports no surface and not the shell.
    files: ['src/ui/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportDeclaration[source.value=/${surfaceOrShell}/], ImportExpression[source.value=/${surfaceOrShell}/]`,
          message: 'src/ui is primitives: it imports no surface and not src/app.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: surfaceZones }] },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts', '*.config.js'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright's waitForFunction asks at every animation frame unless told otherwise, keeping the
    // page drawing while a test waits; waitInPage (test/e2e/harness.ts) asks every 100 ms. The benches
    // keep it: they time what they wait for.
    files: ['test/e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForFunction',
          message: 'Use waitInPage (test/e2e/harness.ts): it polls every 100 ms, not every frame.',
        },
      ],
    },
  },
);
