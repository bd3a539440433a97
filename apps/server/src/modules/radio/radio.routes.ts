// Radio POC 4G: radios and channels (managers write, everyone reads), communications with their
// recordings, alerts (SOS, detected emergencies) with the nearest agents, the handsets' API (a
// radio key), push-to-talk in the browser (a WebSocket opened with a one-time ticket), and the
// background work: speech-to-text of recordings and their retention.
import * as radioContract from '@vigie/contract/radio.contract';
import * as traffic from '@vigie/contract/radio-traffic.contract';
import type { FastifyInstance } from 'fastify';
import { registerDeviceAuth } from '../../lib/device-auth';
import { requestLanguage } from '../../lib/languages';
import { route as contractRoute } from '../../plugins/endpoint';
import { sessionHashOf } from '../../plugins/live-sessions';
import { paginate } from '../../plugins/pagination';
import { every } from '../../plugins/periodic';
import { authenticateDevice, keyUseRecorder } from '../integrations/integrations.service';
import * as alerts from './alerts/alerts.service';
import * as channels from './channels/channels.service';
import { purgeRecordings, transcribePending } from './communications/communications.jobs';
import * as comms from './communications/communications.service';
import { pttIdentity, pttStillAllowed, transmissionStore } from './ptt/ptt.service';
import { PttRelay } from './ptt/relay';
import { registerPttSocket } from './ptt/socket';
import { PttTickets } from './ptt/tickets';
import * as device from './radios/device.service';
import * as keys from './radios/keys.service';
import * as radios from './radios/radios.service';
import { radioSummary } from './summary.service';

/**
 * The specification writes the radio lists with a trailing slash (/api/radio/radios/): that is the
 * contract's path, and the same handler also answers without it. Only here: elsewhere a trailing
 * slash stays unknown.
 */
function bothForms(): typeof contractRoute {
  return (a, endpoint, handler) => {
    contractRoute(a, endpoint, handler);
    if (endpoint.path.endsWith('/'))
      contractRoute(a, { ...endpoint, path: endpoint.path.slice(0, -1) }, handler);
  };
}

export async function radioRoutes(app: FastifyInstance) {
  const route = bothForms();
  const deviceOf = registerDeviceAuth(app, authenticateDevice);
  const touchIfDue = keyUseRecorder();
  const transcribeOn = app.config.transcribe !== null;
  const transcribeNow = every(
    app,
    'radio transcription',
    app.config.transcribe ? 5_000 : 0,
    () => transcribePending(app.db, app.config.transcribe),
    true,
  );
  const afterTransmission = <T>(value: T) => {
    if (transcribeOn) transcribeNow();
    return value;
  };

  route(app, radioContract.listRadios, async ({ auth, query, request, reply }) => {
    const { rows, total } = await radios.listRadios(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.radioId, r.id]);
  });
  route(app, radioContract.getRadio, async ({ auth, params }) => radios.getRadio(app.db, auth, params.id));
  route(app, radioContract.createRadio, async ({ auth, body }) => radios.createRadio(app.db, auth, body));
  route(app, radioContract.updateRadio, async ({ auth, params, body }) =>
    radios.updateRadio(app.db, auth, params.id, body),
  );
  route(app, radioContract.deleteRadio, async ({ auth, params }) => {
    await radios.deleteRadio(app.db, auth, params.id);
    return undefined;
  });

  route(app, radioContract.listChannels, async ({ auth, query, request, reply }) => {
    const { rows, total } = await channels.listChannels(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (c) => [c.priority, c.name, c.id]);
  });
  route(app, radioContract.getChannel, async ({ auth, params }) =>
    channels.getChannel(app.db, auth, params.id),
  );
  route(app, radioContract.createChannel, async ({ auth, body }) =>
    channels.createChannel(app.db, auth, body),
  );
  route(app, radioContract.updateChannel, async ({ auth, params, body }) =>
    channels.updateChannel(app.db, auth, params.id, body),
  );
  route(app, radioContract.deleteChannel, async ({ auth, params }) => {
    await channels.deleteChannel(app.db, auth, params.id);
    return undefined;
  });
  route(app, radioContract.listChannelMembers, async ({ auth, params }) =>
    channels.listMembers(app.db, auth, params.id),
  );
  route(app, radioContract.setChannelMembers, async ({ auth, params, body }) =>
    channels.setMembers(app.db, auth, params.id, body),
  );

  route(app, radioContract.listRadioKeys, async ({ auth }) => keys.listKeys(app.db, auth));
  route(app, radioContract.createRadioKey, async ({ auth, body }) => keys.createKey(app.db, auth, body.name));
  route(app, radioContract.revokeRadioKey, async ({ auth, params }) => {
    await keys.revokeKey(app.db, auth, params.keyId);
    return undefined;
  });
  route(app, traffic.getRecordingRetention, async ({ auth }) => comms.getRetention(app.db, auth));
  route(app, traffic.setRecordingRetention, async ({ auth, body }) => comms.setRetention(app.db, auth, body));

  route(app, traffic.listCommunications, async ({ auth, query, request, reply }) => {
    const { rows, total } = await comms.listCommunications(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (c) => [c.timestamp, c.id]);
  });
  route(app, traffic.getCommunicationAudio, async ({ auth, params, reply }) => {
    const audio = await comms.communicationAudio(app.db, auth, params.id);
    reply
      .header('content-type', audio.contentType)
      .header('content-disposition', `inline; filename="${audio.fileName}"`)
      .header('cache-control', 'no-store');
    return audio.data;
  });

  route(app, traffic.listRadioAlerts, async ({ auth, query, request, reply }) => {
    const { rows, total } = await alerts.listAlerts(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (a) => [a.createdAt, a.id]);
  });
  route(app, traffic.getRadioAlert, async ({ auth, params }) => alerts.getAlert(app.db, auth, params.id));
  route(app, traffic.triggerSos, async ({ auth, body }) => device.operatorSos(app.db, auth, body));
  route(app, traffic.dispatchRadioAlert, async ({ auth, params, body }) =>
    alerts.dispatchAgent(app.db, auth, params.id, body),
  );
  route(app, traffic.acknowledgeRadioAlert, async ({ auth, params }) =>
    alerts.acknowledgeAlert(app.db, auth, params.id),
  );
  route(app, traffic.resolveRadioAlert, async ({ auth, params, body }) =>
    alerts.resolveAlert(app.db, auth, params.id, body),
  );
  route(app, traffic.getRadioSummary, async ({ auth, request }) =>
    radioSummary(app.db, auth, requestLanguage(request)),
  );

  route(app, traffic.postDeviceStatus, async ({ request, body }) => {
    const d = deviceOf(request);
    return device.reportStatus(app.db, d, body, touchIfDue(d));
  });
  route(app, traffic.postDeviceCommunication, async ({ request, body }) =>
    afterTransmission(await device.reportCommunication(app.db, deviceOf(request), body, transcribeOn)),
  );
  route(app, traffic.postDeviceSos, async ({ request, body }) =>
    device.deviceSos(app.db, deviceOf(request), body),
  );

  const tickets = new PttTickets();
  const store = transmissionStore(app.db, transcribeOn);
  const relay = new PttRelay(async (t) => afterTransmission(await store(t)));
  route(app, traffic.createPttTicket, async ({ auth, body, request }) =>
    tickets.issue(await pttIdentity(app.db, auth, body.channelId), sessionHashOf(request)),
  );
  await registerPttSocket(app, tickets, relay, (identity) => pttStillAllowed(app.db, identity));

  // Recordings are personal data: the daily pass (and one after start) purges the expired ones.
  every(
    app,
    'radio recordings retention',
    app.config.dailyJobsIntervalMs,
    () => purgeRecordings(app.db),
    true,
  );
}
