// bench/video.ts's eyes in Chromium: the script it adds to the cameras page, and what it drains
// from it.
import { LIVE_SOCKET_PATH } from '@vigie/contract/camera-video.contract';
import type { Page } from 'playwright-core';
import { FRAME_BITS } from '../apps/server/src/demo/rtsp-camera';

// ---------------------------------------------------------------------------------------------
// In the page: clicks, the live sockets' messages (with each fragment's decode time), and every
// presented frame of each camera video with the frame number read from its picture. A string, not a
// function: tsx adds name helpers to functions, which do not exist in the page.

export const PAGE_SCRIPT = `(() => {
  const wall = () => performance.timeOrigin + performance.now();
  const rec = { frames: [], sockets: [], clicks: [], videos: [], seeks: [] };
  window.__vb = rec;
  try { performance.setResourceTimingBufferSize(100000); } catch (e) {}
  document.addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    rec.clicks.push({ at: wall(), text: b ? (b.textContent || '').trim() : '' });
  }, true);
  const tfdtOf = (buf) => {
    const v = new DataView(buf);
    const find = (start, end, type) => {
      let at = start;
      while (at + 8 <= end) {
        const size = v.getUint32(at);
        if (size < 8 || at + size > end) return null;
        const t = String.fromCharCode(v.getUint8(at + 4), v.getUint8(at + 5), v.getUint8(at + 6), v.getUint8(at + 7));
        if (t === type) return [at, at + size];
        at += size;
      }
      return null;
    };
    const moof = find(0, buf.byteLength, 'moof');
    const traf = moof && find(moof[0] + 8, moof[1], 'traf');
    const tfdt = traf && find(traf[0] + 8, traf[1], 'tfdt');
    if (!tfdt) return null;
    return v.getUint8(tfdt[0] + 8) === 1 ? Number(v.getBigUint64(tfdt[0] + 12)) : v.getUint32(tfdt[0] + 12);
  };
  const Native = window.WebSocket;
  let ids = 0;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).includes(${JSON.stringify(LIVE_SOCKET_PATH)})) return;
      const s = { id: ++ids, opened: wall(), open: null, initText: null, initSegment: null, closed: null, frags: [] };
      rec.sockets.push(s);
      this.addEventListener('open', () => { s.open = wall(); });
      this.addEventListener('close', () => { s.closed = wall(); });
      this.addEventListener('message', (e) => {
        const at = wall();
        if (typeof e.data === 'string') { if (s.initText === null) s.initText = at; return; }
        if (s.initSegment === null) { s.initSegment = at; return; }
        s.frags.push([at, tfdtOf(e.data)]);
      });
    }
  };
  const BITS = ${FRAME_BITS};
  const canvas = document.createElement('canvas');
  let ctx = null;
  const hooked = new WeakSet();
  const hook = (video) => {
    if (hooked.has(video)) return;
    hooked.add(video);
    const entry = { label: video.getAttribute('aria-label') || '', mounted: wall(), first: null };
    rec.videos.push(entry);
    video.addEventListener('seeking', () => rec.seeks.push({ label: entry.label, at: wall() }));
    const onFrame = (now, m) => {
      if (!video.isConnected) return;
      const w = video.videoWidth;
      let n = -1;
      let margin = 0;
      if (w > 0) {
        if (!ctx || canvas.width !== w) {
          canvas.width = w;
          canvas.height = 16;
          ctx = canvas.getContext('2d', { willReadFrequently: true });
        }
        ctx.drawImage(video, 0, 0, w, 16, 0, 0, w, 16);
        const px = ctx.getImageData(0, 0, w, 16).data;
        const cell = Math.floor(w / BITS);
        n = 0;
        margin = 255;
        for (let i = 0; i < BITS; i++) {
          let sum = 0;
          let count = 0;
          for (let y = 4; y < 12; y++)
            for (let x = i * cell + Math.floor(cell / 4); x < i * cell + Math.ceil((3 * cell) / 4); x++) {
              sum += px[(y * w + x) * 4];
              count++;
            }
          const lum = sum / count;
          n = n * 2 + (lum >= 128 ? 1 : 0);
          margin = Math.min(margin, Math.abs(lum - 128));
        }
      }
      const b = video.buffered;
      const frame = {
        label: entry.label, n, margin,
        ahead: b.length ? (b.end(b.length - 1) - m.mediaTime) * 1000 : null,
        shown: performance.timeOrigin + m.expectedDisplayTime,
        cb: performance.timeOrigin + now,
        media: m.mediaTime, presented: m.presentedFrames,
      };
      if (entry.first === null) entry.first = frame;
      rec.frames.push(frame);
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  const scan = () => { for (const v of document.querySelectorAll('video[data-testid="camera-video"]')) hook(v); };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
})();`;

const DRAIN = `(() => {
  const r = window.__vb;
  const out = {
    frames: r.frames,
    clicks: r.clicks,
    videos: r.videos,
    seeks: r.seeks,
    quality: [...document.querySelectorAll('video[data-testid="camera-video"]')].map((v) => {
      const q = v.getVideoPlaybackQuality();
      return { label: v.getAttribute('aria-label') || '', total: q.totalVideoFrames, dropped: q.droppedVideoFrames };
    }),
    sockets: r.sockets.map((s) => ({ id: s.id, opened: s.opened, open: s.open, initText: s.initText,
      initSegment: s.initSegment, closed: s.closed, frags: s.frags })),
    tickets: performance.getEntriesByType('resource').filter((e) => e.name.includes('/live'))
      .map((e) => ({ name: e.name, start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd })),
  };
  r.frames = [];
  r.clicks = [];
  r.videos = [];
  r.seeks = [];
  r.sockets = r.sockets.filter((s) => s.closed === null);
  for (const s of r.sockets) s.frags = [];
  performance.clearResourceTimings();
  return out;
})()`;

export interface PageFrame {
  label: string;
  n: number;
  margin: number;
  /** Media buffered beyond this frame when it was shown, ms (the player's margin). */
  ahead: number | null;
  shown: number;
  cb: number;
  media: number;
  presented: number;
}
export interface Drained {
  frames: PageFrame[];
  clicks: { at: number; text: string }[];
  videos: { label: string; mounted: number; first: PageFrame | null }[];
  seeks: { label: string; at: number }[];
  quality: { label: string; total: number; dropped: number }[];
  sockets: {
    id: number;
    opened: number;
    open: number | null;
    initText: number | null;
    initSegment: number | null;
    closed: number | null;
    frags: [number, number | null][];
  }[];
  tickets: { name: string; start: number; end: number }[];
}
export const drain = async (page: Page) => (await page.evaluate(DRAIN)) as Drained;
