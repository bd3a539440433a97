// A PMTiles v3 archive writer (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): the
// `pmtiles` package reads archives but does not write them. Tiles are given already compressed
// (gzip for vector tiles); identical tiles are stored once (oceans, inland land); directories are
// gzip-compressed; the root directory fits the first 16 KiB with the header, leaf directories
// holding the rest when there are too many tiles for it.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile's bytes, compressed as `tileCompression` says. */
  data: Uint8Array;
}

export interface ArchiveOptions {
  /** 1: MVT (vector tiles). */
  tileType: number;
  /** 1 none, 2 gzip. */
  tileCompression: number;
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
  /** The TileJSON-like metadata (vector_layers, attribution…). */
  metadata: Record<string, unknown>;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const HEADER_BYTES = 127;
const ROOT_MAX_BYTES = 16_384 - HEADER_BYTES;

function varint(out: number[], value: number) {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A directory as the spec lays it out (ids as deltas, then run lengths, lengths, offsets), gzipped. */
export function serializeDirectory(entries: Entry[]): Uint8Array {
  const out: number[] = [];
  varint(out, entries.length);
  let last = 0;
  for (const e of entries) {
    varint(out, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) varint(out, e.runLength);
  for (const e of entries) varint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    // 0: right after the previous entry's bytes; else the offset plus one.
    varint(out, prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return gzipSync(Uint8Array.from(out), { level: 9 });
}

/** The root directory and the leaf directories' bytes: leaves only when the root alone is too large. */
function buildDirectories(entries: Entry[]): { root: Uint8Array; leaves: Uint8Array } {
  const root = serializeDirectory(entries);
  if (root.length <= ROOT_MAX_BYTES) return { root, leaves: new Uint8Array(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const rootEntries: Entry[] = [];
    const parts: Uint8Array[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const chunk = entries.slice(i, i + leafSize);
      const bytes = serializeDirectory(chunk);
      rootEntries.push({ tileId: (chunk[0] as Entry).tileId, offset, length: bytes.length, runLength: 0 });
      parts.push(bytes);
      offset += bytes.length;
    }
    const rootBytes = serializeDirectory(rootEntries);
    if (rootBytes.length <= ROOT_MAX_BYTES) return { root: rootBytes, leaves: Buffer.concat(parts) };
  }
}

const e7 = (deg: number) => Math.round(deg * 1e7);

/** The whole archive's bytes. */
export function writeArchive(tiles: ArchiveTile[], options: ArchiveOptions): Uint8Array {
  const sorted = tiles
    .map((t) => ({ tileId: zxyToTileId(t.z, t.x, t.y), data: t.data }))
    .sort((a, b) => a.tileId - b.tileId);
  const stored = new Map<string, { offset: number; length: number }>();
  const blobs: Uint8Array[] = [];
  let dataLength = 0;
  const entries: Entry[] = [];
  for (const t of sorted) {
    const hash = createHash('sha256').update(t.data).digest('hex');
    let place = stored.get(hash);
    if (!place) {
      place = { offset: dataLength, length: t.data.length };
      stored.set(hash, place);
      blobs.push(t.data);
      dataLength += t.data.length;
    }
    const last = entries[entries.length - 1];
    // A run: the same bytes for consecutive tile ids.
    if (last && last.offset === place.offset && last.tileId + last.runLength === t.tileId) last.runLength++;
    else entries.push({ tileId: t.tileId, offset: place.offset, length: place.length, runLength: 1 });
  }
  const { root, leaves } = buildDirectories(entries);
  const metadata = gzipSync(Buffer.from(JSON.stringify(options.metadata)), { level: 9 });

  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;

  const header = new DataView(new ArrayBuffer(HEADER_BYTES));
  'PMTiles'.split('').forEach((c, i) => {
    header.setUint8(i, c.charCodeAt(0));
  });
  header.setUint8(7, 3);
  const u64 = (at: number, v: number) => header.setBigUint64(at, BigInt(v), true);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, leavesOffset);
  u64(48, leaves.length);
  u64(56, dataOffset);
  u64(64, dataLength);
  u64(72, sorted.length);
  u64(80, entries.length);
  u64(88, blobs.length);
  header.setUint8(96, 1); // clustered: tiles in tile id order
  header.setUint8(97, 2); // directories and metadata: gzip
  header.setUint8(98, options.tileCompression);
  header.setUint8(99, options.tileType);
  header.setUint8(100, options.minZoom);
  header.setUint8(101, options.maxZoom);
  const [west, south, east, north] = options.bounds;
  header.setInt32(102, e7(west), true);
  header.setInt32(106, e7(south), true);
  header.setInt32(110, e7(east), true);
  header.setInt32(114, e7(north), true);
  const [lng, lat, zoom] = options.center;
  header.setUint8(118, zoom);
  header.setInt32(119, e7(lng), true);
  header.setInt32(123, e7(lat), true);

  return Buffer.concat([new Uint8Array(header.buffer), root, metadata, leaves, ...blobs]);
}
