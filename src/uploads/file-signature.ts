// Tells what a file really is from its first bytes, so a file whose content does not match its name
// (a PNG renamed .csv) gets one clear message instead of a parse error or a database error.

/** The formats whose content is checked (upload-dataset's UploadFormat). */
type CheckedFormat = 'csv' | 'tsv' | 'geojson' | 'parquet';

/** Magic numbers of the kinds of file people most often pick by mistake, as a person names them. */
const signatures: { bytes: number[]; kind: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], kind: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: 'a GIF image' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], kind: 'a PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: 'a ZIP archive' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], kind: 'a ZIP archive' },
  { bytes: [0x50, 0x41, 0x52, 0x31], kind: 'a Parquet file' },
  { bytes: [0x1f, 0x8b], kind: 'a gzip-compressed file' },
];

const formatNames: Record<CheckedFormat, string> = {
  csv: 'a CSV file',
  tsv: 'a TSV file',
  geojson: 'a GeoJSON file',
  parquet: 'a Parquet file',
};

/** What the bytes say the file is (e.g. "a PNG image"), when they start like a known kind. */
export function sniffFileKind(bytes: Uint8Array): string | undefined {
  return signatures.find((signature) =>
    signature.bytes.every((byte, index) => bytes[index] === byte),
  )?.kind;
}

/** Text files hold no NUL byte; any binary file soon does. */
function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 4096).includes(0);
}

/**
 * The one message for a file whose content is not what its name says, e.g. "x.csv is not a CSV file:
 * it looks like a PNG image"; undefined when it may well be what it says.
 */
export function contentMismatch(
  fileName: string,
  format: CheckedFormat,
  bytes: Uint8Array,
): string | undefined {
  const expected = formatNames[format];
  const kind = sniffFileKind(bytes);
  if (kind === expected) return undefined;
  const notIt = `${fileName} is not ${expected}`;
  if (kind) return `${notIt}: it looks like ${kind}.`;
  if (format === 'parquet') return `${notIt}: it does not start as Parquet files do.`;
  if (looksBinary(bytes)) return `${notIt}: it looks like a binary file, not text.`;
  return undefined;
}
