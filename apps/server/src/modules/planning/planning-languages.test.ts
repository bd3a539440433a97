// The planning's sentences in the reader's language (issue 35): the working-time rules' messages (the
// check's answer and the 422 of a refused shift) and an agent's licence alerts, their dates written
// with Intl (en-GB, es-ES); a French reader reads them exactly as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { createAgent, createShift, createSite, shiftBody } from './test-support';

type Language = 'fr' | 'en' | 'es';

describe.each(engines)('planning texts in the reader language (%s)', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  const readers = {} as Record<Language, Tenant>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app);
    for (const language of ['fr', 'en', 'es'] as const) {
      const user = await addUser(t.app, owner, 'admin');
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: user.auth,
        payload: { language },
      });
      expect(res.statusCode).toBe(200);
      readers[language] = user;
    }
  });
  afterAll(() => t.close());

  const post = (who: Tenant, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: who.auth, payload });

  const overlap = {
    fr: "L'agent a déjà une garde qui chevauche ce créneau (du 17/06/2030 08:00 au 17/06/2030 17:00).",
    en: 'The officer already has a shift overlapping this time slot (from 17/06/2030, 08:00 to 17/06/2030, 17:00).',
    es: 'El vigilante ya tiene un turno que se solapa con esta franja (del 17/06/2030, 08:00 al 17/06/2030, 17:00).',
  };
  const rest = {
    fr: 'Repos insuffisant : 11 h entre deux services (minimum 12 h).',
    en: 'Insufficient rest: 11 h between two shifts (minimum 12 h).',
    es: 'Descanso insuficiente: 11 h entre dos turnos (mínimo 12 h).',
  };
  const shortShift = {
    fr: 'Une période de travail doit durer au moins 4 h (3 h 30 prévues).',
    en: 'A work period must last at least 4 h (3 h 30 planned).',
    es: 'Un periodo de trabajo debe durar al menos 4 h (3 h 30 previstas).',
  };

  it("writes the rules' messages of a check and of a refused shift in each reader's language", async () => {
    const agent = await createAgent(t.app, owner);
    const site = await createSite(t.app, owner);
    await createShift(t.app, owner, shiftBody(agent.id, site.id));
    const clash = shiftBody(agent.id, site.id, {
      startTime: '10:00',
      endTime: '15:00',
      breakStart: null,
      breakEnd: null,
    });
    const early = shiftBody(agent.id, site.id, {
      date: '2030-06-18',
      startTime: '04:00',
      endTime: '07:30',
      breakStart: null,
      breakEnd: null,
    });
    for (const language of ['fr', 'en', 'es'] as const) {
      const who = readers[language];
      const checked = await post(who, '/api/shifts/check', clash);
      expect(checked.statusCode).toBe(200);
      expect(checked.json().violations).toEqual([
        { code: 'overlap', message: overlap[language], overridable: false },
      ]);
      const second = await post(who, '/api/shifts/check', early);
      expect(second.json().violations).toEqual([
        { code: 'min_rest', message: rest[language], overridable: true },
        { code: 'min_duration', message: shortShift[language], overridable: true },
      ]);
      // Refused: one issue per rule, its code and place the same in every language.
      const refused = await post(who, '/api/shifts', clash);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toEqual([
        { loc: ['rules', 'overlap'], msg: overlap[language], type: 'planning.overlap' },
      ]);
      const both = await post(who, '/api/shifts', early);
      expect(both.statusCode).toBe(422);
      expect(both.json().detail.map((d: { msg: string }) => d.msg)).toEqual([
        rest[language],
        shortShift[language],
      ]);
    }
  });

  it("writes an agent's licence alerts in each reader's language, on the card and in the list", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const written = (iso: string) => iso.split('-').reverse().join('/');
    const [expired, soon] = [day(-40), day(12)];
    const agent = await createAgent(t.app, owner, {
      cnapsExpiresOn: expired,
      qualifications: [{ type: 'CYNOPHILE', obtainedOn: '2020-01-01', expiresOn: soon }],
    });
    const messages = {
      fr: [
        `Carte professionnelle CNAPS expirée le ${written(expired)}`,
        `Cynophile expire le ${written(soon)}`,
      ],
      en: [
        `CNAPS professional card expired on ${written(expired)}`,
        `Dog handler expires on ${written(soon)}`,
      ],
      es: [
        `Tarjeta profesional CNAPS caducada el ${written(expired)}`,
        `Guía canino caduca el ${written(soon)}`,
      ],
    };
    for (const language of ['fr', 'en', 'es'] as const) {
      const who = readers[language];
      const card = await t.app.inject({ method: 'GET', url: `/api/agents/${agent.id}`, headers: who.auth });
      expect(card.statusCode).toBe(200);
      expect(card.json().alerts).toEqual([
        { kind: 'cnaps_expired', message: messages[language][0], expiresOn: expired },
        { kind: 'qualification_expiring', message: messages[language][1], expiresOn: soon },
      ]);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/agents?search=${encodeURIComponent(agent.name)}`,
        headers: who.auth,
      });
      expect(list.json()[0].alerts.map((a: { message: string }) => a.message)).toEqual(messages[language]);
    }
  });
});
