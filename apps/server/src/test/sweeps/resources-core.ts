// Resources of the sweeps: users, sites, cameras, alarms, alarm panels' integration keys and the
// alarm panels themselves (DC-09).
import { createHash } from 'node:crypto';
import type { Kind } from './kind';

export const siteKind: Kind = {
  name: 'site',
  prefix: '/api/sites',
  refFields: ['siteId', 'assignedSiteId', 'allowedSiteIds'],
  // A site addressed under another module's path: a whole site's panels in test.
  paths: ['/api/panels/sites/:id/test'],
};

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
  { name: 'camera', prefix: '/api/cameras', refFields: ['cameraId'] },
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
