// `npm run bench -- conversation`: the time to open a stored conversation in the built app (MAPWRIGHT_DIST
// or dist/) under Chromium, at 10, 50 and 200 turns, each turn with a query whose result rows are stored
// beside the conversation. Read from the app's `mapwright:conversation-open` measure: from the start of
// reading IndexedDB to the conversation drawn in the chat (results back in the page). Prints
// conversation_open_ms_at_N_turns (median of CONVERSATION_BENCH_RUNS runs, 7 by default) and the stored
// document's size.
import { asMostPeople, openPage, startAppHarness } from '../test/e2e/harness';
import { median } from './statistics';
import type { Browser, Page } from 'playwright-core';

const sizes = (process.env.CONVERSATION_BENCH_SIZES ?? '10,50,200').split(',').map(Number);
const runs = Number(process.env.CONVERSATION_BENCH_RUNS ?? 7);
const rowsPerResult = 200;

/**
 * Writes a conversation of `turns` turns straight into the app's IndexedDB, as the app stores one, each
 * with a query whose `rows` result rows are stored beside it; it is the newest, so the app opens it.
 * Returns the stored document's size.
 */
export async function seedConversation(page: Page, turns: number, rows: number): Promise<number> {
  return page.evaluate(
    async ({ turns: count, rows: rowCount }) => {
      const id = `bench-${count}`;
      const now = Date.now() + 60_000;
      const history: unknown[] = [];
      const turnRecords: unknown[] = [];
      const results: unknown[] = [];
      for (let index = 0; index < count; index++) {
        const resultId = `bench_r${index}`;
        const callId = `call_${index}`;
        const sql = `SELECT state, count(*) AS airports FROM airports WHERE latitude > ${index} GROUP BY 1`;
        const answer =
          `Turn ${index}: Texas has the most airports, then California and Alaska. `.repeat(4);
        const summary = `${rowCount} rows\nstate (VARCHAR) | airports (BIGINT)\nresult_id=${resultId}`;
        history.push(
          { role: 'user', content: `Question ${index}: which states have the most airports?` },
          {
            role: 'assistant',
            content: 'Counting.',
            toolCalls: [{ id: callId, name: 'query', arguments: { sql_query: sql } }],
          },
          { role: 'tool', toolCallId: callId, name: 'query', content: summary },
          { role: 'assistant', content: answer },
        );
        turnRecords.push({
          runId: `run-${index}`,
          userText: `Question ${index}: which states have the most airports?`,
          startedAt: now - 1000,
          endedAt: now - 900,
          status: 'idle',
          outcome: 'completed',
          finishReason: 'stop',
          rounds: [
            {
              round: 0,
              text: 'Counting.',
              reasoning: '',
              calls: [
                {
                  callIndex: 0,
                  callId,
                  name: 'query',
                  serverId: 'embedded',
                  displayArguments: { sql_query: sql },
                  state: 'success',
                  durationMs: 12,
                  resultSummary: summary,
                  resultId,
                  data: {
                    structuredContent: {
                      result_id: resultId,
                      columns: [
                        { name: 'state', type: 'VARCHAR' },
                        { name: 'airports', type: 'BIGINT' },
                      ],
                      total_rows: rowCount,
                    },
                  },
                },
              ],
            },
            { round: 1, text: answer, reasoning: '', calls: [] },
          ],
        });
        results.push({
          conversationId: id,
          resultId,
          result: {
            resultId,
            serverId: 'embedded',
            columns: [
              { name: 'state', type: 'VARCHAR' },
              { name: 'airports', type: 'BIGINT' },
            ],
            rows: Array.from({ length: rowCount }, (_unused, row) => ({
              state: `S${row}`,
              airports: row,
            })),
            totalRows: rowCount,
          },
        });
      }
      const document = {
        version: 2,
        id,
        title: `Bench ${count}`,
        createdAt: now,
        updatedAt: now,
        turns: turnRecords,
        agent: { history, status: 'idle' },
        resultIds: results.map((result) => (result as { resultId: string }).resultId),
      };
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('mapwright');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = database.transaction(
        ['conversations', 'documents', 'results'],
        'readwrite',
      );
      transaction.objectStore('conversations').put({
        id,
        title: document.title,
        createdAt: now,
        updatedAt: now,
      });
      transaction.objectStore('documents').put({ id, document });
      for (const result of results) transaction.objectStore('results').put(result);
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      database.close();
      // The conversation on screen is the one a reload opens: as if the person had just opened this one.
      sessionStorage.setItem('mapwright.conversationOnScreen', id);
      localStorage.setItem('mapwright.conversationOnScreen', id);
      return JSON.stringify(document).length;
    },
    { turns, rows },
  );
}

/** The time to open a stored conversation of some size, and where it went. */
export interface ConversationOpening {
  /** Median `mapwright:conversation-open` duration. */
  medianMs: number;
  runsMs: number[];
  documentBytes: number;
  phases: { read: number; results: number; rest: number };
}

/** Seeds a conversation of `turns` turns in a fresh context and reopens it `attempts` times. */
export async function measureOpening(
  browser: Browser,
  appUrl: string,
  turns: number,
  attempts = runs,
): Promise<ConversationOpening> {
  const { page, context } = await openPage(browser, asMostPeople);
  try {
    await page.goto(appUrl);
    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
    const bytes = await seedConversation(page, turns, rowsPerResult);
    const times: number[] = [];
    const phases: { read: number; results: number; rest: number }[] = [];
    for (let attempt = 0; attempt < attempts; attempt++) {
      await page.reload();
      await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
      const shown = await page.locator('.mw-turn').count();
      if (shown !== turns) throw new Error(`expected ${turns} turns on screen, saw ${shown}`);
      const measured = await page.evaluate(
        () =>
          performance.getEntriesByName('mapwright:conversation-open', 'measure').at(0)?.duration ??
          Number.NaN,
      );
      times.push(measured);
      phases.push(
        await page.evaluate(() => {
          // No named helpers in here: the bench runs under tsx, which would wrap them in __name.
          const marks = ['start', 'read', 'results-read'].map(
            (name) =>
              performance
                .getEntriesByName(
                  `mapwright:conversation-${name === 'start' ? 'open-start' : name}`,
                  'mark',
                )
                .at(0)?.startTime ?? Number.NaN,
          );
          const end = performance.getEntriesByName('mapwright:conversation-open', 'measure').at(0);
          const [start = Number.NaN, read = Number.NaN, results = Number.NaN] = marks;
          return {
            read: read - start,
            results: results - read,
            rest: (end ? end.startTime + end.duration : Number.NaN) - results,
          };
        }),
      );
    }
    const phase = (key: 'read' | 'results' | 'rest'): number =>
      median(phases.map((entry) => entry[key]));
    return {
      medianMs: median(times),
      runsMs: times,
      documentBytes: bytes,
      phases: { read: phase('read'), results: phase('results'), rest: phase('rest') },
    };
  } finally {
    await context.close();
  }
}

/** Runs the benchmark and prints the figures. */
export async function run(): Promise<void> {
  const harness = await startAppHarness();
  try {
    for (const turns of sizes) {
      const opening = await measureOpening(harness.browser, harness.appUrl, turns);
      console.log(`conversation_open_ms_at_${turns}_turns=${Math.round(opening.medianMs)}`);
      console.log(
        `# document_kb_at_${turns}_turns=${Math.round(opening.documentBytes / 1024)} runs=${opening.runsMs.map(Math.round).join(',')}`,
      );
      console.log(
        `# phases_ms_at_${turns}_turns: read_and_reopen=${Math.round(opening.phases.read)} results=${Math.round(opening.phases.results)} writer_and_render=${Math.round(opening.phases.rest)}`,
      );
    }
  } finally {
    await harness.close();
  }
}
