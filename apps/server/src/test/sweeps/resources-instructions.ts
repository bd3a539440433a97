// Resources of the sweeps: a site's instructions (« Consignes », issue 34). Addressed by their site's
// id; the sweeps' site is made here with a saved document (a call list with a caller's password),
// so that another company's probes meet real instructions, not the defaults of an empty site.
import type { Kind } from './kind';

export const instructionsKinds: Kind[] = [
  {
    name: 'site instructions',
    prefix: '/api/sites/:id/instructions',
    paths: ['/api/sites/:id/instructions'],
    refFields: [],
    create: async (f) => {
      const site = await f.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: f.tenant.auth,
        payload: { name: 'Site des consignes', address: '1 rue des Consignes, Lyon' },
      });
      if (site.statusCode !== 201) throw new Error(`site for the sweep: ${site.statusCode} ${site.body}`);
      const id = (site.json() as { id: string }).id;
      const saved = await f.app.inject({
        method: 'PUT',
        url: `/api/sites/${id}/instructions`,
        headers: f.tenant.auth,
        payload: {
          contacts: [
            { name: 'Responsable', phones: ['06 12 34 56 78'], password: 'Mot-de-passe-du-balayage' },
          ],
          steps: [{ text: 'Vérifier les caméras' }],
        },
      });
      if (saved.statusCode !== 200)
        throw new Error(`instructions for the sweep: ${saved.statusCode} ${saved.body}`);
      return id;
    },
  },
];
