// Where an inspector stood: a GPS position as a `geo:` URI (RFC 5870, WGS-84)
// resolved offline to a GB/T 2260 city code through the city outlines of antvis' china-geojson
// (a point-in-polygon test, no service called). Like the scan's address lookup (ip-region.ts)
// the resolver is replaceable (AppOptions.geoRegions): tests load a fixture table.
import { createRequire } from "node:module";

export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** The city code of a position, or null (at sea, abroad, outside the outlines). */
export type GeoRegionLookup = (point: GeoPoint) => string | null;

const GEO_URI = /^geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)(?:,-?\d+(?:\.\d+)?)?(?:;[^\s]*)?$/i;

/** The point of a `geo:lat,lon[,alt][;params]` URI, or null when it is none or out of range. */
export function parseGeoUri(uri: string): GeoPoint | null {
  const match = GEO_URI.exec(uri.trim());
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

type Ring = readonly (readonly [number, number])[];

interface Outline {
  /** GB/T 2260 code of the city (a municipality's districts map to the municipality's city code). */
  readonly city: string;
  readonly polygons: readonly (readonly Ring[])[];
  readonly box: readonly [number, number, number, number];
}

interface Feature {
  readonly id?: string;
  readonly geometry: { readonly type: "Polygon" | "MultiPolygon"; readonly coordinates: unknown };
}

/** Even-odd ray casting; a polygon is its outer ring less its holes. */
function inRing(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const inPolygon = (rings: readonly Ring[], x: number, y: number): boolean =>
  rings.length > 0 && inRing(rings[0], x, y) && !rings.slice(1).some((hole) => inRing(hole, x, y));

function outlineOf(feature: Feature): Outline | null {
  if (!feature.id || !/^\d{4}(\d{2})?$/.test(feature.id)) return null;
  const polygons = (
    feature.geometry.type === "Polygon" ? [feature.geometry.coordinates] : feature.geometry.coordinates
  ) as Ring[][];
  const points = polygons.flatMap((rings) => rings[0] ?? []);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return {
    city: `${feature.id.slice(0, 4)}00`,
    polygons,
    box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
  };
}

/** The outlines of every province's cities, loaded on the first call (about 2 MB of GeoJSON). */
export function chinaGeoLookup(): GeoRegionLookup {
  let outlines: Outline[] | undefined;
  return ({ latitude, longitude }) => {
    outlines ??= Object.entries(
      createRequire(import.meta.url)("china-geojson") as Record<string, { features: Feature[] }>,
    )
      .filter(([name]) => name !== "China")
      .flatMap(([, collection]) =>
        collection.features.map(outlineOf).filter((outline): outline is Outline => outline !== null),
      );
    const hit = outlines.find(
      ({ box: [west, south, east, north], polygons }) =>
        longitude >= west &&
        longitude <= east &&
        latitude >= south &&
        latitude <= north &&
        polygons.some((rings) => inPolygon(rings, longitude, latitude)),
    );
    return hit?.city ?? null;
  };
}

/** A fixed table, "lat,lon" → region code: for tests. */
export const geoRegionTable =
  (table: Readonly<Record<string, string>>): GeoRegionLookup =>
  ({ latitude, longitude }) =>
    table[`${latitude},${longitude}`] ?? null;
