// The alarm's file of checks: read, appended to, first shown, its PDF, and the public verification
// of a printed file by its fingerprint.
import {
  appendAlarmFileEntry,
  downloadAlarmFilePdf,
  getAlarmFile,
  getAlarmFileSignature,
  markAlarmShown,
  signAlarmFile,
  verifyAlarmFile,
} from '@vigie/contract/alarm-file.contract';
import type { FastifyInstance } from 'fastify';
import { publicBaseUrl } from '../../../config';
import { requestLanguage } from '../../../lib/languages';
import { route } from '../../../plugins/endpoint';
import * as service from './alarm-file.service';
import * as exportsService from './alarm-file-export.service';

export async function alarmFileRoutes(app: FastifyInstance) {
  // Where the QR code of a PDF points: PUBLIC_URL, else the server's configured address; never the
  // request's Host, which the caller writes.
  const baseUrl = publicBaseUrl(app.config);
  route(app, getAlarmFile, async ({ auth, params }) => service.readFile(app.db, auth, params.id));
  route(app, appendAlarmFileEntry, async ({ auth, params, body }) =>
    service.appendFromOperator(app.db, auth, params.id, body),
  );
  route(app, markAlarmShown, async ({ auth, params }) => service.markShown(app.db, auth, params.id));
  route(app, downloadAlarmFilePdf, async ({ auth, params, reply, request }) => {
    const file = await exportsService.exportFilePdf(
      app.db,
      auth,
      params.id,
      baseUrl,
      requestLanguage(request),
    );
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store');
    return file.data;
  });
  route(
    app,
    signAlarmFile,
    async ({ auth, params, body }) => service.signFile(app.db, auth, params.id, body.signature),
    // A signature in base64 (300 KB at most): above the app's 1 MB default with its margin, as the
    // security reports allow.
    { bodyLimit: 2 * 1024 * 1024 },
  );
  route(app, getAlarmFileSignature, async ({ auth, params, reply }) => {
    const file = await service.getSignature(app.db, auth, params.id);
    reply
      .header('content-type', 'image/png')
      .header('content-disposition', 'inline; filename="signature.png"')
      .header('cache-control', 'private, max-age=86400');
    return file.data;
  });
  route(app, verifyAlarmFile, async ({ params }) => exportsService.verify(app.db, params.fingerprint), {
    // Public: enough for people scanning documents, too few to enumerate fingerprints.
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });
}
