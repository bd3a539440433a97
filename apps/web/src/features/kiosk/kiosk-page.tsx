import { useEffect, useState } from 'react';
import { KioskFrame } from './components/kiosk-frame';
import { KioskScreen } from './components/kiosk-screen';
import { PairingScreen } from './components/pairing-screen';
import {
  clearPairing,
  storedPointName,
  storedReaderKey,
  storePointName,
  storeReaderKey,
} from './kiosk-storage';

const rejectedKey = {
  invalid:
    'Clé invalide ou révoquée : la borne a été dissociée. Demandez une nouvelle clé de lecteur à un administrateur et saisissez-la ci-dessous.',
  scope:
    "Cette clé n'est pas une clé de lecteur : la borne a été dissociée. Saisissez la clé d'un point d'accès (Contrôle d'accès → Points d'accès → Clés de lecteur).",
} as const;

/**
 * « Borne d'accès » (/borne): a tablet at an entrance, without a user session. It is paired with
 * an access point by that point's reader key, then checks every badge presented with that key.
 */
export default function KioskPage() {
  const [readerKey, setReaderKey] = useState(storedReaderKey);
  const [pointName, setPointName] = useState(() => (storedReaderKey() ? storedPointName() : null));
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const previous = document.title;
    document.title = "Borne d'accès — Vigie";
    return () => {
      document.title = previous;
    };
  }, []);

  if (!readerKey) {
    return (
      <KioskFrame pointName={null}>
        <PairingScreen
          notice={notice}
          onPair={(key) => {
            storeReaderKey(key);
            setNotice(null);
            setReaderKey(key);
          }}
        />
      </KioskFrame>
    );
  }

  return (
    <KioskScreen
      key={readerKey}
      readerKey={readerKey}
      pointName={pointName}
      onPoint={(name) => {
        storePointName(name);
        setPointName(name);
      }}
      onUnpair={(why) => {
        clearPairing();
        setReaderKey(null);
        setPointName(null);
        setNotice(why === 'asked' ? null : rejectedKey[why]);
      }}
    />
  );
}
