// The datasets shipped with the app (copied from npm packages at build time by the datasets plugin).
import type { DatasetConfig } from './app-config';

/** The bundled datasets, as public/app-config.json also lists them. */
export function bundledDatasets(): DatasetConfig[] {
  return [
    {
      id: 'earthquakes',
      attribution: 'Earthquakes: USGS Earthquake Hazards Program',
      title: 'Earthquakes (USGS, one week)',
      description:
        'Every earthquake the USGS recorded worldwide in the week of 31 January to 7 February 2018 (1,707 events).',
      source: { url: 'data/earthquakes.geojson', format: 'geojson' },
      table: 'earthquakes',
      columns: {
        id: 'USGS event id (text, unique)',
        mag: 'Magnitude (number, about -1 to 7.5; larger is stronger)',
        magType: "How the magnitude was measured (text: 'ml', 'md', 'mb', 'mww', ...)",
        place: "Nearest place, in words (text, e.g. '4km W of Castaic, CA')",
        type: "Event type (text: 'earthquake', 'explosion', 'quarry blast', ...)",
        tsunami: '1 when a tsunami warning was issued, else 0 (integer)',
        sig: 'Significance, 0 to 1000+ (integer; combines magnitude and felt reports)',
        net: "Network that reported it (text, e.g. 'us', 'ci', 'ak')",
        status: "'automatic' or 'reviewed' (text)",
        time: 'When it happened (ISO 8601 text in UTC)',
        longitude: 'Longitude in degrees (number)',
        latitude: 'Latitude in degrees (number)',
        depth_km: 'Depth below the surface in kilometres (number)',
      },
      geometry: { kind: 'geojson' },
      layer: {
        type: 'circle',
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['get', 'mag'], 0, 2, 7, 14],
          'circle-color': [
            'interpolate',
            ['linear'],
            ['get', 'mag'],
            0,
            '#fde68a',
            4,
            '#f97316',
            7,
            '#7f1d1d',
          ],
          'circle-opacity': 0.8,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 0.5,
        },
        legendTitle: 'Magnitude',
      },
      tooltip: ['place', 'mag', 'time', 'depth_km'],
      tiles: 'data/tiles/earthquakes.pmtiles',
    },
    {
      id: 'airports',
      attribution: 'Airports: Data.gov',
      title: 'US airports',
      description:
        'Airports in the United States and its territories (3,376), with FAA/IATA codes.',
      source: { url: 'data/airports.csv', format: 'csv' },
      table: 'airports',
      columns: {
        iata: "Airport code (text, e.g. 'SFO'); joins flights.origin and flights.destination",
        name: 'Airport name (text)',
        city: 'City (text)',
        state: "Two-letter state code (text, e.g. 'CA')",
        country: "Country (text; 'USA' for all but 4)",
        latitude: 'Latitude in degrees (number)',
        longitude: 'Longitude in degrees (number)',
      },
      geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
      layer: {
        type: 'circle',
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 1.2, 8, 5],
          'circle-color': '#1d4ed8',
          'circle-opacity': 0.75,
        },
        visible: true,
      },
      tooltip: ['iata', 'name', 'city', 'state'],
      tiles: 'data/tiles/airports.pmtiles',
    },
    {
      id: 'flights',
      attribution: 'Flights: U.S. Bureau of Transportation Statistics',
      title: 'US flights, January to June 2001',
      description:
        'Three million domestic flights with departure delay and distance; join airports on the codes.',
      source: { url: 'data/flights-3m.parquet', format: 'parquet' },
      table: 'flights',
      columns: {
        date: 'Scheduled departure (TIMESTAMP, 2001-01-01 to 2001-07-01)',
        delay: 'Departure delay in minutes (BIGINT; negative means early)',
        distance: 'Flight distance in miles (BIGINT)',
        origin: 'Origin airport code (text); joins airports.iata',
        destination: 'Destination airport code (text); joins airports.iata',
      },
      geometry: { kind: 'none' },
    },
    {
      id: 'counties',
      attribution:
        'Counties: U.S. Census Bureau (us-atlas); unemployment: U.S. Bureau of Labor Statistics',
      title: 'US counties: unemployment 2008',
      description: 'Unemployment rate of every US county in 2008 (3,219 counties with a rate).',
      source: { url: 'data/us-counties.csv', format: 'csv' },
      table: 'counties',
      columns: {
        id: "Five-digit FIPS county code (text, e.g. '06075')",
        name: "County name without 'County' (text, e.g. 'San Francisco')",
        state: "State name (text, e.g. 'California')",
        unemployment_rate: 'Unemployment rate as a fraction (number, 0.012 to 0.301; 0.05 is 5%)',
      },
      geometry: {
        kind: 'shapes',
        url: 'data/us-counties-10m.json',
        format: 'topojson',
        object: 'counties',
      },
      layer: {
        type: 'fill',
        paint: {
          'fill-color': [
            'step',
            ['coalesce', ['get', 'unemployment_rate'], -1],
            '#d1d5db',
            0,
            '#f7fbff',
            0.04,
            '#c6dbef',
            0.06,
            '#6baed6',
            0.08,
            '#2171b5',
            0.1,
            '#08306b',
          ],
          'fill-opacity': 0.75,
          'fill-antialias': false,
        },
        legendTitle: 'Unemployment rate',
      },
      tooltip: ['name', 'state', 'unemployment_rate'],
      tiles: 'data/tiles/counties.pmtiles',
    },
  ];
}
