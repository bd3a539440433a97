import { useEffect, useState } from 'react';
import { msg, t } from '../../lib/i18n/i18n';
import { useLocale } from '../../lib/i18n/use-locale';
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
  invalid: msg(
    'Clé invalide ou révoquée : la borne a été dissociée. Demandez une nouvelle clé de lecteur à un administrateur et saisissez-la ci-dessous.',
  ),
  scope: msg(
    "Cette clé n'est pas une clé de lecteur : la borne a été dissociée. Saisissez la clé d'un point d'accès (Contrôle d'accès → Points d'accès → Clés de lecteur).",
  ),
} as const;

/**
 * « Borne d'accès » (/borne): a tablet at an entrance, without a user session. It is paired with
 * an access point by that point's reader key, then checks every badge presented with that key.
 */
export default function KioskPage() {
  const [readerKey, setReaderKey] = useState(storedReaderKey);
  const [pointName, setPointName] = useState(() => (storedReaderKey() ? storedPointName() : null));
  const [notice, setNotice] = useState<string | null>(null);
  // The tab's title follows the language too.
  useLocale();
  const title = t("Borne d'accès — Vigie");

  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

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
