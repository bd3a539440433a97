// Resources of the sweeps: users, sites, cameras, alarms and alarm panels' integration keys.
import type { Kind } from './kind';

export const siteKind: Kind = {
  name: 'site',
  prefix: '/api/sites',
  refFields: ['siteId', 'assignedSiteId', 'allowedSiteIds'],
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
];
