// Uploaded files in IndexedDB (fake-indexeddb, the real API in memory): a kept file comes back byte for
// byte with its name, format, table, size and time, oldest first; the same table replaces; delete
// forgets; and the database is its own, beside the conversations' one.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationStore } from '../../src/storage/conversation-store';
import { isQuotaError } from '../../src/storage/quota-error';
import {
  UPLOAD_DATABASE_NAME,
  UploadStore,
  type StoredUpload,
} from '../../src/uploads/upload-store';

let databaseCount = 0;
const opened: { close(): void }[] = [];

async function openStore(name = `upload-store-test-${(databaseCount += 1)}`) {
  const store = await UploadStore.open(name);
  opened.push(store);
  return { store, name };
}

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

function upload(table: string, text: string, addedAt: number): StoredUpload {
  return {
    table,
    fileName: `${table}.csv`,
    format: 'csv',
    bytes: new Blob([text]),
    size: text.length,
    addedAt,
  };
}

describe('the upload store', () => {
  it('gives a kept file back byte for byte, with what was kept about it', async () => {
    const { store, name } = await openStore();
    const text = 'station,longitude,latitude\nNorth,-100.5,45.2\nÉté,2.35,48.85\n';
    await store.put({ ...upload('stations', text, 1000), bytes: new File([text], 'stations.csv') });
    store.close();
    // A reload: a fresh connection to the same database.
    const { store: reopened } = await openStore(name);
    const [kept] = await reopened.list();
    expect(kept).toMatchObject({
      table: 'stations',
      fileName: 'stations.csv',
      format: 'csv',
      size: text.length,
      addedAt: 1000,
    });
    expect(await kept!.bytes.text()).toBe(text);
  });

  it('lists the oldest first, whatever order they were written in', async () => {
    const { store } = await openStore();
    await store.put(upload('zebra', 'a\n1\n', 3000));
    await store.put(upload('alpha', 'a\n1\n', 1000));
    await store.put(upload('middle', 'a\n1\n', 2000));
    expect((await store.list()).map((kept) => kept.table)).toEqual(['alpha', 'middle', 'zebra']);
  });

  it('replaces the file kept for the same table instead of keeping two', async () => {
    const { store } = await openStore();
    await store.put(upload('stations', 'name\nold\n', 1000));
    await store.put(upload('stations', 'name\nnew\n', 1000));
    const kept = await store.list();
    expect(kept).toHaveLength(1);
    expect(await kept[0]!.bytes.text()).toBe('name\nnew\n');
  });

  it('forgets a deleted upload, and ignores a table it never kept', async () => {
    const { store, name } = await openStore();
    await store.put(upload('stations', 'a\n1\n', 1000));
    await store.put(upload('other', 'a\n1\n', 2000));
    await store.delete('stations');
    await store.delete('never-kept');
    store.close();
    const { store: reopened } = await openStore(name);
    expect((await reopened.list()).map((kept) => kept.table)).toEqual(['other']);
  });

  it('lives in its own database, so the conversations open beside it at their own version', async () => {
    expect(UPLOAD_DATABASE_NAME).not.toBe('mapwright');
    const { store } = await openStore(UPLOAD_DATABASE_NAME);
    await store.put(upload('stations', 'a\n1\n', 1000));
    const conversations = await ConversationStore.open();
    opened.push(conversations);
    const created = await conversations.create(5);
    expect((await conversations.list()).map((summary) => summary.id)).toEqual([created.id]);
    expect(await store.list()).toHaveLength(1);
  });

  it('tells a full quota from other storage failures', () => {
    expect(
      isQuotaError(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    ).toBe(true);
    expect(isQuotaError(new DOMException('Blocked.', 'InvalidStateError'))).toBe(false);
    expect(isQuotaError(new Error('disk on fire'))).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
  });
});
