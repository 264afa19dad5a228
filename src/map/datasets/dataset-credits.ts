// The credits of the configured datasets, for MapLibre's attribution control. The control writes its
// entries as HTML, so each credit (plain text in the config) is escaped first: a credit shows as
// written and can never add markup.
import { escapeHtml } from '../../web/escape-html';

/** One escaped entry per distinct, non-empty `attribution`, in config order. */
export function datasetCredits(datasets: { attribution?: string }[]): string[] {
  const credits = datasets
    .map((dataset) => dataset.attribution?.trim())
    .filter((credit): credit is string => Boolean(credit));
  return [...new Set(credits)].map(escapeHtml);
}
