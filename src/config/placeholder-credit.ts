// The credit `npm run add-dataset` writes for a new dataset until the publisher names who made the
// data. Left as it is, it reaches visitors' maps, so the build, `npm run headers` and the page's
// console each say which datasets still carry it.

/** The words that mark the placeholder, in every credit add-dataset writes. */
export const PLACEHOLDER_CREDIT_MARK = 'add who made this data';

/** The placeholder credit of a dataset titled `title`. */
export function placeholderCredit(title: string): string {
  return `${title}: ${PLACEHOLDER_CREDIT_MARK} (app-config.json, datasets[].attribution)`;
}

/** The ids of the datasets whose credit is still the placeholder. */
export function datasetsWithPlaceholderCredit(
  datasets: ReadonlyArray<{ id: string; attribution?: string | undefined }>,
): string[] {
  return datasets
    .filter((dataset) => dataset.attribution?.includes(PLACEHOLDER_CREDIT_MARK))
    .map((dataset) => dataset.id);
}

/** The warning for those datasets, or undefined when every credit names its maker. */
export function placeholderCreditWarning(
  datasets: ReadonlyArray<{ id: string; attribution?: string | undefined }>,
): string | undefined {
  const ids = datasetsWithPlaceholderCredit(datasets);
  if (ids.length === 0) return undefined;
  const names = ids.map((id) => `"${id}"`).join(', ');
  return `The credit of ${ids.length === 1 ? 'dataset' : 'datasets'} ${names} is still the placeholder "${PLACEHOLDER_CREDIT_MARK}", which visitors see on the map: write who made the data in app-config.json, datasets[].attribution.`;
}
