import { describe, expect, it } from 'vitest';
import { contactIdCodes } from './contact-id-codes';
import { type DecodedEvent, decodeFrameEvents } from './decode-frame';
import { classifyEvent, describeEvent, zoneNumber } from './describe-event';
import { classifyContactId, classifySiaCode, siaCodes } from './event-codes';
import type { SiaEvent } from './sia-event';

const sia = (code: string, more: Omit<SiaEvent, 'code'> = {}): DecodedEvent => ({
  protocol: 'sia',
  code,
  ...more,
});
const cid = (qualifier: 1 | 3 | 6, code: string, zone = '001', partition = '01'): DecodedEvent => ({
  protocol: 'contact-id',
  qualifier,
  code,
  partition,
  zone,
});

describe('the event table', () => {
  it('raises the alarms a control room expects, of the right type and severity', () => {
    const expectations: [DecodedEvent, string, string][] = [
      [sia('BA'), 'intrusion', 'high'],
      [cid(1, '130'), 'intrusion', 'high'],
      [cid(1, '134'), 'intrusion', 'high'],
      [sia('FA'), 'fire', 'critical'],
      [cid(1, '110'), 'fire', 'critical'],
      [cid(1, '118'), 'fire', 'high'],
      [sia('PA'), 'panic', 'critical'],
      [sia('HA'), 'panic', 'critical'],
      [cid(1, '120'), 'panic', 'critical'],
      [cid(1, '121'), 'panic', 'critical'],
      [cid(1, '122'), 'panic', 'critical'],
      [sia('TA'), 'intrusion', 'high'],
      [cid(1, '137'), 'intrusion', 'high'],
      [cid(1, '144'), 'intrusion', 'high'],
      [cid(1, '145'), 'intrusion', 'medium'],
      [cid(1, '383'), 'intrusion', 'high'],
      [sia('AT'), 'technical', 'medium'],
      [cid(1, '301'), 'technical', 'medium'],
      [sia('YT'), 'technical', 'low'],
      [cid(1, '302'), 'technical', 'low'],
      [cid(1, '309'), 'technical', 'low'],
      [cid(1, '311'), 'technical', 'medium'],
      [sia('YC'), 'technical', 'medium'],
      [sia('YS'), 'technical', 'medium'],
      [cid(1, '350'), 'technical', 'medium'],
      [cid(1, '354'), 'technical', 'medium'],
    ];
    for (const [event, type, severity] of expectations) {
      expect(classifyEvent(event).outcome, JSON.stringify(event)).toMatchObject({
        kind: 'alarm',
        type,
        severity,
      });
    }
  });

  it('restores with SIA restore codes and the Contact ID qualifier 3', () => {
    for (const [code, type] of [
      ['BR', 'intrusion'],
      ['BH', 'intrusion'],
      ['FR', 'fire'],
      ['PR', 'panic'],
      ['TR', 'intrusion'],
      ['AR', 'technical'],
      ['YR', 'technical'],
      ['YK', 'technical'],
    ]) {
      expect(classifySiaCode(code as string).outcome).toMatchObject({ kind: 'restore', type });
    }
    expect(classifyContactId({ qualifier: 3, code: '130' }).outcome).toEqual({
      kind: 'restore',
      type: 'intrusion',
      label: 'Rétablissement intrusion',
    });
    expect(classifyContactId({ qualifier: 3, code: '301' }).outcome).toMatchObject({
      kind: 'restore',
      type: 'technical',
    });
    expect(classifyContactId({ qualifier: 6, code: '130' }).outcome).toMatchObject({ kind: 'logbook' });
  });

  it('sends openings, closings and tests to the main courante', () => {
    for (const code of ['OP', 'CL', 'OA', 'CA', 'RP', 'TX', 'BB']) {
      expect(classifySiaCode(code).outcome.kind, code).toBe('logbook');
    }
    expect(classifyContactId({ qualifier: 1, code: '401' }).outcome).toEqual({
      kind: 'logbook',
      label: 'Mise hors service',
    });
    expect(classifyContactId({ qualifier: 3, code: '401' }).outcome).toEqual({
      kind: 'logbook',
      label: 'Mise en service',
    });
    expect(classifyContactId({ qualifier: 3, code: '407' }).outcome).toMatchObject({
      label: 'Mise en service à distance',
    });
    for (const code of ['602', '603']) {
      expect(classifyContactId({ qualifier: 1, code }).outcome.kind).toBe('logbook');
    }
    expect(classifyEvent({ protocol: 'link-test' }).outcome.kind).toBe('supervision');
  });

  it('keeps an unknown code as unknown, never dropped', () => {
    expect(classifySiaCode('ZZ').outcome).toEqual({ kind: 'unknown', label: 'Code SIA inconnu ZZ' });
    expect(classifyContactId({ qualifier: 1, code: '999' }).outcome.kind).toBe('unknown');
    expect(classifySiaCode('constructor').outcome.kind).toBe('unknown');
  });

  it('has a French label for every code', () => {
    for (const entry of Object.values(siaCodes)) expect(entry.outcome.label.length).toBeGreaterThan(3);
    for (const [code, entry] of Object.entries(contactIdCodes)) {
      expect(code).toMatch(/^\d{3}$/);
      const label = 'openClose' in entry ? 'Mise en service' : entry.outcome.label;
      expect(label.length).toBeGreaterThan(3);
    }
  });
});

describe('describeEvent', () => {
  const names: Record<number, string> = { 1: 'Porte d’entrée', 15: 'Détecteur hall' };
  const zoneName = (zone: string) => names[zoneNumber(zone) ?? -1];

  it('writes the meaning in French with the zone’s name and the area', () => {
    expect(describeEvent(sia('BA', { zone: '01' }))).toBe('Intrusion zone 01');
    expect(describeEvent(sia('BA', { zone: '01', area: '1' }), { zoneName })).toBe(
      'Intrusion zone 01 « Porte d’entrée », secteur 1',
    );
    expect(describeEvent(cid(1, '130', '015', '01'), { zoneName })).toBe(
      'Intrusion zone 015 « Détecteur hall », secteur 01',
    );
    expect(describeEvent(cid(3, '130', '015', '00'))).toBe('Rétablissement intrusion zone 015');
    expect(describeEvent(sia('RP', { zone: '0000', area: '0' }))).toBe('Test périodique');
    expect(describeEvent(cid(1, '602', '000', '00'))).toBe('Test périodique');
    expect(describeEvent(sia('CL', { zone: '003' }))).toBe('Mise en service par l’utilisateur 003');
    expect(describeEvent(cid(1, '401', '007', '01'))).toBe(
      'Mise hors service par l’utilisateur 007, secteur 01',
    );
    expect(describeEvent(sia('BA', { zone: '503', text: 'Volum.Taverna' }))).toBe(
      'Intrusion zone 503 — Volum.Taverna',
    );
    expect(describeEvent(sia('ZZ', { zone: '12' }))).toBe('Code SIA inconnu ZZ zone 12');
    expect(describeEvent({ protocol: 'link-test' })).toBe('Test de liaison');
  });
});

describe('decodeFrameEvents', () => {
  it('decodes each kind of frame', () => {
    expect(decodeFrameEvents({ id: 'SIA-DCS', data: '#1234|Nri1/BA01/BA02' })).toMatchObject({
      ok: true,
      events: [{ protocol: 'sia', code: 'BA', zone: '01' }, { zone: '02' }],
    });
    expect(decodeFrameEvents({ id: 'ADM-CID', data: '#1234|1130 01 015' })).toMatchObject({
      events: [{ protocol: 'contact-id', qualifier: 1, code: '130' }],
    });
    expect(decodeFrameEvents({ id: 'NULL', data: '' })).toEqual({
      ok: true,
      events: [{ protocol: 'link-test' }],
    });
    expect(decodeFrameEvents({ id: 'SIA-DCX', data: '' })).toMatchObject({ ok: false });
    expect(decodeFrameEvents({ id: 'ADM-CID', data: 'NBA01' })).toMatchObject({ ok: false });
  });
});
