// CRC-16/ARC, the checksum of SIA DC-09 frames: polynomial 0x8005 processed LSB first (0xA001
// reflected), initial value 0, no final XOR. Computed over the bytes from the opening `"` of the id
// to the end of the timestamp (DC-09 §5.5.1.2).

const table = (() => {
  const t = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    t[n] = c;
  }
  return t;
})();

export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = (crc >>> 8) ^ (table[(crc ^ b) & 0xff] ?? 0);
  return crc;
}

/** The CRC as a frame carries it in its text form: 4 upper-case hexadecimal digits. */
export function crc16Hex(bytes: Uint8Array): string {
  return crc16(bytes).toString(16).toUpperCase().padStart(4, '0');
}
