// Journal d'audit: the list and its CSV export (administrators).
import { exportAudit, listAudit } from '@vigie/contract/audit.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import * as journal from './journal.service';

export async function auditRoutes(app: FastifyInstance) {
  route(app, listAudit, async ({ auth, query, request, reply }) => {
    const { rows, total } = await journal.listJournal(app.db, auth, query);
    const page = paginate(request, reply, rows, query.limit, total, (r) => [r.atKey, Number(r.id)]);
    return page.map(journal.toEntryDto);
  });

  route(app, exportAudit, async ({ auth, query, reply }) => {
    const file = await journal.exportJournal(app.db, auth, query);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="journal-audit-${day}.csv"`)
      .header('cache-control', 'no-store');
    return file;
  });
}
