// Arrow stays the format inside the engine; rows become plain objects only here, at the edge.
import { DataType, type Field, type RecordBatch, type Schema } from 'apache-arrow';
import { toPlainValue } from '../plain-value';
import type { ColumnInfo, Row } from '../data-engine';

/** The columns of an Arrow schema, with a readable type name. */
export function columnsOfSchema(schema: Schema): ColumnInfo[] {
  return schema.fields.map((field: Field) => ({
    name: field.name,
    type: arrowTypeName(field.type),
  }));
}

/** Plain rows from the first `limit` rows of a record batch. */
export function rowsOfBatch(batch: RecordBatch, limit = batch.numRows): Row[] {
  const count = Math.min(limit, batch.numRows);
  const fields = batch.schema.fields;
  const vectors = fields.map((_field, index) => batch.getChildAt(index));
  const rows: Row[] = [];
  for (let rowIndex = 0; rowIndex < count; rowIndex++) {
    const row: Row = {};
    fields.forEach((field, columnIndex) => {
      const value = vectors[columnIndex]?.get(rowIndex);
      row[field.name] = plainArrowValue(value, field.type);
    });
    rows.push(row);
  }
  return rows;
}

function plainArrowValue(value: unknown, type: DataType): unknown {
  if (value === null || value === undefined) return null;
  // Arrow hands timestamps and dates over as epoch milliseconds; the UI wants ISO strings.
  if ((DataType.isTimestamp(type) || DataType.isDate(type)) && typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return toPlainValue(value);
}

function arrowTypeName(type: DataType): string {
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return 'VARCHAR';
  if (DataType.isBool(type)) return 'BOOLEAN';
  if (DataType.isFloat(type)) return 'DOUBLE';
  if (DataType.isInt(type)) return type.bitWidth === 64 ? 'BIGINT' : 'INTEGER';
  if (DataType.isDecimal(type)) return 'DECIMAL';
  if (DataType.isTimestamp(type)) return 'TIMESTAMP';
  if (DataType.isDate(type)) return 'DATE';
  if (DataType.isTime(type)) return 'TIME';
  return String(type);
}
