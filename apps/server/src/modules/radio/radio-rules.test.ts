// The pure rules of the radio module: IMEI check digits, the nearest-agents choice (haversine,
// freshness, the agent in distress left out) and the summary card's recommendation.
import { imeiSchema, isValidImei } from '@vigie/contract/radio.contract';
import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../planning/clock.service';
import { type Candidate, chooseNearest } from './alerts/nearest-agents';
import { recommendationOf } from './radio.models';
import { imeiFrom } from './test-support';

describe('IMEI', () => {
  it('accepts 15 digits whose last is the Luhn check digit', () => {
    expect(isValidImei('490154203237518')).toBe(true);
    expect(isValidImei('356938035643809')).toBe(true);
    expect(isValidImei('490154203237519')).toBe(false);
    expect(isValidImei('49015420323751')).toBe(false);
    expect(isValidImei('4901542032375180')).toBe(false);
    expect(isValidImei('49015420323751a')).toBe(false);
    for (const body of ['35000000000000', '99999999999999', '01234567890123'])
      expect(isValidImei(imeiFrom(body))).toBe(true);
  });
  it('reads an IMEI typed with spaces, dashes or slashes; says in French what is wrong', () => {
    expect(imeiSchema.parse('49-015420-323751/8')).toBe('490154203237518');
    expect(imeiSchema.parse(' 4901 5420 3237 518 ')).toBe('490154203237518');
    const wrong = imeiSchema.safeParse('490154203237519');
    expect(wrong.success || wrong.error.issues[0]?.message).toBe(
      "L'IMEI est invalide (chiffre de contrôle incorrect)",
    );
    const short = imeiSchema.safeParse('1234');
    expect(short.success || short.error.issues[0]?.message).toBe("L'IMEI doit compter 15 chiffres");
  });
});

describe('nearest agents', () => {
  const now = new Date('2026-11-25T03:00:00Z');
  const concorde = { lat: 48.8657, lng: 2.3213 };
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  const candidate = (c: Partial<Candidate> & { agentId: string; lat: number; lng: number }): Candidate => ({
    name: c.agentId,
    siteName: null,
    at: at(1),
    source: 'radio',
    ...c,
  });

  it('measures straight-line distances (haversine)', () => {
    // Concorde → Eiffel Tower: about 2.0 km; Paris → Lyon: about 392 km.
    expect(distanceMetres(concorde, { lat: 48.8584, lng: 2.2945 })).toBeGreaterThan(2_000);
    expect(distanceMetres(concorde, { lat: 48.8584, lng: 2.2945 })).toBeLessThan(2_200);
    const lyon = distanceMetres({ lat: 48.8566, lng: 2.3522 }, { lat: 45.764, lng: 4.8357 });
    expect(lyon).toBeGreaterThan(385_000);
    expect(lyon).toBeLessThan(400_000);
    expect(distanceMetres(concorde, concorde)).toBe(0);
  });

  it('sorts by distance, keeps positions younger than 15 minutes, leaves out the agent in distress', () => {
    const list = chooseNearest(
      [
        candidate({ agentId: 'far', lat: concorde.lat + 0.02, lng: concorde.lng }),
        candidate({ agentId: 'near', lat: concorde.lat + 0.001, lng: concorde.lng, source: 'phone' }),
        candidate({ agentId: 'stale', lat: concorde.lat, lng: concorde.lng, at: at(16) }),
        candidate({ agentId: 'victim', lat: concorde.lat, lng: concorde.lng }),
      ],
      concorde,
      { now, excludeAgentId: 'victim' },
    );
    expect(list.map((a) => a.agentId)).toEqual(['near', 'far']);
    expect(list[0]).toMatchObject({ distanceM: 111, positionSource: 'phone' });
    expect(list[1]?.distanceM).toBeGreaterThan(2_200);
  });

  it('takes the latest position of an agent seen by both radio and phone, and at most five agents', () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      candidate({ agentId: `a${i}`, lat: concorde.lat + i * 0.001, lng: concorde.lng }),
    );
    const twice = [
      candidate({ agentId: 'x', lat: concorde.lat + 0.05, lng: concorde.lng, at: at(10), source: 'phone' }),
      candidate({ agentId: 'x', lat: concorde.lat, lng: concorde.lng, at: at(2), source: 'radio' }),
    ];
    const list = chooseNearest([...many, ...twice], concorde, { now });
    expect(list).toHaveLength(5);
    expect(list.find((a) => a.agentId === 'x')).toMatchObject({ distanceM: 0, positionSource: 'radio' });
  });
});

describe('summary card recommendation (the radio display rules)', () => {
  it('advises an intervention when alerts are active, whatever the radios', () => {
    expect(recommendationOf(2, 10, 10)).toEqual({
      level: 'intervention',
      text: 'Intervention recommandée : 2 alertes actives à traiter',
    });
    expect(recommendationOf(1, 0, 10).text).toBe('Intervention recommandée : 1 alerte active à traiter');
  });
  it('asks to check the coverage when fewer than half of the radios are active', () => {
    expect(recommendationOf(0, 4, 10)).toEqual({
      level: 'coverage',
      text: 'Vérifier la couverture : 4 radios actives sur 10',
    });
    expect(recommendationOf(0, 5, 10).level).toBe('optimal');
  });
  it('says the system is optimal otherwise', () => {
    expect(recommendationOf(0, 3, 3)).toEqual({
      level: 'optimal',
      text: 'Système optimal : aucune alerte active',
    });
    expect(recommendationOf(0, 0, 0).level).toBe('optimal');
  });
});
