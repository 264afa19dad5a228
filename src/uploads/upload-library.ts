// The person's uploads over time: a new file is added and kept in the browser, the files kept from
// earlier visits are added again after a reload, and an upload can be removed. Adding, restoring and
// removing run one at a time, so an upload and a removal of the same name never interleave.
import { errorMessage } from '../errors/error-message';
import { isQuotaError } from '../storage/quota-error';
import { addTableFirst, loadsTableFirst } from './add-table-first';
import { addUpload, tableNameFor, uploadFormats, uploadSourceFromFile } from './upload-dataset';
import type {
  AddedUpload,
  UploadDependencies,
  UploadFormat,
  UploadOptions,
  UploadOutcome,
  UploadSource,
} from './upload-dataset';
import type { StoredUpload, UploadStorage } from './upload-store';

/** What the library needs: what an upload needs, and where files are kept. */
export interface UploadLibraryDependencies extends UploadDependencies {
  /** The storage of kept files; rejects when the browser has none to give (the reason is shown). */
  storage: () => Promise<UploadStorage>;
  /** The clock, for when an upload was added. */
  now?: () => number;
}

/** How a removal ended: a message for the person either way. */
export interface RemovalOutcome {
  ok: boolean;
  message: string;
}

/** Why a file will not come back after a reload, for the person. */
function notKeptNote(error: unknown): string {
  const reason = isQuotaError(error)
    ? "the browser's storage for this site is full: remove an upload or free space"
    : `the browser could not store it (${errorMessage(error)})`;
  return ` It is here for this visit only and will not survive a reload: ${reason}.`;
}

/** Adds, keeps, restores and removes the person's uploads. */
export class UploadLibrary {
  private queue: Promise<unknown> = Promise.resolve();
  /** Each upload's table loading for SQL, so a removal waits for it before dropping the table. */
  private readonly tablesReady = new Map<string, Promise<void>>();
  /** When each upload was first added: a replaced file keeps its place after a reload. */
  private readonly addedAt = new Map<string, number>();

  constructor(private readonly dependencies: UploadLibraryDependencies) {}

  /**
   * Adds a file the person picked or dropped, and keeps it for the next visit; `options` hear each
   * step and the progress, and carry the person's Cancel. The outcome comes as soon as the upload is
   * added: keeping the file runs after it (a failure to keep it is told through onLateFailure), and
   * the next upload or removal waits for it.
   */
  add(file: File, options: Omit<UploadOptions, 'restoring'> = {}): Promise<UploadOutcome> {
    return new Promise<UploadOutcome>((answer, fail) => {
      void this.oneAtATime(async () => {
        const { catalog, maxBytes } = this.dependencies;
        const source = await uploadSourceFromFile(file, catalog, maxBytes, options.onPhase);
        if (!('table' in source)) return answer(source);
        const earlier = catalog.get(source.table);
        const outcome = await this.register(source, false, options);
        answer(outcome);
        if (outcome.ok) {
          const note = await this.keep(source, file);
          if (note) this.dependencies.onLateFailure?.(`${file.name}:${note}`);
        } else if (earlier?.origin === 'upload' && !catalog.get(source.table)) {
          // A cancelled replacement took the earlier file's table with it: it must not come back.
          await this.forgetKept(source.table);
        }
      }).catch(fail);
    });
  }

  /**
   * Adds again the files kept from earlier visits, oldest first, each as a new upload of it would be
   * (same table, same layer id). Never rejects: returns what went wrong (files that came back say
   * nothing).
   */
  restore(): Promise<string[]> {
    return this.oneAtATime(async () => {
      let kept: StoredUpload[];
      try {
        kept = await (await this.dependencies.storage()).list();
      } catch (error) {
        return [`Files added on earlier visits could not be read back: ${errorMessage(error)}.`];
      }
      const problems: string[] = [];
      for (const stored of kept) {
        const problem = await this.restoreOne(stored).catch(
          (error: unknown) =>
            `${stored.fileName}, kept from an earlier visit, did not come back: ${errorMessage(error)}.`,
        );
        if (problem) problems.push(problem);
      }
      // Restored means SQL can read them too: a small file's layer is drawn before its table is in
      // DuckDB, and a query sent in between found no such table.
      await Promise.all([...this.tablesReady.values()]);
      return problems;
    });
  }

  /** Settles once SQL can read the upload's table (or loading it failed, which is reported). */
  tableReady(table: string): Promise<void> {
    return this.tablesReady.get(table) ?? Promise.resolve();
  }

  /** Whether the layer is an upload's, which the person may remove. */
  canRemoveLayer(layerId: string): boolean {
    return this.uploadOfLayer(layerId) !== undefined;
  }

  /** Removes the upload drawn as `layerId`. */
  removeLayer(layerId: string): Promise<RemovalOutcome> {
    const entry = this.uploadOfLayer(layerId);
    if (!entry) return Promise.resolve({ ok: false, message: `${layerId} is not an upload.` });
    return this.remove(entry.table);
  }

  /** Removes an upload: its table, its layer, its catalog entry and the kept file. */
  remove(table: string): Promise<RemovalOutcome> {
    return this.oneAtATime(async () => {
      const { catalog, map } = this.dependencies;
      const entry = catalog.get(table);
      if (!entry || entry.origin !== 'upload')
        return { ok: false, message: `There is no upload named ${table}.` };
      // The table may still be loading: dropping it first would let the load bring it back.
      await this.tablesReady.get(entry.table);
      this.tablesReady.delete(entry.table);
      this.addedAt.delete(entry.table);
      if (entry.layerId) map?.removeLayer(entry.layerId);
      catalog.remove(entry.id);
      const problems: string[] = [];
      // The kept file goes before the table: a reload right after must not bring the upload back.
      try {
        await (await this.dependencies.storage()).delete(entry.table);
      } catch (error) {
        problems.push(
          `the browser could not forget the file, so it may come back after a reload (${errorMessage(error)})`,
        );
      }
      try {
        await (await this.dependencies.engine())?.drop(entry.table);
      } catch (error) {
        problems.push(`the table could not be dropped from SQL (${errorMessage(error)})`);
      }
      const removed = `${entry.title} was removed.`;
      if (problems.length === 0) return { ok: true, message: removed };
      return { ok: false, message: `${removed} But ${problems.join('; and ')}.` };
    });
  }

  /** Calls `listener` when the uploads change; returns a function that stops it. */
  onChange(listener: () => void): () => void {
    return this.dependencies.catalog.onChange(listener);
  }

  private uploadOfLayer(layerId: string) {
    return this.dependencies.catalog
      .list()
      .find((entry) => entry.origin === 'upload' && entry.layerId === layerId);
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async register(
    source: UploadSource,
    restoring: boolean,
    options: UploadOptions = {},
  ): Promise<UploadOutcome> {
    const withRestoring = { ...options, restoring };
    let added: AddedUpload;
    const tableFirst = loadsTableFirst(source, withRestoring, this.dependencies.tableFirstBytes);
    const engine = tableFirst && (await this.dependencies.engine());
    if (engine) added = await addTableFirst(source, engine, this.dependencies, withRestoring);
    else added = await addUpload(source, this.dependencies, withRestoring);
    const { outcome, tableReady } = added;
    if (outcome.ok) this.tablesReady.set(source.table, tableReady);
    return outcome;
  }

  /** Deletes the kept file of `table`, if any (nothing to tell when that fails: it was a cleanup). */
  private async forgetKept(table: string): Promise<void> {
    try {
      await (await this.dependencies.storage()).delete(table);
    } catch {
      // The upload is gone for this visit either way.
    }
  }

  /** Keeps the file for the next visit; says why when it cannot (the upload stays for this visit). */
  private async keep(source: UploadSource, file: Blob): Promise<string> {
    const addedAt = this.addedAt.get(source.table) ?? (this.dependencies.now ?? Date.now)();
    let storage: UploadStorage | undefined;
    try {
      storage = await this.dependencies.storage();
      await storage.put({
        table: source.table,
        fileName: source.fileName,
        format: source.format,
        bytes: file,
        size: file.size,
        addedAt,
      });
      this.addedAt.set(source.table, addedAt);
      return '';
    } catch (error) {
      // An earlier file of the same name must not come back in this one's place after a reload.
      await storage?.delete(source.table).catch(() => undefined);
      return notKeptNote(error);
    }
  }

  private async restoreOne(stored: StoredUpload): Promise<string | undefined> {
    const { catalog } = this.dependencies;
    const lost = (reason: string): string =>
      `${stored.fileName}, kept from an earlier visit, did not come back: ${reason}`;
    const existing = catalog.get(stored.table);
    // Added again during this visit before the restore reached it: the newer file stays.
    if (existing?.origin === 'upload') return undefined;
    if (!isUploadFormat(stored.format)) return lost(`${stored.format} files cannot be added.`);
    // The map's own datasets now include a table of that name: the upload takes another.
    const table = existing ? tableNameFor(stored.fileName, catalog) : stored.table;
    // The kept file is read where it is (by DuckDB or the worker), not copied into the page first.
    const file = stored.bytes;
    const source: UploadSource = { table, fileName: stored.fileName, format: stored.format, file };
    const outcome = await this.register(source, true);
    if (!outcome.ok) return lost(outcome.message);
    this.addedAt.set(table, stored.addedAt);
    if (table !== stored.table) {
      const storage = await this.dependencies.storage();
      await storage.put({ ...stored, table });
      await storage.delete(stored.table);
    }
    return undefined;
  }
}

function isUploadFormat(format: string): format is UploadFormat {
  return uploadFormats.includes(format as UploadFormat);
}
