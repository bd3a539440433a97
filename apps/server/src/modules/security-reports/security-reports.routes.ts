// Rapports de Sécurité: drafts, finalisation, exports (PDF, Word, Excel) and their download, and the
// public verification of a final report by its fingerprint.
import {
  createSecurityReport,
  deleteSecurityReport,
  downloadSecurityReport,
  type ExportFormat,
  exportSecurityReportExcel,
  exportSecurityReportPdf,
  exportSecurityReportWord,
  finalizeSecurityReport,
  getSecurityReport,
  getSecurityReportSignature,
  listSecurityReports,
  updateSecurityReport,
  verifySecurityReport,
} from '@vigie/contract/security-reports.contract';
import type { FastifyInstance } from 'fastify';
import { publicBaseUrl } from '../../config';
import { requestLanguage } from '../../lib/languages';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import * as exportsService from './exports.service';
import * as service from './security-reports.service';

/** A signature in base64 (300 KB at most) with the report's text: above the app's 1 MB default. */
const withSignature = { bodyLimit: 2 * 1024 * 1024 };

export async function securityReportsRoutes(app: FastifyInstance) {
  // Where the QR code of a document points: PUBLIC_URL, else the server's configured address; never
  // the request's Host or X-Forwarded-Host, which the caller writes.
  const baseUrl = publicBaseUrl(app.config);

  route(app, listSecurityReports, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listReports(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.createdAt, r.id]);
  });
  route(app, getSecurityReport, async ({ auth, params }) => service.getReport(app.db, auth, params.id));
  route(
    app,
    createSecurityReport,
    async ({ auth, body }) => service.createReport(app.db, auth, body),
    withSignature,
  );
  route(
    app,
    updateSecurityReport,
    async ({ auth, params, body }) => service.updateReport(app.db, auth, params.id, body),
    withSignature,
  );
  route(app, deleteSecurityReport, async ({ auth, params }) => {
    await service.deleteReport(app.db, auth, params.id);
    return undefined;
  });
  route(app, finalizeSecurityReport, async ({ auth, params }) =>
    service.finalizeReport(app.db, auth, params.id),
  );
  route(app, getSecurityReportSignature, async ({ auth, params, reply }) => {
    const file = await service.getSignature(app.db, auth, params.id);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', 'inline; filename="signature.png"')
      .header('cache-control', 'private, no-store');
    return file.data;
  });

  const exports: [typeof exportSecurityReportPdf, ExportFormat][] = [
    [exportSecurityReportPdf, 'pdf'],
    [exportSecurityReportWord, 'word'],
    [exportSecurityReportExcel, 'excel'],
  ];
  for (const [endpoint, format] of exports) {
    route(app, endpoint, async ({ auth, params, request }) =>
      exportsService.exportReport(app.db, auth, params.id, format, baseUrl, requestLanguage(request)),
    );
  }
  route(app, downloadSecurityReport, async ({ auth, params, reply }) => {
    const file = await exportsService.downloadLastExport(app.db, auth, params.id);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store');
    return file.data;
  });

  route(app, verifySecurityReport, async ({ params }) => exportsService.verify(app.db, params.fingerprint), {
    // Public: enough for people scanning documents, too few to enumerate fingerprints.
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });
}
