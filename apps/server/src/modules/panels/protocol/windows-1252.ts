// Panels write zone names in x-data and `^text^` in Windows-1252 (the accented letters of French,
// Italian or Spanish installers). A single-byte code page keeps one character per byte, so offsets
// and lengths counted on the decoded text stay byte counts, which the frame's length field needs.
// Written out rather than TextDecoder('windows-1252'): Node builds without full ICU drop the
// 0x80–0x9F bytes instead of decoding them, which would shift every offset after them.

// 0x80–0x9F, the only row where Windows-1252 differs from Latin-1. The five bytes the code page
// leaves undefined decode, as in the WHATWG encoding standard, to the C1 control of the same value.
const row8x9x = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

const decodeTable: string[] = Array.from({ length: 256 }, (_, b) =>
  String.fromCharCode(b >= 0x80 && b <= 0x9f ? (row8x9x[b - 0x80] ?? b) : b),
);

const encodeTable = new Map<string, number>(decodeTable.map((ch, b) => [ch, b]));

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += decodeTable[b];
  return out;
}

/** Encodes text to Windows-1252; a character the code page lacks becomes `?`. */
export function encodeWindows1252(text: string): Buffer {
  const chars = Array.from(text);
  const out = Buffer.alloc(chars.length);
  chars.forEach((ch, i) => {
    out[i] = encodeTable.get(ch) ?? 0x3f;
  });
  return out;
}
