// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import type { Site } from '@vigie/contract/sites.contract';
import { describe, expect, it } from 'vitest';
import { useSites } from '../../features/sites/api/get-sites';
import { cleanupAfterEach, renderWithApp, signIn, stubFetch } from '../../test/render';
import { useRealtimeSync } from './use-realtime-sync';

cleanupAfterEach();

const site = (alarmsCount: number): Site => ({
  id: '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f',
  name: 'Entrepôt Nord',
  address: '12 rue des Docks, 59000 Lille',
  type: 'industriel',
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  status: 'active',
  camerasCount: 3,
  alarmsCount,
  latitude: 50.63,
  longitude: 3.06,
  geofenceRadiusM: 200,
  requiredQualifications: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
});

/** The signed-in shell's subscription and a list that reads the sites query. */
function SitesWithLiveUpdates() {
  useRealtimeSync('user-1');
  const sites = useSites();
  if (sites.isPending) return <p>Chargement des sites…</p>;
  return (
    <ul>
      {sites.data?.map((s) => (
        <li key={s.id}>
          {s.name} : {s.alarmsCount} alarme{s.alarmsCount > 1 ? 's' : ''}
        </li>
      ))}
    </ul>
  );
}

describe('real-time update of a list', () => {
  it('refreshes the sites list when an alarm event arrives on the stream, without reload', async () => {
    signIn({ role: 'operator', isOwner: false, city: null });
    // The server's side of the stream: the test writes events into it.
    let push: (text: string) => void = () => {};
    let close: () => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        close = () => controller.close();
      },
    });
    let alarms = 1;
    const api = stubFetch({
      'GET /api/sites': () => ({ body: [site(alarms)] }),
      'GET /api/events': () =>
        new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    });

    renderWithApp(<SitesWithLiveUpdates />);
    expect(await screen.findByText('Entrepôt Nord : 1 alarme')).toBeTruthy();
    const eventsCall = api.fetch.mock.calls.find(([url]) => String(url) === '/api/events');
    expect(new Headers(eventsCall?.[1]?.headers).get('Authorization')).toBe('Bearer token-of-the-test');

    // A new alarm on the site: the server counts it, then pushes the event.
    alarms = 2;
    act(() => {
      push(
        'id: 42\nevent: alarm.created\ndata: {"type":"alarm.created","at":"2026-11-27T03:00:00.000Z","data":{"id":"a1","severity":"medium","title":"Intrusion","siteName":"Entrepôt Nord"}}\n\n',
      );
    });
    expect(await screen.findByText('Entrepôt Nord : 2 alarmes', {}, { timeout: 3000 })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/sites')).toHaveLength(2);
    close();
  });

  it('reads the list again when a fresh stream is attached, not after a complete replay', async () => {
    signIn({ role: 'operator', isOwner: false, city: null });
    let push: (text: string) => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    let alarms = 1;
    const api = stubFetch({
      'GET /api/sites': () => ({ body: [site(alarms)] }),
      'GET /api/events': () =>
        new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    });
    const ready = (id: number, resync: boolean) =>
      `id: ${id}\nevent: ready\ndata: {"type":"ready","at":"2026-11-27T03:00:00.000Z","data":{"resync":${resync}}}\n\n`;
    const sitesCalls = () => api.calls.filter((c) => c.path === '/api/sites').length;

    renderWithApp(<SitesWithLiveUpdates />);
    expect(await screen.findByText('Entrepôt Nord : 1 alarme')).toBeTruthy();
    // An alarm raised after the list was read but before the stream was attached: no event for it.
    alarms = 2;
    // A replay that covered the gap asks for nothing more.
    act(() => push(ready(7, false)));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sitesCalls()).toBe(1);
    // A fresh stream (or a cut replay) reads again what the stream keeps fresh.
    act(() => push(ready(8, true)));
    expect(await screen.findByText('Entrepôt Nord : 2 alarmes', {}, { timeout: 3000 })).toBeTruthy();
    expect(sitesCalls()).toBe(2);
  });
});
