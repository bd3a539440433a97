// Resources of the sweeps: report verification, backups, generated and scheduled reports, and
// notifications.
import { randomBytes } from 'node:crypto';
import { jobWorkerOf } from '../../db/jobs';
import { notify } from '../../modules/notifications/notifications.service';
import type { Kind } from './kind';

export const reportKinds: Kind[] = [
  {
    // The public verification of a final report, by its fingerprint: open to anyone by design, so a
    // well-formed fingerprint of no report is what every probe meets (404).
    name: 'security report fingerprint',
    prefix: '/api/verification/:fingerprint',
    paths: ['/api/verification/:fingerprint'],
    refFields: [],
    create: async () => randomBytes(32).toString('hex'),
  },
  {
    // A backup of the whole database, addressed by its file name. The sweeps run on in-memory
    // databases, which have no backups folder: a well-formed name is enough (valid for the schema, and
    // unknown to every company, which is what a probe with another company's name must meet).
    name: 'backup',
    prefix: '/api/settings/backups/:name',
    paths: ['/api/settings/backups/:name'],
    refFields: [],
    create: async () => {
      backupCounter++;
      return `vigie-20300101-${String(1_000_000 + backupCounter).slice(1)}-000.tar.gz`;
    },
  },
  {
    // A generated report: requested with 202 (built by the job queue afterwards).
    name: 'report',
    prefix: '/api/reports',
    refFields: [],
    create: async (f) => {
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/reports/generate',
        headers: f.tenant.auth,
        payload: { type: 'alarms', format: 'excel', startDate: '2030-01-01', endDate: '2030-01-07' },
      });
      if (res.statusCode !== 202) throw new Error(`report for the sweep: ${res.statusCode} ${res.body}`);
      const id = (res.json() as { id: string }).id;
      // Built by the job queue afterwards: wait for it, so that no table changes under a sweep's photos.
      for (let i = 0; i < 300; i++) {
        await jobWorkerOf(f.app.db)?.runOnce();
        const r = await f.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: f.tenant.auth });
        if (['Prêt', 'Échec'].includes((r.json() as { status: string }).status)) return id;
        await new Promise((ok) => setTimeout(ok, 100));
      }
      throw new Error('the report for the sweep was never built');
    },
  },
  {
    name: 'report schedule',
    prefix: '/api/reports/schedules',
    refFields: [],
    body: (u) => ({
      type: 'alarms',
      format: 'pdf',
      frequency: 'weekly',
      recipients: [`client-${u}@exemple.fr`],
    }),
  },
  {
    name: 'notification',
    prefix: '/api/notifications',
    refFields: [],
    // Nothing creates a notification over HTTP: the fixture tells its owner something, as a module would.
    create: async (f) => {
      await f.app.db.withTenant(f.tenant.company.id, (tx) =>
        notify(tx, f.tenant.company.id, {
          kind: 'sweep',
          severity: 'info',
          audience: { userIds: [f.tenant.user.id] },
          title: 'Notification de test',
          body: 'Créée par le balayage',
        }),
      );
      const res = await f.app.inject({
        method: 'GET',
        url: '/api/notifications?limit=1',
        headers: f.tenant.auth,
      });
      const id = (res.json() as { id: string }[])[0]?.id;
      if (!id) throw new Error(`no notification for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
];

let backupCounter = 0;
