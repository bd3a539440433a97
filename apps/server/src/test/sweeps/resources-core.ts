// Resources of the sweeps: users, sites, cameras and their PTZ presets, alarms, alarm panels'
// integration keys and the alarm panels themselves (DC-09).
import { createHash } from 'node:crypto';
import { insertChunk, insertRecording } from '../../modules/cameras/recordings/recordings.repository';
import { type Kind, unique } from './kind';

export const siteKind: Kind = {
  name: 'site',
  prefix: '/api/sites',
  refFields: ['siteId', 'assignedSiteId', 'allowedSiteIds'],
  // A site addressed under another module's path: a whole site's panels in test.
  paths: ['/api/panels/sites/:id/test'],
};

const cameraKind: Kind = { name: 'camera', prefix: '/api/cameras', refFields: ['cameraId'] };

export const coreKinds: Kind[] = [
  {
    name: 'user',
    prefix: '/api/users',
    refFields: ['userId', 'operatorId', 'assignedUserId'],
    body: (u) => ({
      name: `Agent ${u}`,
      email: `agent-${u}@exemple.fr`,
      password: 'essai-vigie-1',
      role: 'agent',
    }),
  },
  siteKind,
  cameraKind,
  {
    // A PTZ preset, named by the camera's own token (`/api/cameras/:id/ptz/presets/:token/goto`): a
    // well-formed one is enough, the sweeps' cameras being fixed ones that no device answers for.
    name: 'camera preset',
    prefix: '/api/cameras/:id/ptz/presets',
    refFields: [],
    create: async () => `Preset_${unique()}`,
  },
  {
    // A still of the fixture's camera, stored as the capture route stores one (the sweeps' cameras
    // do not stream): addressed as `/api/cameras/recordings/:id/…`.
    name: 'camera recording',
    prefix: '/api/cameras/recordings',
    refFields: [],
    create: async (f) => {
      const cameraId = await f.id(cameraKind);
      const companyId = f.tenant.company.id;
      return f.app.db.withTenant(companyId, async (tx) => {
        const row = await insertRecording(tx, {
          companyId,
          cameraId,
          cameraName: 'Caméra',
          kind: 'still',
          trigger: 'manual',
          contentType: 'image/jpeg',
          state: 'ready',
          startedAt: new Date(),
          endedAt: new Date(),
          sizeBytes: 2,
          sha256: createHash('sha256')
            .update(Buffer.from([0xff, 0xd8]))
            .digest('hex'),
        });
        if (!row) throw new Error('camera recording for the sweep');
        await insertChunk(tx, companyId, row.id, 0, Buffer.from([0xff, 0xd8]));
        return row.id;
      });
    },
  },
  { name: 'alarm', prefix: '/api/alarms', refFields: ['alarmId'] },
  { name: 'integration key', prefix: '/api/integrations/keys', refFields: [] },
  {
    // An alarm panel of the company's site (its journal is `/api/panels/:id/signals`), with a key,
    // supervision and a zone; its account is unique per company, so made of the unique suffix.
    name: 'alarm panel',
    prefix: '/api/panels',
    refFields: ['panelId'],
    body: (u, ref) => ({
      siteId: ref('siteId'),
      name: `Centrale ${u}`,
      account: createHash('sha256').update(u).digest('hex').slice(0, 12).toUpperCase(),
      aesKey: createHash('sha256').update(`key ${u}`).digest('hex').slice(0, 32),
      supervisionMinutes: 60,
      zones: [{ number: 1, name: "Porte d'entrée" }],
    }),
  },
];
