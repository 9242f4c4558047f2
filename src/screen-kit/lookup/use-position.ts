// The device's GPS position, asked of the browser when the user presses the button (a lookup
// with `locate`): a geo URI (RFC 5870, WGS-84, six decimals: about 0.1 m) the server resolves to a city.
import { useState } from "react";

export interface Position {
  /** geo:lat,lon once the device answered. */
  readonly geo?: string;
  readonly locating: boolean;
  /** The browser's reason when it gave none (denied, unavailable, timed out). */
  readonly error?: string;
  readonly locate: () => void;
}

export const geoUri = (latitude: number, longitude: number): string =>
  `geo:${latitude.toFixed(6)},${longitude.toFixed(6)}`;

export function usePosition(): Position {
  const [state, setState] = useState<{ geo?: string; locating: boolean; error?: string }>({ locating: false });
  const locate = () => {
    if (!navigator.geolocation) return setState({ locating: false, error: "unsupported" });
    setState((previous) => ({ ...previous, locating: true, error: undefined }));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => setState({ locating: false, geo: geoUri(coords.latitude, coords.longitude) }),
      (failure) =>
        setState((previous) => ({ ...previous, locating: false, error: failure.message || String(failure.code) })),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return { ...state, locate };
}
