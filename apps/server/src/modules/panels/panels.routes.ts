import {
  createPanel,
  deletePanel,
  getPanel,
  getPanelReceiver,
  listPanelSignals,
  listPanels,
  setSitePanelsTest,
  updatePanel,
} from '@vigie/contract/panels.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Language, requestLanguage, translate } from '../../lib/languages';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { registerPanelJobs } from './panels.jobs';
import { toPanelSignalDto } from './panels.models';
import * as service from './panels.service';
import { receiverInfoOf } from './receiver-state';
import { meaningIn } from './signal-meaning';

/** The host the installers type in the panel: the configured public name, else the one asked for. */
function receiverHost(app: FastifyInstance, request: FastifyRequest) {
  if (app.config.alarmReceiverPublicHost) return app.config.alarmReceiverPublicHost;
  const host = request.hostname;
  // Fastify's hostname has no port already; a name or IPv4 address with one (a single colon) loses it,
  // an IPv6 address (bracketed, or several colons) is kept whole.
  return host.split(':').length === 2 ? host.replace(/:\d*$/, '') : host;
}

/**
 * The receiver's French detail in the reader's language: each « ; » part (the DC-09 listener, the
 * Sur-Gard input) is matched back to its catalogue message (locales/{en,es}/payloads.json).
 */
const detailIn = (language: Language, detail: string) =>
  language === 'fr'
    ? detail
    : detail
        .split(' ; ')
        .map((part) => translate(language, part))
        .join(' ; ');

export async function panelsRoutes(app: FastifyInstance) {
  route(app, listPanels, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listPanels(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (p) => [p.name, p.id]);
  });
  route(app, getPanelReceiver, async ({ auth, request }) => {
    const receiver = await service.getReceiver(app.db, auth, receiverInfoOf(app), receiverHost(app, request));
    return { ...receiver, detail: detailIn(requestLanguage(request), receiver.detail) };
  });
  route(app, getPanel, async ({ auth, params }) => service.getPanel(app.db, auth, params.id));
  route(app, createPanel, async ({ auth, body }) => service.createPanel(app.db, app.secrets, auth, body));
  route(app, updatePanel, async ({ auth, params, body }) =>
    service.updatePanel(app.db, app.secrets, auth, params.id, body),
  );
  route(app, deletePanel, async ({ auth, params }) => {
    await service.deletePanel(app.db, auth, params.id);
    return undefined;
  });
  route(app, setSitePanelsTest, async ({ auth, params, body }) =>
    service.setSiteTest(app.db, auth, params.id, body),
  );
  route(app, listPanelSignals, async ({ auth, params, query, request, reply }) => {
    const { rows, total } = await service.listSignals(app.db, auth, params.id, query);
    const page = paginate(request, reply, rows, query.limit, total, (s) => [s.receivedAtKey, s.id]);
    // Stored in French; each reader gets the meaning in his language.
    const language = requestLanguage(request);
    return page.map((s) => ({ ...toPanelSignalDto(s), meaning: meaningIn(language, s.meaning) }));
  });
  registerPanelJobs(app);
}
