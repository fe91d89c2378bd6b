import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  EARTH_RADIUS_KM,
  boundingBox,
  distanceKm,
  isValidLatitude,
  isValidLongitude,
} from '../../server/domain/geo.ts';

const PARIS = { lat: 48.8566, lng: 2.3522 };
const LONDON = { lat: 51.5074, lng: -0.1278 };
const NEW_YORK = { lat: 40.7128, lng: -74.006 };
const LOS_ANGELES = { lat: 34.0522, lng: -118.2437 };

function assertNear(actual: number, expected: number, tolerance: number): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
}

// The point `distance` km from (lat, lng) on the initial bearing `bearingDeg` (great
// circle, same sphere as distanceKm), longitude wrapped into [-180, 180].
function destination(lat: number, lng: number, bearingDeg: number, distance: number): { lat: number; lng: number } {
  const rad = Math.PI / 180;
  const d = distance / EARTH_RADIUS_KM;
  const phi1 = lat * rad;
  const theta = bearingDeg * rad;
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(d) + Math.cos(phi1) * Math.sin(d) * Math.cos(theta));
  const lambda2 =
    lng * rad +
    Math.atan2(Math.sin(theta) * Math.sin(d) * Math.cos(phi1), Math.cos(d) - Math.sin(phi1) * Math.sin(phi2));
  const lngDeg = ((((lambda2 / rad + 180) % 360) + 360) % 360) - 180;
  return { lat: phi2 / rad, lng: lngDeg };
}

function inBox(box: ReturnType<typeof boundingBox>, p: { lat: number; lng: number }): boolean {
  return p.lat >= box.minLat && p.lat <= box.maxLat && p.lng >= box.minLng && p.lng <= box.maxLng;
}

test('distanceKm: known city distances', () => {
  assertNear(distanceKm(PARIS.lat, PARIS.lng, LONDON.lat, LONDON.lng), 343.5, 1);
  assertNear(distanceKm(NEW_YORK.lat, NEW_YORK.lng, LOS_ANGELES.lat, LOS_ANGELES.lng), 3935.7, 2);
});

test('distanceKm: exact values on the sphere', () => {
  assert.equal(distanceKm(PARIS.lat, PARIS.lng, PARIS.lat, PARIS.lng), 0);
  // One degree of arc is R * pi / 180, along the equator and along a meridian.
  assertNear(distanceKm(0, 0, 0, 1), (EARTH_RADIUS_KM * Math.PI) / 180, 1e-9);
  assertNear(distanceKm(10, 30, 11, 30), 111.195, 0.001);
  // Antipodes: half the circumference, not NaN.
  assertNear(distanceKm(0, 0, 0, 180), Math.PI * EARTH_RADIUS_KM, 1e-6);
  assertNear(distanceKm(90, 0, -90, 0), 20015.114, 0.001);
  // Across the antimeridian the short way round.
  assertNear(distanceKm(0, 179.5, 0, -179.5), 111.195, 0.001);
});

test('distanceKm: symmetric', () => {
  const ab = distanceKm(PARIS.lat, PARIS.lng, NEW_YORK.lat, NEW_YORK.lng);
  const ba = distanceKm(NEW_YORK.lat, NEW_YORK.lng, PARIS.lat, PARIS.lng);
  assertNear(ab, ba, 1e-9);
  assertNear(ab, 5837, 2);
});

test('boundingBox: tight around Paris for 10 km', () => {
  const box = boundingBox(PARIS.lat, PARIS.lng, 10);
  const dLat = (10 / EARTH_RADIUS_KM) * (180 / Math.PI); // 0.08993°
  assertNear(box.minLat, PARIS.lat - dLat, 1e-6);
  assertNear(box.maxLat, PARIS.lat + dLat, 1e-6);
  // About 1 / cos(48.86°) times wider in longitude.
  assertNear(box.maxLng - PARIS.lng, 0.13669, 1e-4);
  assertNear(PARIS.lng - box.minLng, 0.13669, 1e-4);
});

test('boundingBox: contains the points at exactly the radius in 8 directions', () => {
  const centres = [PARIS, { lat: 0, lng: 0 }, { lat: -33.8688, lng: 151.2093 }, { lat: 78.2232, lng: 15.6267 }];
  for (const c of centres) {
    for (const radius of [0.5, 10, 250, 1500]) {
      const box = boundingBox(c.lat, c.lng, radius);
      for (let bearing = 0; bearing < 360; bearing += 45) {
        const p = destination(c.lat, c.lng, bearing, radius);
        assertNear(distanceKm(c.lat, c.lng, p.lat, p.lng), radius, 1e-6);
        assert.ok(inBox(box, p), `${JSON.stringify(p)} at ${bearing}° ${radius} km from ${JSON.stringify(c)}`);
      }
    }
  }
});

test('boundingBox: contains the whole circle, including its widest longitude', () => {
  // The widest point is not due east/west but nearer the pole; sample every degree.
  for (const c of [PARIS, { lat: 70, lng: 20 }, { lat: -60, lng: -70 }]) {
    const radius = 800;
    const box = boundingBox(c.lat, c.lng, radius);
    let widest = 0;
    for (let bearing = 0; bearing < 360; bearing += 1) {
      const p = destination(c.lat, c.lng, bearing, radius);
      assert.ok(inBox(box, p), `${JSON.stringify(p)} at ${bearing}° from ${JSON.stringify(c)}`);
      widest = Math.max(widest, Math.abs(p.lng - c.lng));
    }
    // ...and is not much wider than needed.
    assertNear(box.maxLng - c.lng, widest, 0.05);
  }
});

test('boundingBox: whole longitude range across the antimeridian', () => {
  for (const lng of [179.95, -179.95]) {
    const box = boundingBox(0, lng, 50);
    assert.equal(box.minLng, -180);
    assert.equal(box.maxLng, 180);
    assertNear(box.maxLat, 0.44966, 1e-4);
    assertNear(box.minLat, -0.44966, 1e-4);
    const across = destination(0, lng, lng > 0 ? 90 : 270, 50);
    assert.ok(Math.sign(across.lng) !== Math.sign(lng));
    assert.ok(inBox(box, across));
  }
  // Close to but not across it: a normal box.
  const near = boundingBox(0, 179, 50);
  assert.ok(near.maxLng < 180 && near.minLng > 178, JSON.stringify(near));
});

test('boundingBox: over a pole, clamped latitude and whole longitude range', () => {
  const north = boundingBox(89.9, 0, 50);
  assert.deepEqual({ ...north, minLat: 0 }, { minLat: 0, maxLat: 90, minLng: -180, maxLng: 180 });
  assertNear(north.minLat, 89.9 - 0.44966, 1e-4);
  // The point on the far side of the pole has a longitude near 180.
  assert.ok(inBox(north, destination(89.9, 0, 0, 50)));

  const south = boundingBox(-89.9, 100, 50);
  assert.equal(south.minLat, -90);
  assert.equal(south.minLng, -180);
  assert.equal(south.maxLng, 180);

  const world = boundingBox(10, 10, 30000);
  assert.deepEqual(world, { minLat: -90, maxLat: 90, minLng: -180, maxLng: 180 });
});

test('boundingBox: zero radius is a point-sized box around the centre', () => {
  const box = boundingBox(PARIS.lat, PARIS.lng, 0);
  assert.ok(inBox(box, PARIS));
  assert.ok(box.maxLat - box.minLat < 1e-6);
  assert.ok(box.maxLng - box.minLng < 1e-6);
});

test('boundingBox: rejects invalid input', () => {
  assert.throws(() => boundingBox(PARIS.lat, PARIS.lng, -1), RangeError);
  assert.throws(() => boundingBox(PARIS.lat, PARIS.lng, Number.NaN), RangeError);
  assert.throws(() => boundingBox(91, 0, 10), RangeError);
  assert.throws(() => boundingBox(0, 181, 10), RangeError);
});

test('isValidLatitude / isValidLongitude', () => {
  assert.equal(isValidLatitude(0), true);
  assert.equal(isValidLatitude(90), true);
  assert.equal(isValidLatitude(-90), true);
  assert.equal(isValidLatitude(90.000001), false);
  assert.equal(isValidLatitude(-91), false);
  assert.equal(isValidLatitude(Number.NaN), false);
  assert.equal(isValidLatitude(Number.POSITIVE_INFINITY), false);
  assert.equal(isValidLongitude(180), true);
  assert.equal(isValidLongitude(-180), true);
  assert.equal(isValidLongitude(180.5), false);
  assert.equal(isValidLongitude(-200), false);
  assert.equal(isValidLongitude(Number.NaN), false);
});
