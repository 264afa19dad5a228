// Node only. Native DuckDB reads Arrow IPC only through an extension it would download at run time (and offline it
// cannot). An Arrow file (IPC file or stream format) is rewritten as Parquet instead, keeping its column
// types, through apache-arrow and parquet-wasm's Node build; DuckDB then reads the Parquet natively.
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { Table, writeParquet } from 'parquet-wasm/node';
import { errorMessage } from '../../errors/error-message';

/** The Parquet bytes of the Arrow IPC bytes `arrow`; a file that is not Arrow IPC is refused clearly. */
export function arrowToParquet(arrow: Uint8Array): Uint8Array {
  let stream: Uint8Array;
  try {
    stream = tableToIPC(tableFromIPC(arrow), 'stream');
  } catch (error) {
    throw new Error(`The file is not an Arrow IPC file or stream (${errorMessage(error)}).`, {
      cause: error,
    });
  }
  return writeParquet(Table.fromIPCStream(stream));
}
