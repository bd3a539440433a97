// Resources of the sweeps: what is written in the field (security reports, guard tours and their
// rounds, the main courante, lone-worker protections and their alerts).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { runLoneWorkerPass } from '../../modules/lone-worker/lone-worker.jobs';
import { agentOnDuty, startProtection } from '../../modules/lone-worker/test-support';
import type { Kind } from './kind';
import { siteKind } from './resources-core';
import { agentKind } from './resources-planning';

export const tourKind: Kind = {
  // A guard tour (ronde) of the company's site, with one QR checkpoint.
  name: 'tour',
  prefix: '/api/tours',
  refFields: ['tourId'],
  body: (u, ref) => ({
    siteId: ref('siteId'),
    name: `Ronde ${u}`,
    expectedMinutes: 30,
    checkpoints: [{ name: `Point ${u}`, kind: 'qr' }],
  }),
};

export const loneWorkerSessionKind: Kind = {
  // A lone-worker protection: only an agent on duty turns one on, so the fixture makes an agent's
  // account, its agent record, a shift around now and its clock-in, then the protection.
  name: 'lone worker session',
  prefix: '/api/lone-worker/sessions',
  refFields: [],
  create: async (f) => {
    const { phone } = await agentOnDuty(f.app, f.tenant);
    return (await startProtection(f.app, phone)).id;
  },
};

export const fieldKinds: Kind[] = [
  {
    name: 'security report',
    prefix: '/api/security-reports',
    refFields: [],
    body: (_u, ref) => ({ siteId: ref('siteId') }),
  },
  tourKind,
  {
    // A checkpoint of the fixture's tour (addressed under it).
    name: 'tour checkpoint',
    prefix: '/api/tours/:id/checkpoints',
    refFields: ['checkpointId'],
    create: async (f) => {
      const tourId = await f.id(tourKind);
      const res = await f.app.inject({ method: 'GET', url: `/api/tours/${tourId}`, headers: f.tenant.auth });
      const id = (res.json() as { checkpoints?: { id: string }[] }).checkpoints?.[0]?.id;
      if (!id) throw new Error(`tour checkpoint for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
  {
    // A round of the fixture's tour, started by the control room for the fixture's agent.
    name: 'tour round',
    prefix: '/api/rounds',
    refFields: ['roundId'],
    create: async (f) => {
      const tourId = await f.id(tourKind);
      const agentId = await f.id(agentKind);
      const res = await f.app.inject({
        method: 'POST',
        url: `/api/tours/${tourId}/rounds`,
        headers: f.tenant.auth,
        payload: { agentId },
      });
      if (res.statusCode !== 201) throw new Error(`round for the sweep: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: string }).id;
    },
  },
  {
    // A main courante entry, written by the company's administrator (any site of the company).
    name: 'logbook entry',
    // The list needs a site (`GET /api/logbook?siteId=`): no bare list route to look for it in.
    prefix: '/api/logbook/:id',
    paths: ['/api/logbook/:id'],
    refFields: ['correctsId'],
    // Created directly: the generic creation would resolve `correctsId` — a reference to this very
    // kind — before creating it, without end.
    create: async (f) => {
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/logbook',
        headers: f.tenant.auth,
        payload: {
          siteId: await f.id(siteKind),
          category: 'consigne',
          text: `Consigne ${randomBytes(4).toString('hex')}`,
        },
      });
      const id = (res.json() as { id?: string }).id;
      if (!id) throw new Error(`logbook entry for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
  {
    // A photo of a main courante entry, addressed by its file id.
    name: 'logbook photo',
    prefix: '/api/logbook/photos',
    paths: ['/api/logbook/photos/:id'],
    refFields: [],
    create: async (f) => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/logbook',
        headers: f.tenant.auth,
        payload: {
          siteId: await f.id(siteKind),
          category: 'ronde',
          text: 'Photo pour le balayage',
          photos: [png.toString('base64')],
        },
      });
      const id = (res.json() as { photos?: { id: string }[] }).photos?.[0]?.id;
      if (!id) throw new Error(`logbook photo for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
  loneWorkerSessionKind,
  {
    // An alert of a missed check-in: the fixture's protection, and the pass run past its due time.
    name: 'lone worker alert',
    prefix: '/api/lone-worker/alerts',
    refFields: [],
    create: async (f) => {
      const sessionId = await f.id(loneWorkerSessionKind);
      const grace = f.app.config.loneWorkerGraceMs;
      await runLoneWorkerPass(f.app.db, new Date(Date.now() + 241 * 60_000 + grace), grace);
      const res = await f.app.inject({
        method: 'GET',
        url: '/api/lone-worker/alerts',
        headers: f.tenant.auth,
      });
      const id = (res.json() as { id: string; sessionId: string }[]).find(
        (a) => a.sessionId === sessionId,
      )?.id;
      if (!id) throw new Error(`lone worker alert for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
];
