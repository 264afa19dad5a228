// Where a boot's time goes, from a Chromium trace: loads the built app BOOT_TRACE_RUNS times (3 by
// default) with tracing on, sends the boot bench's first SQL query, and prints medians of:
// - `main_*`: the page's main thread, busy and in compositor commits (the main thread waiting for the
//   frame it handed over: with SwiftShader, for the software rasteriser), before the map's idle and
//   between it and the chat being ready;
// - `cpu_*`: every renderer and GPU thread's busy time in the same spans, against the two cores' 2 ms
//   per ms, to show whether the machine was saturated;
// - `duckdb_*`: DuckDB-WASM's worker from its first task to the first answer: busy time, and its sampled
//   CPU split into the WebAssembly module's streaming decode, Emscripten's dynamic-linking set-up
//   (DuckDB-WASM is built as a main module that can load extensions, so it relocates and wraps every
//   export at start), DuckDB's own WebAssembly code, garbage collection and the rest of its script;
//   and V8's lazy compilation of DuckDB's functions on their first call.
// These are the floors docs/performance.md names; MAP_DRAWING=off separates SwiftShader's share.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, asMostPeople, openPage } from '../test/e2e/harness';
import { distDir, startStaticServer } from '../test/servers/static-server';
import { mapDrawingOffScript, mapDrawingOn } from './map-drawing-off';
import { loadAverage, median } from './statistics';

const runs = Number(process.env.BOOT_TRACE_RUNS ?? 3);

const sqlProbeScript = `void (async () => {
  while (!window.mapwright) await new Promise((resolve) => setTimeout(resolve, 5));
  const data = await window.mapwright.data;
  await data.engine.query('SELECT count(*) AS airports FROM airports');
  performance.mark('mapwright:first-sql-answer');
})()`;

/** One trace event as Chromium writes it (the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName?: string; url?: string } }[];
        samples?: number[];
      };
    };
  };
}

/** The figures of one boot, in ms. */
type Figures = Record<string, number>;

// Emscripten's start-up of a dynamically linked main module (DuckDB-WASM's build).
const dynamicLinking = new Set([
  'updateGOT',
  'applySignatureConversions',
  'registerDynCallSymbols',
  'reportUndefinedSymbols',
  'mergeLibSymbols',
  'relocateExports',
  'instantiateImpl',
  'getDylinkMetadata',
  'loadDylibs',
  'convertJsFunctionToWasm',
  'addFunction',
]);

const threadKey = (event: { pid: number; tid: number }): string => `${event.pid}:${event.tid}`;

/** Busy time of a thread's top-level tasks inside [from, to), in ms (events nest; only outer ones). */
function busyIn(events: TraceEvent[], from: number, to: number): number {
  let busy = 0;
  let end = -Infinity;
  for (const event of events) {
    if (event.ts < end || event.dur === undefined) continue;
    end = event.ts + event.dur;
    busy += Math.max(0, Math.min(end, to) - Math.max(event.ts, from));
  }
  return busy / 1000;
}

function analyse(events: TraceEvent[], marks: Record<string, number>): Figures {
  const threadNames = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name')
      threadNames.set(threadKey(event), event.args?.name ?? '');
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== 'X') continue;
    const list = byThread.get(threadKey(event)) ?? [];
    list.push(event);
    byThread.set(threadKey(event), list);
  }
  for (const list of byThread.values()) list.sort((left, right) => left.ts - right.ts);

  // Trace time of navigation: the page's first request; the marks are ms from navigation.
  const navigation = Math.min(
    ...events.filter((event) => event.name === 'ResourceSendRequest').map((event) => event.ts),
  );
  const at = (mark: string): number => navigation + (marks[mark] ?? NaN) * 1000;
  const idle = at('map-idle');
  const chatReady = at('chat-ready');
  const answer = at('first-sql-answer');

  const mainKey = [...threadNames].find(([, name]) => name === 'CrRendererMain')?.[0] ?? '';
  const main = byThread.get(mainKey) ?? [];
  const commits = main.filter((event) => event.name === 'Commit');
  const rendererPid = mainKey.split(':')[0];
  const gpuPid = [...threadNames].find(([, name]) => name === 'CrGpuMain')?.[0].split(':')[0];
  const cpuIn = (from: number, to: number): number =>
    [...byThread]
      .filter(([key]) => [rendererPid, gpuPid].includes(key.split(':')[0]))
      .reduce((total, [, list]) => total + busyIn(list, from, to), 0);

  // DuckDB's worker: the dedicated worker whose script is DuckDB-WASM's, found in the CPU profile.
  const profiles = new Map<
    string,
    { key: string; start: number; nodes: Map<number, string>; samples: number[]; deltas: number[] }
  >();
  for (const event of events) {
    if (event.name === 'Profile' && event.id)
      profiles.set(event.id, {
        key: threadKey(event),
        start: event.args?.data?.startTime ?? event.ts,
        nodes: new Map(),
        samples: [],
        deltas: [],
      });
    if (event.name !== 'ProfileChunk' || !event.id) continue;
    const profile = profiles.get(event.id);
    const data = event.args?.data;
    if (!profile || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? [])
      profile.nodes.set(
        node.id,
        `${node.callFrame.functionName ?? ''}|${node.callFrame.url?.split('/').pop() ?? ''}`,
      );
    profile.samples.push(...(data.cpuProfile?.samples ?? []));
    profile.deltas.push(...(data.timeDeltas ?? []));
  }
  const duckdbProfile = [...profiles.values()].find((profile) =>
    [...profile.nodes.values()].some((frame) => frame.includes('duckdb-browser')),
  );
  const split = { decode: 0, linking: 0, wasm: 0, gc: 0, script: 0 };
  let duckdbStart = NaN;
  if (duckdbProfile) {
    const worker = byThread.get(duckdbProfile.key) ?? [];
    duckdbStart = worker[0]?.ts ?? NaN;
    let time = duckdbProfile.start;
    for (const [index, sample] of duckdbProfile.samples.entries()) {
      time += duckdbProfile.deltas[index] ?? 0;
      const next = duckdbProfile.deltas[index + 1] ?? 0;
      if (time > answer) break;
      const [name = '', url = ''] = (duckdbProfile.nodes.get(sample) ?? '').split('|');
      const ms = next / 1000;
      // The streaming decode runs inside the progress TransformStream's `transform` callback.
      if (name === 'transform' && url.includes('duckdb')) split.decode += ms;
      else if (dynamicLinking.has(name)) split.linking += ms;
      else if (name.startsWith('wasm-function') || name === 'js-to-wasm') split.wasm += ms;
      else if (name === '(garbage collector)') split.gc += ms;
      else if (name !== '(idle)' && name !== '(root)') split.script += ms;
    }
  }
  const duckdbWorker = duckdbProfile ? (byThread.get(duckdbProfile.key) ?? []) : [];
  const lazyCompile = events
    .filter((event) => event.name === 'wasm.CompileLazy' && event.ts < answer)
    .reduce((total, event) => total + (event.dur ?? 0), 0);

  const round = (value: number): number => Math.round(value);
  return {
    map_idle_ms: marks['map-idle'] ?? NaN,
    chat_ready_ms: marks['chat-ready'] ?? NaN,
    first_sql_answer_ms: marks['first-sql-answer'] ?? NaN,
    main_busy_to_idle_ms: round(busyIn(main, navigation, idle)),
    main_commit_wait_to_idle_ms: round(busyIn(commits, navigation, idle)),
    main_busy_idle_to_chat_ms: round(busyIn(main, idle, chatReady)),
    main_commit_wait_idle_to_chat_ms: round(busyIn(commits, idle, chatReady)),
    cpu_to_idle_ms: round(cpuIn(navigation, idle)),
    cpu_available_to_idle_ms: round((2 * (idle - navigation)) / 1000),
    duckdb_worker_start_ms: round((duckdbStart - navigation) / 1000),
    duckdb_worker_busy_ms: round(busyIn(duckdbWorker, duckdbStart, answer)),
    duckdb_decode_ms: round(split.decode),
    duckdb_dynamic_linking_ms: round(split.linking),
    duckdb_wasm_code_ms: round(split.wasm),
    duckdb_gc_ms: round(split.gc),
    duckdb_other_script_ms: round(split.script),
    duckdb_lazy_compile_ms: round(lazyCompile / 1000),
  };
}

async function tracedBoot(appUrl: string, tracePath: string): Promise<Figures> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  try {
    const { page } = await openPage(browser, asMostPeople);
    if (!mapDrawingOn) await page.addInitScript(mapDrawingOffScript);
    await browser.startTracing(page, {
      path: tracePath,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.wasm',
        'disabled-by-default-v8.cpu_profiler',
        'toplevel',
        'loading',
      ],
    });
    await page.goto(appUrl);
    await page.evaluate(sqlProbeScript);
    await page.waitForFunction(
      () =>
        performance.getEntriesByName('mapwright:first-sql-answer').length > 0 &&
        performance.getEntriesByName('mapwright:chat-ready').length > 0,
      undefined,
      { timeout: 120_000 },
    );
    const marks = await page.evaluate(() =>
      Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((mark) => mark.name.startsWith('mapwright:'))
          .reverse()
          .map((mark) => [mark.name.slice('mapwright:'.length), Math.round(mark.startTime)]),
      ),
    );
    await browser.stopTracing();
    const parsed = JSON.parse(readFileSync(tracePath, 'utf8')) as
      TraceEvent[] | { traceEvents: TraceEvent[] };
    return analyse(Array.isArray(parsed) ? parsed : parsed.traceEvents, marks);
  } finally {
    await browser.close();
  }
}

/** Traces the boots and prints the medians. */
export async function run(): Promise<void> {
  const loadBefore = loadAverage();
  const server = await startStaticServer(distDir);
  const tracePath = join(tmpdir(), `mapwright-boot-trace-${process.pid}.json`);
  const boots: Figures[] = [];
  try {
    for (let index = 0; index < runs; index += 1)
      boots.push(await tracedBoot(`${server.url}/`, tracePath));
  } finally {
    await server.stop();
    rmSync(tracePath, { force: true });
  }
  console.log(`# map_drawing=${mapDrawingOn ? 'on' : 'off'} runs=${runs} (tracing slows a boot)`);
  for (const key of Object.keys(boots[0] ?? {})) {
    const values = boots.map((boot) => boot[key] ?? NaN);
    console.log(`${key}=${Math.round(median(values))}`);
  }
  console.log(`# load_average before=${loadBefore} after=${loadAverage()} (1, 5, 15 min; 2 cores)`);
}
