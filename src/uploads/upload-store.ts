// Uploaded files in IndexedDB (through idb), so they come back after a reload. A database of its own,
// apart from the conversations' one, so neither ever waits on the other's schema upgrades.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TableSource } from '../data/data-engine';

/** One uploaded file as it is kept: the original bytes and what the app made of them. */
export interface StoredUpload {
  /** The table (and layer) name it was given: the key, so the layer id stays the same after a reload. */
  table: string;
  fileName: string;
  format: TableSource['format'];
  /** The file as the person picked it. */
  bytes: Blob;
  /** Bytes. */
  size: number;
  /** When the file was first added (epoch milliseconds); uploads come back in this order. */
  addedAt: number;
}

/** Where uploads are kept: the IndexedDB store below, or a test's own. */
export interface UploadStorage {
  /** Every kept upload, oldest first. */
  list(): Promise<StoredUpload[]>;
  /** Keeps an upload, replacing the one with the same table; rejects when the browser refuses it. */
  put(upload: StoredUpload): Promise<void>;
  /** Forgets the upload of `table`; unknown tables are ignored. */
  delete(table: string): Promise<void>;
  /** Lets the database go (the app was closed); stores with nothing to let go leave it out. */
  close?(): void;
}

interface UploadDatabase extends DBSchema {
  uploads: { key: string; value: StoredUpload };
}

/** The database name; tests may pass their own to stay isolated. */
export const UPLOAD_DATABASE_NAME = 'mapwright-uploads';

const DATABASE_VERSION = 1;

/** Reads and writes uploaded files. */
export class UploadStore implements UploadStorage {
  private constructor(private readonly database: IDBPDatabase<UploadDatabase>) {}

  /** Opens (and creates) the database. */
  static async open(name = UPLOAD_DATABASE_NAME): Promise<UploadStore> {
    const database = await openDB<UploadDatabase>(name, DATABASE_VERSION, {
      upgrade(upgrade) {
        upgrade.createObjectStore('uploads', { keyPath: 'table' });
      },
    });
    return new UploadStore(database);
  }

  async list(): Promise<StoredUpload[]> {
    const all = await this.database.getAll('uploads');
    return all.sort((left, right) => left.addedAt - right.addedAt);
  }

  async put(upload: StoredUpload): Promise<void> {
    await this.database.put('uploads', upload);
  }

  async delete(table: string): Promise<void> {
    await this.database.delete('uploads', table);
  }

  /** Closes the database. */
  close(): void {
    this.database.close();
  }
}
