// The demo's alarm panels (issue 32): each one dials the app's SIA DC-09 receiver on 127.0.0.1 as a
// real panel dials its alarm receiving centre, over one TCP connection it keeps open (opened again
// on the next frame after a close), one frame at a time, each waiting for its ACK. They send `NULL`
// link tests (their heartbeat), SIA-DCS events on their named zones (now and then followed by the
// restore), and openings and closings by a user. The panels given an AES key at this start encrypt
// every frame. Frames are written by the protocol's `buildFrame`, the one writer of frames.
//
// When the receiver is off or cannot be reached, the same panels post JSON to the integrations API
// with an integration key each, as the demo did before the receiver existed: the demo stays alive.
import { connect, type Socket } from 'node:net';
import { buildFrame } from '../modules/panels/protocol/answer';
import type { CodeEntry } from '../modules/panels/protocol/event-outcome';
import { parseTimestamp } from '../modules/panels/protocol/frame';
import { siaCodes } from '../modules/panels/protocol/sia-codes';
import { Dc09StreamSplitter } from '../modules/panels/protocol/stream';
import type { DeviceHttp } from './http';

const HOST = '127.0.0.1';
/** The receiver answers once the signal is stored: a busy embedded database can take seconds. */
const ANSWER_TIMEOUT_MS = 20_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** A frame without ACK is sent again (same sequence and content: the receiver takes it once). */
const ATTEMPTS = 3;

/** One of the company's panels as the simulator drives it (GET /api/panels, plus this start's key). */
export interface DemoPanel {
  id: string;
  name: string;
  siteId: string;
  siteName: string;
  account: string;
  zones: { number: number; name: string }[];
  /** The AES-128 key set at this start (PATCH /api/panels/:id), kept in memory only; null: in clear. */
  aesKey: Buffer | null;
  /** Fallback only (receiver off or unreachable): the integration key it posts JSON with. */
  apiKey: string | null;
}

/** Where the panels dial: the company's line prefix and the receiver's TCP port on 127.0.0.1. */
export interface ReceiverTarget {
  prefix: string;
  port: number;
}

/**
 * What a panel reports, mostly minor (the weights of the demo's JSON events before DC-09): a SIA
 * code whose type and severity in sia-codes.ts match the event, the zones it happens on (none: a
 * panel-wide event, sent on zone 00), its restore and how often the restore follows.
 */
interface PanelEvent {
  code: string;
  zones: number[];
  restore: string | null;
  restoreChance: number;
  weight: number;
  /** For the JSON fallback, which has no code table to read a meaning from. */
  description: string;
}

export const PANEL_EVENTS: PanelEvent[] = [
  // Battery low (technical, low).
  {
    code: 'YT',
    zones: [],
    restore: 'YR',
    restoreChance: 0.5,
    weight: 8,
    description: 'Niveau de batterie bas sur la centrale.',
  },
  // Brief mains cut: the panel runs on its battery, then the mains come back.
  {
    code: 'AT',
    zones: [],
    restore: 'AR',
    restoreChance: 0.9,
    weight: 6,
    description: 'Bascule de la centrale sur batterie.',
  },
  // Repeated badge refusals at the door the panel controls.
  {
    code: 'DD',
    zones: [1],
    restore: null,
    restoreChance: 0,
    weight: 6,
    description: 'Refus répétés sur le lecteur de la porte.',
  },
  // Door held open: the entrance's contact, in burglary.
  {
    code: 'BA',
    zones: [1],
    restore: 'BR',
    restoreChance: 0.7,
    weight: 8,
    description: 'Contact de porte ouvert en période de surveillance.',
  },
  // Volumetric detection inside.
  {
    code: 'BA',
    zones: [2, 3, 4],
    restore: 'BR',
    restoreChance: 0.5,
    weight: 7,
    description: 'Mouvement détecté dans une zone en surveillance.',
  },
  // Transmitter link failure (technical, medium), then the link comes back.
  {
    code: 'YC',
    zones: [],
    restore: 'YK',
    restoreChance: 0.8,
    weight: 4,
    description: 'Le transmetteur n’a pas pu joindre le centre.',
  },
  // Emergency exit on the dock opened out of hours.
  {
    code: 'BA',
    zones: [5],
    restore: 'BR',
    restoreChance: 0.5,
    weight: 4,
    description: 'Issue de secours ouverte hors horaires.',
  },
  // Fire detection not yet confirmed (fire, high: the demo's « Défaut SSI » weight).
  {
    code: 'FG',
    zones: [4],
    restore: 'FR',
    restoreChance: 0.5,
    weight: 2,
    description: 'Détecteur incendie déclenché, levée de doute requise.',
  },
  // Confirmed intrusion (two detectors) on the dock: critical.
  {
    code: 'BM',
    zones: [5],
    restore: 'BR',
    restoreChance: 0.3,
    weight: 1,
    description: 'Intrusion confirmée par deux détecteurs, levée de doute requise.',
  },
  // The reception's panic button: critical.
  {
    code: 'PA',
    zones: [6],
    restore: 'PR',
    restoreChance: 0.5,
    weight: 1,
    description: 'Alerte déclenchée par le personnel d’accueil.',
  },
];

const pick = <T>(random: () => number, list: readonly T[]): T | undefined =>
  list[Math.floor(random() * list.length)];

function weighted(random: () => number, list: readonly PanelEvent[]): PanelEvent {
  const total = list.reduce((n, e) => n + e.weight, 0);
  let r = random() * total;
  for (const e of list) {
    r -= e.weight;
    if (r < 0) return e;
  }
  return list[list.length - 1] as PanelEvent;
}

/** SIA DC-03 data: `#1001|Nri1/BA02` (area 1, code, zone or user); panel-wide events on area 0. */
export const siaData = (account: string, code: string, zone: number | null, digits = 2) =>
  zone === null
    ? `#${account}|Nri0/${code}00`
    : `#${account}|Nri1/${code}${String(zone).padStart(digits, '0')}`;

type Answer = { id: string; sequence: string; time?: Date };

/** An answer's id and sequence (`"ACK"0042…`, `"*ACK"0042…`), and the receiver's time in a NAK. */
export function readAnswer(frame: Buffer): Answer | undefined {
  const text = frame.toString('latin1');
  const m = /"\*?([A-Z-]{2,16})"(\d{4})/.exec(text);
  if (!m) return undefined;
  const [, id, sequence] = m as unknown as [string, string, string];
  if (id !== 'NAK') return { id, sequence };
  // A NAK is never encrypted: its timestamp is the receiver's clock, in clear.
  const stamp = /_\d\d:\d\d:\d\d,\d\d-\d\d-\d{4}/.exec(text);
  const time = stamp ? parseTimestamp(stamp[0]) : undefined;
  return time ? { id, sequence, time } : { id, sequence };
}

/** One panel's side of the receiver: its connection, its sequence and its clock. */
export class PanelLine {
  private socket: Socket | null = null;
  private opening: Promise<Socket> | null = null;
  private readonly sockets = new Map<Socket, Promise<void>>();
  private waiter: ((frame: Buffer | null) => void) | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private sequence: number;
  /** The receiver's clock minus the simulator's, learnt from a NAK (a panel resets its clock from it). */
  private offsetMs = 0;
  private closed = false;

  constructor(
    readonly panel: DemoPanel,
    private readonly receiver: ReceiverTarget,
    private readonly now: () => Date,
    /** Where the sequence starts (1–9999): a panel keeps counting across a restart of the demo. */
    firstSequence: number,
  ) {
    // The sequence last sent: the next frame is `firstSequence`.
    this.sequence = Math.max(1, Math.min(9999, Math.floor(firstSequence))) - 1;
  }

  /** The connection, opened when there is none. */
  private open(): Promise<Socket> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket);
    if (this.opening) return this.opening;
    const socket = connect({ host: HOST, port: this.receiver.port });
    let settled = false;
    this.sockets.set(socket, new Promise<void>((done) => socket.once('close', () => done())));
    this.opening = new Promise<Socket>((resolve, reject) => {
      const splitter = new Dc09StreamSplitter();
      socket.setNoDelay(true);
      socket.setTimeout(CONNECT_TIMEOUT_MS);
      socket.on('data', (chunk: Buffer) => {
        for (const frame of splitter.push(chunk)) this.waiter?.(frame);
      });
      // A reset or a refusal shows as the close that follows.
      socket.on('error', () => {});
      socket.once('timeout', () => socket.destroy());
      socket.once('connect', () => {
        settled = true;
        socket.setTimeout(0);
        this.socket = socket;
        this.opening = null;
        resolve(socket);
      });
      socket.once('close', () => {
        this.sockets.delete(socket);
        if (this.socket === socket) {
          this.socket = null;
          // The frame waiting for its answer is sent again on the next connection.
          this.waiter?.(null);
        }
        if (!settled) {
          this.opening = null;
          reject(new Error(`récepteur injoignable sur ${HOST}:${this.receiver.port}`));
        }
      });
    });
    return this.opening;
  }

  /** Sends one frame and resolves once it is ACKed; a line's frames go one at a time, as a panel's. */
  send(id: 'SIA-DCS' | 'NULL', data = ''): Promise<void> {
    const run = this.chain.then(() => this.transmit(id, data));
    this.chain = run.catch(() => {});
    return run;
  }

  private async transmit(id: 'SIA-DCS' | 'NULL', data: string) {
    this.sequence = (this.sequence % 9999) + 1;
    const sequence = String(this.sequence).padStart(4, '0');
    let why = 'pas de réponse';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      if (this.closed) throw new Error('centrale arrêtée');
      let socket: Socket;
      try {
        socket = await this.open();
      } catch (err) {
        why = (err as Error).message;
        continue;
      }
      const frame = buildFrame({
        id,
        sequence,
        prefix: this.receiver.prefix,
        account: this.panel.account,
        data,
        // Always stamped (mandatory when encrypted); the receiver's window is 40 s late, 20 s early.
        timestamp: new Date(this.now().getTime() + this.offsetMs),
        ...(this.panel.aesKey ? { key: this.panel.aesKey } : {}),
      });
      const answer = await this.exchange(socket, frame, sequence);
      if (answer === null) {
        // No answer in time, or the connection closed: a new connection and the same frame again.
        if (this.socket === socket) this.socket = null;
        socket.destroy();
        why = 'pas de réponse';
        continue;
      }
      if (answer.id === 'ACK') return;
      if (answer.id === 'NAK' && answer.time) {
        this.offsetMs = answer.time.getTime() - this.now().getTime();
        why = 'horodatage refusé (NAK)';
        continue;
      }
      throw new Error(`${this.panel.name} : trame ${sequence} refusée par le récepteur (${answer.id})`);
    }
    throw new Error(`${this.panel.name} : trame ${sequence} sans accusé de réception (${why})`);
  }

  /** Writes the frame; resolves with its answer (the ACK echoes its sequence), or null. */
  private exchange(socket: Socket, frame: Buffer, sequence: string): Promise<Answer | null> {
    return new Promise((resolve) => {
      const finish = (answer: Answer | null) => {
        clearTimeout(timer);
        this.waiter = null;
        resolve(answer);
      };
      const timer = setTimeout(() => finish(null), ANSWER_TIMEOUT_MS);
      this.waiter = (bytes) => {
        if (bytes === null) return finish(null);
        const answer = readAnswer(bytes);
        // A late answer to an earlier try of another frame is not this frame's.
        if (!answer || (answer.id !== 'NAK' && answer.sequence !== sequence)) return;
        finish(answer);
      };
      socket.write(frame);
    });
  }

  /** Closes the connection for good; resolves once every socket it opened is closed. */
  async close() {
    this.closed = true;
    const closing = [...this.sockets.values()];
    for (const socket of this.sockets.keys()) socket.destroy();
    await Promise.all(closing);
  }
}

/** Tries a TCP connection to the receiver (closed at once): false when nothing answers there. */
export function receiverReachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.setTimeout(CONNECT_TIMEOUT_MS);
    let ok = false;
    socket.on('error', () => {});
    socket.once('timeout', () => socket.destroy());
    socket.once('connect', () => {
      ok = true;
      socket.destroy();
    });
    socket.once('close', () => resolve(ok));
  });
}

/**
 * The demo company's panels while the simulator runs: over DC-09 when the receiver is reachable
 * (`receiver` set), else over the JSON integrations API with their integration keys.
 */
export class PanelFleet {
  private readonly lines = new Map<string, PanelLine>();
  /** Armed or not, per panel: the next opening or closing is the other one. */
  private readonly armed = new Map<string, boolean>();

  constructor(
    readonly panels: DemoPanel[],
    readonly receiver: ReceiverTarget | null,
    private readonly http: DeviceHttp,
    private readonly random: () => number,
    private readonly now: () => Date,
  ) {
    if (receiver)
      for (const p of panels)
        this.lines.set(p.id, new PanelLine(p, receiver, now, 1 + Math.floor(random() * 9999)));
  }

  /** Every panel's heartbeat: a `NULL` link test each, or the JSON heartbeat. */
  async beat() {
    if (this.receiver) {
      await Promise.all([...this.lines.values()].map((line) => line.send('NULL')));
      return;
    }
    await Promise.all(
      this.panels.flatMap((p) =>
        p.apiKey
          ? [
              this.http.expect(200, 'POST', '/api/integrations/heartbeat', {
                headers: { 'x-api-key': p.apiKey },
                body: { sentAt: this.now().toISOString() },
              }),
            ]
          : [],
      ),
    );
  }

  /**
   * One panel reports one event on one of its zones; answers the restore to send a little later
   * (now and then), or null.
   */
  async raiseAlarm(): Promise<(() => Promise<void>) | null> {
    const panel = pick(this.random, this.panels);
    if (!panel) return null;
    const event = weighted(this.random, PANEL_EVENTS);
    const zone = event.zones.length > 0 ? (pick(this.random, event.zones) ?? null) : null;
    const line = this.lines.get(panel.id);
    if (!line) {
      await this.postJson(panel, event, zone);
      return null;
    }
    await line.send('SIA-DCS', siaData(panel.account, event.code, zone));
    const restore = event.restore;
    if (restore === null || this.random() >= event.restoreChance) return null;
    return () => line.send('SIA-DCS', siaData(panel.account, restore, zone));
  }

  /** A user arms or disarms one panel (CL / OP with the user's number): the site's main courante. */
  async arming() {
    const panel = pick(this.random, this.panels);
    const line = panel && this.lines.get(panel.id);
    if (!panel || !line) return;
    const armed = this.armed.get(panel.id) ?? this.random() < 0.5;
    const user = 1 + Math.floor(this.random() * 8);
    await line.send('SIA-DCS', siaData(panel.account, armed ? 'OP' : 'CL', user, 3));
    this.armed.set(panel.id, !armed);
  }

  /** The fallback: the event as JSON (no restore, no camera: the DC-09 panels carry none either). */
  private async postJson(panel: DemoPanel, event: PanelEvent, zone: number | null) {
    if (!panel.apiKey) return;
    const entry = siaCodes[event.code] as CodeEntry;
    if (entry.outcome.kind !== 'alarm') return;
    const location =
      zone === null ? panel.name : (panel.zones.find((z) => z.number === zone)?.name ?? `Zone ${zone}`);
    await this.http.expect(201, 'POST', '/api/integrations/alarms', {
      headers: { 'x-api-key': panel.apiKey },
      body: {
        siteId: panel.siteId,
        type: entry.outcome.type,
        severity: entry.outcome.severity,
        title: entry.outcome.label,
        description: event.description,
        location,
        triggeredBy: panel.name.slice(0, 200),
      },
    });
  }

  /** Closes every connection; resolves once they are all closed. */
  async close() {
    await Promise.all([...this.lines.values()].map((line) => line.close()));
  }
}
