// Setup of the agent space spec, through the API: a site, the agent's account and record with a
// shift that has just begun, the relève written by the previous agent, a random-order tour of three
// QR checkpoints with a round planned for the agent; and the fake camera's video, written without
// ffmpeg, showing each checkpoint's printed label in turn.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { expect } from 'vitest';
import { api, type RegisteredCompany, uniqueId } from './api';
import { launchBrowser } from './browser';
import { createAgentAccount, createSiteAt, planShiftViaApi, shiftRunningNow } from './planning';

export const depot = {
  name: 'Dépôt Vénissieux',
  address: '12 boulevard Irène Joliot-Curie, 69200 Vénissieux',
  lat: 45.7042,
  lng: 4.8781,
};

export const handoverText =
  'Relève de nuit : clés du local technique au PC, alarme du quai 2 en test jusqu’à 8 h.';
export const checkpointNames = ['Portail nord', 'Quai de chargement', 'Chaufferie'];

async function ok<T>(res: Promise<{ status: number; body: T }>, status = 201) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

async function agentRecord(company: RegisteredCompany, name: string, userId: string) {
  const u = uniqueId();
  return ok(
    api<{ id: string }>(
      'POST',
      '/api/agents',
      {
        name,
        badge: `B-${u}`,
        phone: '0612345678',
        email: `agent-rec-${u}@exemple.fr`,
        speciality: 'Surveillance',
        level: 'senior',
        hireDate: '2022-03-01',
        cnapsNumber: `CAR-069-2031-03-14-${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`,
        cnapsExpiresOn: '2031-03-14',
        userId,
      },
      company.token,
    ),
  );
}

const onSite = { latitude: depot.lat, longitude: depot.lng, accuracy: 10 };

/** The agent who held the post before: clocked in, writes the relève, clocks out. */
async function previousAgentHandover(company: RegisteredCompany, siteId: string) {
  const account = await createAgentAccount(company, 'Karim Benali');
  const agent = await agentRecord(company, 'Karim Benali', account.id);
  const shift = await planShiftViaApi(company, shiftRunningNow(agent.id, siteId));
  const login = await ok(
    api<{ access_token: string }>('POST', '/api/auth/login', {
      email: account.email,
      password: account.password,
    }),
    200,
  );
  const token = login.access_token;
  await ok(api('POST', `/api/shifts/${shift.id}/clock-in`, onSite, token), 200);
  await ok(api('POST', '/api/logbook', { siteId, category: 'relève', text: handoverText }, token));
  await ok(api('POST', `/api/shifts/${shift.id}/clock-out`, onSite, token), 200);
}

export interface AgentSpaceSetup {
  siteId: string;
  account: { email: string; password: string; name: string };
  agentId: string;
  tourId: string;
  roundId: string;
  codes: string[];
}

export async function agentSpaceSetup(
  company: RegisteredCompany,
  agentName: string,
): Promise<AgentSpaceSetup> {
  const siteId = await createSiteAt(company, depot);
  await previousAgentHandover(company, siteId);
  const account = await createAgentAccount(company, agentName);
  const agent = await agentRecord(company, agentName, account.id);
  await planShiftViaApi(company, shiftRunningNow(agent.id, siteId));
  const tour = await ok(
    api<{ id: string; checkpoints: { name: string; code: string }[] }>(
      'POST',
      '/api/tours',
      {
        siteId,
        name: 'Ronde de nuit — extérieurs',
        expectedMinutes: 45,
        orderMode: 'random',
        checkpoints: checkpointNames.map((name) => ({ name, kind: 'qr' })),
      },
      company.token,
    ),
  );
  // Planned by the control room for the agent; the agent starts it from the phone.
  const round = await ok(
    api<{ id: string; status: string }>(
      'POST',
      `/api/tours/${tour.id}/rounds`,
      { agentId: agent.id, start: false },
      company.token,
    ),
  );
  expect(round.status).toBe('planned');
  return {
    siteId,
    account: { ...account, name: agentName },
    agentId: agent.id,
    tourId: tour.id,
    roundId: round.id,
    codes: tour.checkpoints.map((c) => c.code),
  };
}

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 10;
/** Each label stays in view this many frames (1.5 s), then the next one. */
const FRAMES_PER_LABEL = 15;

async function lumaWithQr(payload: string) {
  const qr = await QRCode.toBuffer(payload, {
    type: 'png',
    width: 400,
    margin: 4,
    errorCorrectionLevel: 'M',
  });
  const { data } = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: qr, gravity: 'centre' }])
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(data.length).toBe(WIDTH * HEIGHT);
  return data;
}

/**
 * A Y4M video (4:2:0, 10 frames a second, looped by Chromium's fake camera) showing each label's
 * QR code for 1.5 s in turn: the phone's camera walking past the checkpoints.
 */
export async function labelsVideo(codes: string[]) {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frames: Buffer[] = [];
  for (const code of codes) {
    const frame = Buffer.concat([Buffer.from('FRAME\n'), await lumaWithQr(code), chroma, chroma]);
    for (let i = 0; i < FRAMES_PER_LABEL; i++) frames.push(frame);
  }
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const file = join(mkdtempSync(join(tmpdir(), 'vigie-agent-')), 'labels.y4m');
  writeFileSync(file, Buffer.concat([header, ...frames]));
  return file;
}

/** A Chromium whose camera films `video`, the permission prompt answered 'Autoriser'. */
export const phoneBrowser = (video: string) =>
  launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);

/** A phone photo (a JPEG of a few hundred KB, as a camera would give). */
export function phonePhoto() {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7a5c3a' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect x="500" y="300" width="600" height="600" fill="#c0392b"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface EntryView {
  id: string;
  number: number;
  text: string;
  occurredAt: string;
  createdAt: string;
  photos: unknown[];
  /** 'system': copied from an event of the site (a clock-in, an alarm, a round alert). */
  source: 'user' | 'system';
}

export async function entriesOf(company: RegisteredCompany, siteId: string) {
  return ok(
    api<EntryView[]>('GET', `/api/logbook?siteId=${siteId}&limit=100`, undefined, company.token),
    200,
  );
}

export async function roundOf(company: RegisteredCompany, roundId: string) {
  return ok(
    api<{
      status: string;
      scanned: number;
      total: number;
      anomalies: number;
      checkpoints: { name: string; scan: { scannedAt: string; note: string | null } | null }[];
    }>('GET', `/api/rounds/${roundId}`, undefined, company.token),
    200,
  );
}
