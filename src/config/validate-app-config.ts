// Validates app-config.json field by field: a wrong field is reported and replaced by its default, so
// the rest of the app still starts with everything that was right.
import { Validator } from '@cfworker/json-schema';
import { datasetSchema, fieldSchemas } from './app-config-schema';
import { checkConfigUrls, datasetUrlProblem } from './check-config-urls';
import { isCssColor } from './css-color';
import { defaultAppConfig } from './default-app-config';
import { describeValue, formatSchemaErrors } from './format-schema-error';
import { paintColors } from './paint-colors';
import type { AppConfig, ConfigProblem, DatasetConfig, LayerStyleConfig } from './app-config';

/** A config ready to use, and what was wrong with the file it came from. */
export interface ValidatedConfig {
  config: AppConfig;
  problems: ConfigProblem[];
}

const validators = new Map<string, Validator>();

function validatorFor(key: string, schema: Record<string, unknown>): Validator {
  let validator = validators.get(key);
  if (!validator) {
    // shortCircuit off: report every wrong field at once, not only the first.
    validator = new Validator(schema, '2020-12', false);
    validators.set(key, validator);
  }
  return validator;
}

function check(
  key: string,
  schema: Record<string, unknown>,
  path: string,
  value: unknown,
): ConfigProblem[] {
  const result = validatorFor(key, schema).validate(value);
  return result.valid ? [] : formatSchemaErrors(path, result.errors, value);
}

// A paint property with a colour that is not a CSS colour is dropped, so the layer draws with its
// default colour; the rest of the paint is kept.
function withValidColors(
  layer: LayerStyleConfig,
  path: string,
  problems: ConfigProblem[],
): LayerStyleConfig {
  if (!layer.paint) return layer;
  const prefix = `${path}.layer.paint`;
  const paint = { ...layer.paint };
  for (const color of paintColors(layer.paint, prefix)) {
    if (isCssColor(color.value)) continue;
    problems.push({
      path: color.path,
      message: `${describeValue(color.value)} is not a colour: use a hex (#1d4ed8), rgb(), rgba(), hsl(), hsla() or a named colour such as steelblue (using the default ${color.property})`,
    });
    delete paint[color.property];
  }
  return { ...layer, paint };
}

function validateDatasets(raw: unknown[], problems: ConfigProblem[]): DatasetConfig[] {
  const datasets: DatasetConfig[] = [];
  const ids = new Set<string>();
  const tables = new Set<string>();
  raw.forEach((entry, index) => {
    const path = `datasets[${index}]`;
    const found = check('dataset', datasetSchema, path, entry);
    if (found.length > 0) {
      problems.push(
        ...found.map((problem) => ({
          ...problem,
          message: `${problem.message} (this dataset is skipped)`,
        })),
      );
      return;
    }
    const dataset = entry as DatasetConfig;
    const urlProblem = datasetUrlProblem(dataset, path);
    if (urlProblem) {
      problems.push(urlProblem);
      return;
    }
    if (ids.has(dataset.id) || tables.has(dataset.table)) {
      problems.push({
        path: `${path}.id`,
        message: `repeats the id '${dataset.id}' or table '${dataset.table}' of an earlier dataset (this dataset is skipped)`,
      });
      return;
    }
    ids.add(dataset.id);
    tables.add(dataset.table);
    datasets.push({
      ...dataset,
      description: dataset.description ?? '',
      columns: dataset.columns ?? {},
      ...(dataset.layer ? { layer: withValidColors(dataset.layer, path, problems) } : {}),
    });
  });
  return datasets;
}

/** Validates a parsed app-config.json; never throws. */
export function validateAppConfig(raw: unknown): ValidatedConfig {
  const defaults = defaultAppConfig();
  const problems: ConfigProblem[] = [];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({
      path: '(root)',
      message: 'must be a JSON object such as {"title": "My map"}; using the defaults',
    });
    return { config: defaults, problems };
  }
  const input = raw as Record<string, unknown>;
  const config: AppConfig = { ...defaults };
  const writable = config as unknown as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!(key in fieldSchemas)) {
      problems.push({
        path: key,
        message: `is not a known field (known fields: ${Object.keys(fieldSchemas).join(', ')}); it is ignored`,
      });
    }
  }
  for (const [key, schema] of Object.entries(fieldSchemas)) {
    const value = input[key];
    if (value === undefined) continue;
    const found = check(key, schema, key, value);
    if (found.length > 0) {
      problems.push(
        ...found.map((problem) => ({
          ...problem,
          message: `${problem.message} (using the default ${key})`,
        })),
      );
      continue;
    }
    if (key === 'datasets') {
      config.datasets = validateDatasets(value as unknown[], problems);
    } else {
      const fallback = writable[key];
      writable[key] =
        fallback &&
        typeof fallback === 'object' &&
        !Array.isArray(fallback) &&
        !Array.isArray(value)
          ? { ...fallback, ...(value as object) }
          : value;
    }
  }
  return { config: checkConfigUrls(config, problems), problems };
}
