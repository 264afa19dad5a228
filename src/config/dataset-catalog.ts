// The datasets the agent can see: those from the config plus the person's uploads.
import type { DatasetConfig } from './app-config';
import type { PromptDataset } from './build-system-prompt';

/** One dataset as tools and the system prompt see it. */
export interface CatalogEntry extends PromptDataset {
  origin: 'config' | 'upload';
  format: DatasetConfig['source']['format'];
}

/** A catalog entry for a configured dataset; `layerId` is set when it is drawn on the map. */
export function catalogEntryFromConfig(dataset: DatasetConfig, layerId?: string): CatalogEntry {
  return {
    id: dataset.id,
    title: dataset.title,
    description: dataset.description,
    table: dataset.table,
    columns: dataset.columns,
    format: dataset.source.format,
    origin: 'config',
    ...(layerId ? { layerId } : {}),
  };
}

/** Datasets by id, in the order they were added; listeners hear of additions and removals. */
export class DatasetCatalog {
  private readonly entries = new Map<string, CatalogEntry>();
  private readonly listeners = new Set<() => void>();

  constructor(entries: CatalogEntry[] = []) {
    for (const entry of entries) this.entries.set(entry.id, entry);
  }

  /** Every dataset, config first, then uploads in upload order. */
  list(): CatalogEntry[] {
    return [...this.entries.values()];
  }

  /** The dataset with this id or table name. */
  get(idOrTable: string): CatalogEntry | undefined {
    return this.entries.get(idOrTable) ?? this.list().find((entry) => entry.table === idOrTable);
  }

  /** Adds or replaces a dataset and tells the listeners. */
  add(entry: CatalogEntry): void {
    this.entries.set(entry.id, entry);
    for (const listener of this.listeners) listener();
  }

  /** Removes a dataset (a removed upload) and tells the listeners; false when it was not there. */
  remove(id: string): boolean {
    if (!this.entries.delete(id)) return false;
    for (const listener of this.listeners) listener();
    return true;
  }

  /** Calls `listener` after every change; returns a function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
