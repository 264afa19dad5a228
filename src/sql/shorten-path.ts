// File paths in SQL are long and mostly noise on an approval card: the bucket, the host, the glob and the
// partition folders say little; the last named folders or the file's own name say what is read.

const globCharacters = /[*?[{]/;
const hivePartition = /^[^=]+=[^=]*$/;
const extensions = /(?:\.[A-Za-z][A-Za-z0-9]{0,7})+$/;

/**
 * Shortens a file path or URL to its last meaningful segments:
 * `s3://bucket/warehouse/sales/2024/*.parquet` becomes `sales/2024`, `data/quakes.csv` becomes
 * `data/quakes`. The query string, the host or bucket, globs and `key=value` partition folders are dropped.
 */
export function shortenPath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(withoutQuery);
  const rest = scheme === null ? withoutQuery : withoutQuery.slice(scheme[0].length);
  const allSegments = rest.split(/[/\\]+/).filter((segment) => segment !== '' && segment !== '.');
  // With a scheme the first segment is a host or a bucket: only a fallback when nothing else is left.
  const host = scheme === null ? undefined : allSegments.shift();
  const lastIndex = allSegments.length - 1;
  const meaningful = allSegments
    .map((segment, index) => (index === lastIndex ? segment.replace(extensions, '') : segment))
    .filter(
      (segment) =>
        segment !== '' &&
        segment !== '..' &&
        !globCharacters.test(segment) &&
        !hivePartition.test(segment),
    );
  const shortened = meaningful.slice(-2).join('/');
  if (shortened !== '') return shortened;
  return host?.replace(/^[^@]*@/, '') ?? path.trim();
}
