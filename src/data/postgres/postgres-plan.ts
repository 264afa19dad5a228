// What the planner says of a query without running it: the approval card's pre-flight on PostgreSQL.
import type { ColumnInfo } from '../data-engine';

/** The result's columns and the planner's estimate of its rows. */
export interface PostgresPlan {
  columns: ColumnInfo[];
  estimatedRows: number;
}
