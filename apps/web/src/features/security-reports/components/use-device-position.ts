import { useEffect, useState } from 'react';
import { msg } from '../../../lib/i18n/i18n';

export type PositionState =
  | { status: 'pending' }
  | { status: 'ready'; text: string }
  /** reason: a catalogue message, translated where shown. */
  | { status: 'unavailable'; reason: string };

/**
 * The device's position, asked once when the report form opens (spec: the geolocation field is
 * filled from the device and read-only), as 'latitude, longitude' with 5 decimals (about a metre).
 */
export function useDevicePosition(onPosition: (text: string) => void): PositionState {
  const [state, setState] = useState<PositionState>({ status: 'pending' });
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'unavailable', reason: msg('Cet appareil ne fournit pas sa position.') });
      return;
    }
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!active) return;
        const text = `${p.coords.latitude.toFixed(5)}, ${p.coords.longitude.toFixed(5)}`;
        setState({ status: 'ready', text });
        onPosition(text);
      },
      (err) => {
        if (!active) return;
        setState({
          status: 'unavailable',
          reason:
            err.code === err.PERMISSION_DENIED
              ? msg(
                  'Position refusée : autorisez la localisation de ce site dans le navigateur pour la joindre au rapport.',
                )
              : msg('Position indisponible pour le moment : le rapport sera enregistré sans elle.'),
        });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
    return () => {
      active = false;
    };
  }, [onPosition]);
  return state;
}
