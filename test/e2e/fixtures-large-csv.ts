// A generated CSV of points over the United States, written to disk in chunks (never whole in memory):
// the size a person's own data reaches, for upload tests and benches.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** Writes about `megabytes` MB of rows (id, name, category, lon, lat, value, note) to `path`; resolves to the row count. */
export async function writeLargeCsv(path: string, megabytes: number): Promise<number> {
  const target = megabytes * 1e6;
  const out = createWriteStream(path);
  let size = 0;
  let rows = 0;
  const header = 'id,name,category,lon,lat,value,note\n';
  out.write(header);
  size += header.length;
  while (size < target) {
    const lines: string[] = [];
    for (let index = 0; index < 10_000 && size < target; index += 1, rows += 1) {
      const lon = -125 + ((rows * 7919) % 5800) / 100;
      const lat = 25 + ((rows * 104729) % 2400) / 100;
      const line = `${rows},point number ${rows},cat${rows % 13},${lon.toFixed(5)},${lat.toFixed(5)},${(rows % 997) * 1.5},some words here ${rows % 31}\n`;
      size += line.length;
      lines.push(line);
    }
    if (!out.write(lines.join(''))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return rows;
}
