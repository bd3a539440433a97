// The PMTiles writer read back with the `pmtiles` package's own reader: header, metadata, every
// tile by its z/x/y (deduplicated and run-length encoded ones too), missing tiles, and leaf
// directories when the tiles are too many for the root.
import { gunzipSync, gzipSync } from 'node:zlib';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { type ArchiveTile, writeArchive } from './pmtiles-writer';

class BufferSource implements Source {
  constructor(private readonly bytes: Uint8Array) {}
  getKey() {
    return 'memory';
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const slice = this.bytes.slice(offset, offset + length);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) };
  }
}

const options = {
  tileType: 1,
  tileCompression: 2,
  minZoom: 0,
  maxZoom: 3,
  bounds: [-180, -85, 180, 85] as [number, number, number, number],
  center: [2.35, 46.6, 2] as [number, number, number],
  metadata: { name: 'essai', vector_layers: [{ id: 'countries', fields: {} }] },
};

const tileBytes = (text: string) => gzipSync(Buffer.from(text));

describe('PMTiles writer', () => {
  it('writes an archive the pmtiles reader reads back', async () => {
    const tiles: ArchiveTile[] = [];
    for (let z = 0; z <= 3; z++)
      for (let x = 0; x < 2 ** z; x++)
        for (let y = 0; y < 2 ** z; y++) {
          // Leave a hole, and make a row of identical tiles (stored once, as a run).
          if (z === 3 && x === 5 && y === 5) continue;
          tiles.push({ z, x, y, data: tileBytes(z === 3 && y === 7 ? 'ocean' : `tile ${z}/${x}/${y}`) });
        }
    const archive = writeArchive(tiles, options);
    const reader = new PMTiles(new BufferSource(archive));
    const header = await reader.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      minZoom: 0,
      maxZoom: 3,
      tileType: 1,
      tileCompression: 2,
      centerZoom: 2,
      numAddressedTiles: tiles.length,
    });
    expect(header.centerLon).toBeCloseTo(2.35, 5);
    expect(header.minLat).toBeCloseTo(-85, 5);
    expect(header.numTileContents).toBe(tiles.length - 7);
    expect(await reader.getMetadata()).toEqual(options.metadata);

    for (const t of tiles) {
      const got = await reader.getZxy(t.z, t.x, t.y);
      expect(got, `${t.z}/${t.x}/${t.y}`).toBeDefined();
      // The reader hands tiles back decompressed (the header says gzip).
      expect(Buffer.from(got?.data ?? new ArrayBuffer(0)).toString()).toBe(gunzipSync(t.data).toString());
    }
    expect(await reader.getZxy(3, 5, 5)).toBeUndefined();
  });

  it('puts the entries in leaf directories when the root would pass 16 KiB', async () => {
    const tiles: ArchiveTile[] = [];
    // Half of zoom 8's 65,536 tiles, picked at random, of random sizes (a fixed seed): entries whose
    // id gaps and lengths do not compress into a 16 KiB root.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let x = 0; x < 256; x++)
      for (let y = 0; y < 256; y++)
        if (random() < 0.5 || (x === 0 && y === 0) || (x === 255 && y === 255) || (x === 64 && y === 17))
          tiles.push({
            z: 8,
            x,
            y,
            data: Buffer.from(`t${x}-${y}${'.'.repeat(Math.floor(random() * 300))}`),
          });
    const archive = writeArchive(tiles, { ...options, tileCompression: 1, minZoom: 8, maxZoom: 8 });
    const reader = new PMTiles(new BufferSource(archive));
    const header = await reader.getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryLength + 127).toBeLessThanOrEqual(16_384);
    for (const [x, y] of [
      [0, 0],
      [64, 17],
      [255, 255],
    ] as const) {
      const got = await reader.getZxy(8, x, y);
      expect(Buffer.from(got?.data ?? new ArrayBuffer(0)).toString()).toMatch(new RegExp(`^t${x}-${y}\\.*$`));
    }
    expect(header.numAddressedTiles).toBe(tiles.length);
  });
});
