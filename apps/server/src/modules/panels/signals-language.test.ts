// A panel's signal journal in the reader's language (issue 35): frames received for real, their
// meanings stored in French, the journal read by a French, an English and a Spanish user of the
// company — the zone's name as the installer typed it, French unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { addSite, answerOf, givePrefix, panelFrame, seedPanel } from './ingest/test-support';
import { dialTcp, type TcpDialler } from './receiver/test-dialler';

type Language = 'fr' | 'en' | 'es';

describe.each(engines)('panel signals in the reader language (%s)', (engine) => {
  let t: TestApp;
  let tcp: TcpDialler;
  beforeAll(async () => {
    t = await createTestApp(engine, { ALARM_RECEIVER_PORT: '0', SURGARD_PORT: 'off' });
    tcp = await dialTcp(t.app.panelReceiverPorts().tcp as number);
  });
  afterAll(async () => {
    await tcp?.close();
    await t?.close();
  });

  async function reader(owner: Tenant, language: Language) {
    const user = await addUser(t.app, owner, 'operator');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: user.auth,
      payload: { language },
    });
    expect(res.statusCode).toBe(200);
    return user;
  }

  const expected: Record<Language, string[]> = {
    fr: [
      'Répétition de la trame 0007 (accusé de réception perdu) : acquittée à nouveau, rien de créé',
      'Mise en service par l’utilisateur 003, secteur 01',
      "Intrusion zone 01 « Porte d'entrée », secteur 1",
    ],
    en: [
      'Repeat of frame 0007 (acknowledgement lost): acknowledged again, nothing created',
      'Arming by user 003, area 01',
      "Intrusion zone 01 “Porte d'entrée”, area 1",
    ],
    es: [
      'Repetición de la trama 0007 (acuse de recibo perdido): confirmada de nuevo, no se crea nada',
      'Conexión por el usuario 003, sector 01',
      "Intrusión zona 01 «Porte d'entrée», sector 1",
    ],
  };

  it("reads the journal's meanings in each reader's language, the stored French unchanged", async () => {
    const owner = await registerCompany(t.app);
    const siteId = await addSite(t, owner);
    const prefix = await givePrefix(t, owner.company.id);
    const account = '5678';
    const panelId = await seedPanel(t, owner, {
      siteId,
      name: 'Entrepôt',
      account,
      zones: [{ number: 1, name: "Porte d'entrée" }],
    });
    const send = async (bytes: Buffer) => {
      tcp.send(bytes);
      return answerOf(await tcp.nextAnswer(3000))?.id;
    };
    expect(await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: `#${account}|Nri1/BA01` }))).toBe(
      'ACK',
    );
    const arming = panelFrame({
      id: 'ADM-CID',
      prefix,
      account,
      data: `#${account}|3401 01 003`,
      sequence: 7,
    });
    expect(await send(arming)).toBe('ACK');
    // The same frame again (its acknowledgement lost): journaled as a repeat.
    expect(await send(arming)).toBe('ACK');
    for (const language of ['fr', 'en', 'es'] as const) {
      const who = language === 'fr' ? owner : await reader(owner, language);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/panels/${panelId}/signals`,
        headers: who.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((s: { meaning: string }) => s.meaning)).toEqual(expected[language]);
    }
  });
});
