// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import type { Round } from '@vigie/contract/guard-tours.contract';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test/render';
import { formatDistance, RoundCard } from './round-card';

cleanupAfterEach();

const scan = (extra: Partial<NonNullable<Round['checkpoints'][number]['scan']>>) => ({
  scannedAt: '2026-11-27T21:05:00.000Z',
  latitude: 48.8656,
  longitude: 2.3212,
  note: null,
  hasPhoto: false,
  anomaly: false,
  positionCheck: 'inside' as const,
  distanceM: 40,
  ...extra,
});
const checkpoint = (n: number, name: string, s: ReturnType<typeof scan> | null) => ({
  checkpointId: `1b2c3d4e-0000-4000-8000-00000000000${n}`,
  name,
  instructions: null,
  kind: 'qr' as const,
  scan: s,
});
const round: Round = {
  id: '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f',
  tourId: '0b5e7a55-2f35-4f3f-8f6a-3f4b8c0a1d22',
  tourName: 'Ronde de nuit',
  siteId: '0b5e7a55-2f35-4f3f-8f6a-3f4b8c0a1d23',
  siteName: 'Entrepôt Nord',
  agentId: null,
  agentName: 'Karim Benali',
  status: 'in_progress',
  orderMode: 'fixed',
  expectedMinutes: 30,
  plannedAt: '2026-11-27T21:00:00.000Z',
  startedAt: '2026-11-27T21:00:00.000Z',
  finishedAt: null,
  total: 4,
  scanned: 3,
  anomalies: 1,
  checkpoints: [
    checkpoint(0, 'Poste de garde', scan({})),
    checkpoint(
      1,
      'Quai 3',
      scan({
        latitude: -33.8568,
        longitude: 151.2153,
        anomaly: true,
        positionCheck: 'outside',
        distanceM: 16_951_234,
      }),
    ),
    checkpoint(
      2,
      'Parking',
      scan({ latitude: null, longitude: null, positionCheck: 'missing', distanceM: null }),
    ),
    checkpoint(3, 'Local technique', null),
  ],
};

describe('RoundCard (guard tours)', () => {
  it('shows the control room a scan outside the site with its distance, and a scan without position', () => {
    render(
      <ul>
        <RoundCard round={round} />
      </ul>,
    );
    expect(screen.getByText('1 scan hors zone')).toBeTruthy();
    expect(screen.getByText('1 anomalie')).toBeTruthy();
    const quai = screen.getByText(/Quai 3/).closest('li');
    expect(quai?.textContent?.replace(/\s/g, ' ')).toBe('2. Quai 3 · Hors zone (16 951 km)');
    const parking = screen.getByText(/Parking/).closest('li');
    expect(within(parking as HTMLElement).getByText(/Position absente/)).toBeTruthy();
    expect(screen.getByText(/Poste de garde/).closest('li')?.textContent).toBe('1. Poste de garde');
  });

  it('writes distances in French', () => {
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(formatDistance(12_400).replace(/\s/g, ' ')).toBe('12 km');
  });
});
