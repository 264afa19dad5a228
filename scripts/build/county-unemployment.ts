// Joins us-atlas counties with vega-datasets unemployment.tsv at build time. Done here rather than in
// the page so the choropleth needs one small request and no join at boot (the map must not wait for
// DuckDB), while the CSV gives SQL the same columns without geometry.
import type { GeometryObject, Topology } from 'topojson-specification';

/** The joined outputs: a TopoJSON with properties, and a CSV of the same attributes. */
export interface CountyUnemployment {
  topology: string;
  csv: string;
}

type CountyProperties = {
  id?: string;
  name?: string;
  state?: string;
  unemployment_rate?: number | null;
};

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Adds state name and unemployment rate (fraction, 2008) to every county, keyed by FIPS code. */
export function joinCountyUnemployment(
  topologyText: string,
  unemploymentTsv: string,
): CountyUnemployment {
  const topology = JSON.parse(topologyText) as Topology;
  const rates = new Map<number, number>();
  for (const line of unemploymentTsv.trim().split('\n').slice(1)) {
    const [id, rate] = line.split('\t');
    if (id && rate) rates.set(Number(id), Number(rate));
  }
  const states = new Map<string, string>();
  const stateObject = topology.objects.states as { geometries: GeometryObject<{ name: string }>[] };
  for (const state of stateObject.geometries) {
    const stateName = (state.properties as { name?: string } | undefined)?.name;
    if (state.id !== undefined && stateName) states.set(String(state.id), stateName);
  }
  const countyObject = topology.objects.counties as {
    geometries: GeometryObject<CountyProperties>[];
  };
  const lines = ['id,name,state,unemployment_rate'];
  for (const county of countyObject.geometries) {
    const id = String(county.id);
    const properties: CountyProperties = county.properties ?? {};
    properties.id = id;
    properties.state = states.get(id.slice(0, 2)) ?? '';
    properties.unemployment_rate = rates.get(Number(id)) ?? null;
    county.properties = properties;
    lines.push(
      [
        id,
        csvField(properties.name ?? ''),
        csvField(properties.state),
        properties.unemployment_rate ?? '',
      ]
        .map(String)
        .join(','),
    );
  }
  // Only `counties` is drawn: the states and nation objects would cost the page bytes and JSON parsing
  // at boot (their arcs are the counties' arcs, so dropping the objects loses no geometry).
  const countiesOnly: Topology = { ...topology, objects: { counties: topology.objects.counties! } };
  return { topology: JSON.stringify(countiesOnly), csv: `${lines.join('\n')}\n` };
}
