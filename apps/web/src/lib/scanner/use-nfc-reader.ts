// Web NFC (Chrome on Android): an NFC badge or checkpoint tag is known by its serial number (its
// UID), which the server normalises ('04:a2:…' → '04A2…') and compares with the stored UID.
import { useEffect, useRef, useState } from 'react';

export type NfcState = 'unsupported' | 'idle' | 'listening' | 'denied' | 'off' | 'failed';

// Not in TypeScript's DOM library yet: the part of the Web NFC API the scanners use.
type NdefReadingEvent = Event & { serialNumber: string };
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  onreading: ((event: NdefReadingEvent) => void) | null;
  onreadingerror: ((event: Event) => void) | null;
}
type NdefReaderConstructor = new () => NdefReader;

const readerClass = () =>
  typeof window !== 'undefined' && 'NDEFReader' in window
    ? (window as unknown as { NDEFReader: NdefReaderConstructor }).NDEFReader
    : null;

export const nfcSupported = () => readerClass() !== null;

/**
 * While `active`, listens for NFC tags and calls `onTag` with each serial number. Must first run
 * within a few seconds of a tap: Chrome asks for the NFC permission only after a user gesture.
 */
export function useNfcReader({ active, onTag }: { active: boolean; onTag: (serial: string) => void }) {
  const [state, setState] = useState<NfcState>(() => (nfcSupported() ? 'idle' : 'unsupported'));
  const onTagRef = useRef(onTag);
  onTagRef.current = onTag;

  useEffect(() => {
    const Reader = readerClass();
    if (!Reader || !active) return;
    const controller = new AbortController();
    const reader = new Reader();
    reader.onreading = (event) => {
      if (event.serialNumber) onTagRef.current(event.serialNumber);
    };
    reader
      .scan({ signal: controller.signal })
      .then(() => !controller.signal.aborted && setState('listening'))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const name = error instanceof DOMException ? error.name : '';
        // NotSupportedError: no NFC chip, or NFC switched off in Android's settings.
        setState(name === 'NotAllowedError' ? 'denied' : name === 'NotSupportedError' ? 'off' : 'failed');
      });
    return () => {
      controller.abort();
      reader.onreading = null;
      setState('idle');
    };
  }, [active]);

  return state;
}
