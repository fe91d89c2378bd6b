// Distances for venue geo search ("events within N km of a point").
//
// SQLite has no geo index, so a search runs in two steps: a cheap range filter on the
// indexed latitude/longitude columns using boundingBox(), then the exact distanceKm()
// on the few rows left. The box may let extra rows through but must never drop one
// inside the circle, hence the margins below.

// Mean earth radius (IUGG R1). Haversine treats the earth as a sphere, which is off
// by up to ~0.5% from the ellipsoid; good enough for "within 10 km" and far simpler.
export const EARTH_RADIUS_KM = 6371.0088;

const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

/** Great-circle distance in km between two points given in degrees (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = toRad(lat2 - lat1);
  const dLng = toRad(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points, and asin(>1) is NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A latitude/longitude box that contains every point within `radiusKm` of (lat, lng),
 * for a range pre-filter in SQL. When the circle reaches over a pole or across the
 * antimeridian the longitude range is the whole of [-180, 180], so that the filter
 * stays one simple BETWEEN per column (a wrapped range would need an OR).
 * Throws RangeError for an invalid centre or a negative or NaN radius.
 */
export function boundingBox(
  lat: number,
  lng: number,
  radiusKm: number,
): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  if (!isValidLatitude(lat) || !isValidLongitude(lng)) {
    throw new RangeError(`invalid centre ${lat},${lng}`);
  }
  if (!(radiusKm >= 0)) throw new RangeError(`invalid radius ${radiusKm}`);
  // Angular radius, widened a little: a point exactly at the radius must fall inside
  // the box despite floating-point rounding (1e-9 relative is well under a millimetre).
  const r = (radiusKm / EARTH_RADIUS_KM) * (1 + 1e-9) + 1e-12;
  const latR = toRad(lat);
  const minLatR = latR - r;
  const maxLatR = latR + r;
  if (minLatR <= -Math.PI / 2 || maxLatR >= Math.PI / 2) {
    // A pole is inside the circle, so every longitude is.
    return { minLat: Math.max(-90, toDeg(minLatR)), maxLat: Math.min(90, toDeg(maxLatR)), minLng: -180, maxLng: 180 };
  }
  // The widest longitude of the circle is not at the centre's latitude but where the
  // meridians touch it; asin(sin r / cos lat) is that exact half-width (Matuschek,
  // "Finding Points Within a Distance of a Latitude/Longitude Using Bounding
  // Coordinates"). Simply dividing r by cos(lat) would be too narrow near the poles.
  // The argument stays <= 1 because |lat| + r < 90° here.
  const dLng = toDeg(Math.asin(Math.sin(r) / Math.cos(latR)));
  const box = { minLat: toDeg(minLatR), maxLat: toDeg(maxLatR), minLng: lng - dLng, maxLng: lng + dLng };
  if (box.minLng < -180 || box.maxLng > 180) return Object.assign(box, { minLng: -180, maxLng: 180 });
  return box;
}

/** A finite number in [-90, 90]. */
export function isValidLatitude(v: number): boolean {
  return Number.isFinite(v) && v >= -90 && v <= 90;
}

/** A finite number in [-180, 180]. */
export function isValidLongitude(v: number): boolean {
  return Number.isFinite(v) && v >= -180 && v <= 180;
}
