// `npm run bench -- scale`: how the cost grows with the work, as curves of `key=value` lines. SQL in the
// page and in the Node engine at 0.3M, 1M and 3M rows, the Node server over a 30M-row Parquet file,
// drawing 1k, 10k and 100k result points and panning over them, frames while a long answer streams,
// a long conversation's prompt bytes and opening time at 10, 50 and 200 turns, and a 100k-point GeoJSON
// upload's longest page task and time to its layer, CSV uploads of 10, 100 and 500 MB (time until SQL
// can read them, peak memory), a table's 10k to 2M points drawn from point tiles (time to visible,
// worst frame while panning), and result tables of 1k, 100k and 10M rows (time to the first rows, a
// page after a jump, a sort, the worst frame), and a remote Parquet file of about 1 GB read in part
// (bytes fetched and time of a count, a filtered aggregate and a top-10). SCALE_PARTS picks parts
// (sql,server,draw,stream,conversation,upload,upload-csv,points,results,remote-parquet); the load
// average is printed before and after each.
import { runConversationScale } from './scale/conversation-scale';
import { runCsvUploadScale } from './scale/csv-upload-scale';
import { runDrawScale } from './scale/draw-scale';
import { runRemoteParquetScale } from './scale/remote-parquet-scale';
import { runResultRowsScale } from './scale/result-rows-scale';
import { runNodeServerOverParquet, runSqlInPageAndNode } from './scale/sql-scale';
import { runStreamScale } from './scale/stream-scale';
import { runTablePointsScale } from './scale/table-points-scale';
import { runUploadScale } from './scale/upload-scale';
import { loadAverage } from './statistics';

const parts: Record<string, () => Promise<void>> = {
  sql: runSqlInPageAndNode,
  server: runNodeServerOverParquet,
  draw: runDrawScale,
  stream: runStreamScale,
  conversation: runConversationScale,
  upload: runUploadScale,
  points: runTablePointsScale,
  results: runResultRowsScale,
  'upload-csv': runCsvUploadScale,
  'remote-parquet': runRemoteParquetScale,
};

/** Runs the chosen parts (all by default) and prints their curves. */
export async function run(): Promise<void> {
  const chosen = (process.env.SCALE_PARTS ?? Object.keys(parts).join(',')).split(',');
  for (const name of chosen) {
    const part = parts[name];
    if (!part)
      throw new Error(`Unknown SCALE_PARTS entry "${name}": use ${Object.keys(parts).join(', ')}.`);
    console.log(`# ${name}: load_average=${loadAverage()} (1, 5, 15 min; 2 cores)`);
    await part();
  }
  console.log(`# done: load_average=${loadAverage()}`);
}
