// The browser's position for an address (spec §2 /pages/user/address/poi "GPS from the browser"; §8
// "device nonsupport geolocation"; §9 geolocation time-out 100000 ms). Failures carry a kind the address
// editor turns into a localised message.
import type { GpsPoint } from '../domain/shop';

export const GEOLOCATION_TIMEOUT_MS = 100_000;

export type GeoErrorKind = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export class GeoError extends Error {
  override readonly name = 'GeoError';
  constructor(
    readonly kind: GeoErrorKind,
    message: string = kind,
  ) {
    super(message);
  }
}

/** GeolocationPositionError codes: 1 permission denied, 2 position unavailable, 3 time-out. */
const KIND_BY_CODE: Record<number, GeoErrorKind> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

export function currentPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  timeoutMs = GEOLOCATION_TIMEOUT_MS,
): Promise<GpsPoint> {
  if (!geolocation) return Promise.reject(new GeoError('unsupported', 'device nonsupport geolocation'));
  return new Promise((resolve, reject) =>
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(new GeoError(KIND_BY_CODE[error.code] ?? 'unavailable', error.message)),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
    ),
  );
}
