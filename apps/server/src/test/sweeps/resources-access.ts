// Resources of the sweeps: access points, badges and readers' keys.
import { type Kind, unique } from './kind';

export const accessPointKind: Kind = {
  name: 'access point',
  prefix: '/api/access/points',
  refFields: ['allowedPointIds'],
  body: (u, ref) => ({ name: `Porte ${u}`, siteId: ref('siteId'), kind: 'porte' }),
};

export const accessKinds: Kind[] = [
  accessPointKind,
  {
    name: 'badge',
    prefix: '/api/access/badges',
    refFields: [],
    body: (u) => ({ badgeType: 'qrcode', badgeId: `BG-${u}`, holderName: `Titulaire ${u}` }),
  },
  {
    name: 'point key',
    prefix: '/api/access/points/:id/keys',
    refFields: [],
    create: async (f) => {
      const res = await f.app.inject({
        method: 'POST',
        url: `/api/access/points/${await f.id(accessPointKind)}/keys`,
        headers: f.tenant.auth,
        payload: { name: `Lecteur ${unique()}` },
      });
      if (res.statusCode !== 201) throw new Error(`point key for the sweep: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: string }).id;
    },
  },
];
