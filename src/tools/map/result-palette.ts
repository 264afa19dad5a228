// The colours of drawn query results. Each result takes the next palette, so successive results stand
// apart from each other, and every hue is kept away from the bundled layers' own (the earthquakes'
// yellow-to-brown, the airports' and counties' blues).

/** One result's colours: a single colour, and a light-to-dark ramp of the same hue for magnitudes. */
export interface ResultPalette {
  color: string;
  /** Sequential, weakest first: the strongest values are the darkest and most saturated. */
  ramp: string[];
}

const palettes: ResultPalette[] = [
  { color: '#c026d3', ramp: ['#f0abfc', '#e879f9', '#c026d3', '#86198f', '#4a044e'] },
  { color: '#0d9488', ramp: ['#99f6e4', '#2dd4bf', '#0d9488', '#115e59', '#042f2e'] },
  { color: '#e11d48', ramp: ['#fda4af', '#fb7185', '#e11d48', '#9f1239', '#4c0519'] },
  { color: '#7c3aed', ramp: ['#c4b5fd', '#a78bfa', '#7c3aed', '#5b21b6', '#2e1065'] },
  { color: '#4d7c0f', ramp: ['#bef264', '#84cc16', '#4d7c0f', '#365314', '#1a2e05'] },
  { color: '#0369a1', ramp: ['#7dd3fc', '#38bdf8', '#0284c7', '#075985', '#082f49'] },
];

/** The palette of the n-th result drawn (counting from 0); after the last, they come round again. */
export function resultPalette(index: number): ResultPalette {
  return palettes[((index % palettes.length) + palettes.length) % palettes.length]!;
}

/** Colours for categories (text values), distinct from each other; grey is kept for "other". */
export const categoryColors = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
];

/** The colour of features with no value (null), in legends "No data". */
export const noDataColor = '#d9d9d9';

/** The colour of categories beyond the named ones, in legends "other". */
export const otherColor = '#8d8d8d';
