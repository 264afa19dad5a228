// The PostGIS tables the Postgres tests query.

/** 20,000 points on a grid, ten boxes over them, and a table in a schema of its own. */
export const postgisFixtureSql = `
CREATE TABLE places AS
  SELECT i AS id, 'name ' || (i % 50) AS name, i::bigint * 1000000 AS big,
         (i / 7.0)::numeric(12, 2) AS amount,
         ST_SetSRID(ST_MakePoint(-10 + (i % 200) * 0.1, 40 + (i / 200) * 0.1), 4326)::geometry(Point, 4326) AS geom
  FROM generate_series(1, 20000) AS i;
CREATE INDEX places_geom ON places USING gist (geom);
ANALYZE places;
CREATE TABLE zones AS
  SELECT z AS id, 'zone ' || z AS name,
         ST_MakeEnvelope(-10 + z * 2, 40, -8 + z * 2, 50, 4326)::geometry(Polygon, 4326) AS geom
  FROM generate_series(0, 9) AS z;
CREATE SCHEMA extra;
CREATE TABLE extra.notes AS SELECT 1 AS id, 'a note'::text AS body;
`;
