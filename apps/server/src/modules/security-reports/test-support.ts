// Helpers of the security report tests: a site, a drawn signature, reports, all through the API.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Tenant } from '../../test/harness';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

export async function post(app: FastifyInstance, tenant: Tenant, url: string, payload?: unknown) {
  return app.inject({ method: 'POST', url, headers: tenant.auth, ...(payload ? { payload } : {}) });
}

export async function createSite(app: FastifyInstance, tenant: Tenant, name = `Site ${next()}`) {
  const res = await post(app, tenant, '/api/sites', { name, address: '1 rue de la Paix, Paris' });
  if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
}

/** A stroke on a transparent canvas, as signature_pad draws it: a data URL of a PNG. */
export async function drawnSignature() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="140"><path d="M20 100 C 60 20, 90 20, 110 90 S 170 130, 200 60 S 280 20, 380 90" stroke="#0f172a" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const fullReport = (siteId: string, extra: Record<string, unknown> = {}) => ({
  siteId,
  periodStart: '2026-11-01',
  periodEnd: '2026-11-07',
  geolocation: '48.85661, 2.35222',
  incidents: [
    {
      type: 'intrusion',
      description: 'Intrusion détectée côté quai 3 à 02h15',
      measuresTaken: 'Levée de doute, police prévenue',
    },
  ],
  interventions: [
    { description: 'Ronde de vérification du périmètre', time: '02:30', agentName: 'Luc Bernard' },
  ],
  repairs: 'Serrure du portail 2 remplacée',
  improvements: 'Ajouter un projecteur au quai 3',
  observations: 'RAS le reste de la semaine',
  comments: 'Client prévenu le 02/11',
  ...extra,
});

export async function createReport(app: FastifyInstance, tenant: Tenant, body: Record<string, unknown>) {
  const res = await post(app, tenant, '/api/security-reports', body);
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
  return res.json() as {
    id: string;
    number: string;
    status: string;
    fingerprint: string | null;
    hasSignature: boolean;
  };
}
