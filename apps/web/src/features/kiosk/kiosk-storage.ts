// The kiosk's pairing lives in this tablet's localStorage: the kiosk has no user session, its
// reader key is its only credential. The point's name is kept too, so the header shows where
// the kiosk stands right after a restart, before the first badge is read.

const KEY_ITEM = 'kioskReaderKey';
const POINT_ITEM = 'kioskPointName';

/** The server's reader keys: 'vgk_' then 32 random bytes in base64url (43 characters). */
const READER_KEY = /^vgk_[A-Za-z0-9_-]{43}$/;

export const isReaderKeyFormat = (value: string) => READER_KEY.test(value);

// Storage may be disabled (private mode, a locked-down kiosk browser): the kiosk then pairs for
// the session only rather than failing.
function read(item: string): string | null {
  try {
    return window.localStorage.getItem(item);
  } catch {
    return null;
  }
}

function write(item: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(item);
    else window.localStorage.setItem(item, value);
  } catch {
    // See read().
  }
}

export function storedReaderKey(): string | null {
  const key = read(KEY_ITEM);
  return key && isReaderKeyFormat(key) ? key : null;
}

export const storeReaderKey = (key: string) => write(KEY_ITEM, key);

export const storedPointName = () => read(POINT_ITEM);

export const storePointName = (name: string) => write(POINT_ITEM, name);

/** Unpairing forgets the key and the point it belonged to. */
export function clearPairing() {
  write(KEY_ITEM, null);
  write(POINT_ITEM, null);
}

const FACING_ITEM = 'kioskCameraFacing';

/**
 * Which camera films: the rear one by default; a tablet fixed to a wall, screen to the visitors,
 * needs the front one, and the choice is kept across restarts.
 */
export const storedFacing = (): 'environment' | 'user' =>
  read(FACING_ITEM) === 'user' ? 'user' : 'environment';

export const storeFacing = (facing: 'environment' | 'user') => write(FACING_ITEM, facing);
