// A chart in a Markdown export: the image, drawn from a masked copy of the spec (its title and every
// value it draws pass redaction, as the rest of the file does), and its title as a caption.
import { redactArguments, redactSecrets } from '../agent/redact/redact';
import { missingValuesNote } from '../tools/chart/chart-values';
import type { ChartSpec } from '../tools/chart/chart-spec';
import type { ChartImage } from './chart-image';

/** Draws a chart as an image for a file (`chartImage` in the page). */
export type DrawChartImage = (spec: ChartSpec) => Promise<ChartImage>;

/** The spec with its title and drawn values masked. */
export function redactChartSpec(spec: ChartSpec): ChartSpec {
  return {
    ...spec,
    ...(spec.title !== undefined ? { title: redactSecrets(spec.title) } : {}),
    rows: redactArguments(spec.rows),
  };
}

// Text that Markdown would read as markup (emphasis, links, HTML) is escaped, and kept on one line.
function inlineText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>&|~]/g, '\\$&');
}

/** The chart as a Markdown image with its caption; a sentence instead when it cannot be drawn. */
export async function chartMarkdown(spec: ChartSpec, draw: DrawChartImage): Promise<string> {
  const shown = redactChartSpec(spec);
  let image: ChartImage;
  try {
    image = await draw(shown);
  } catch (error) {
    const name = shown.title ?? `${shown.kind} chart of ${shown.x}`;
    return `*The chart “${inlineText(name)}” could not be drawn: ${inlineText(redactSecrets(String(error)))}*`;
  }
  const caption = inlineText(shown.title ?? image.description);
  const note = missingValuesNote(image.missing);
  return [
    `![Chart: ${caption}](${image.dataUri})`,
    '',
    `*${caption}*${note ? ` ${inlineText(note)}` : ''}`,
  ].join('\n');
}
