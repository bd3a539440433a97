// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/render';
import { PttSession } from './ptt-session';

/** A stand-in socket: the test plays the server with `receive` and reads what was sent. */
class FakeSocket extends EventTarget {
  static last: FakeSocket | null = null;
  static readonly OPEN = 1;
  readyState = 1;
  binaryType = 'blob';
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
  }
  send(data: unknown) {
    this.sent.push(typeof data === 'string' ? JSON.parse(data) : data);
  }
  close() {
    this.readyState = 3;
  }
  receive(message: object) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

/** A stand-in recorder: `emit` hands a chunk over as the browser would. */
class FakeRecorder extends EventTarget {
  static last: FakeRecorder | null = null;
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  state = 'inactive';
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType: string },
  ) {
    super();
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.emit('last');
    this.state = 'inactive';
    this.dispatchEvent(new Event('stop'));
  }
  emit(text: string) {
    const event = new Event('dataavailable') as Event & { data: Blob };
    event.data = new Blob([text]);
    this.dispatchEvent(event);
  }
}

const track = { stop: vi.fn() };

function stubBrowser() {
  stubFetch({
    'POST /api/radio/ptt/ticket': () => ({
      body: { ticket: 'ticket-1', expiresAt: '2026-11-27T07:00:00.000Z' },
    }),
  });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: async () => ({ getTracks: () => [track] }) },
  });
}

afterEach(() => vi.unstubAllGlobals());

const channelId = '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f';

describe('PttSession', () => {
  it('joins, talks, sends the chunks in order and talk-end last, then turns the microphone off', async () => {
    stubBrowser();
    const session = new PttSession(channelId, () => null);
    const pressing = session.pressTalk();
    await waitFor(() => expect(FakeSocket.last).not.toBeNull());
    const socket = FakeSocket.last as FakeSocket;
    expect(socket.url).toContain('/api/radio/ptt/socket?ticket=ticket-1');
    socket.receive({ type: 'joined', channelId, channelName: 'Canal 1', priority: 1, speaker: null });
    await pressing;
    expect(session.getSnapshot()).toMatchObject({ connection: 'on', talk: 'waiting' });
    expect(socket.sent).toEqual([{ type: 'talk-start', mimeType: 'audio/webm;codecs=opus' }]);

    socket.receive({ type: 'granted', transmissionId: 't-1' });
    expect(session.getSnapshot().talk).toBe('talking');
    FakeRecorder.last?.emit('first');
    session.releaseTalk();
    expect(session.getSnapshot().talk).toBe('ending');
    await waitFor(() => expect(session.getSnapshot().talk).toBe('idle'));
    const texts = await Promise.all(
      socket.sent.slice(1, 3).map((chunk) => new Response(chunk as ArrayBuffer).text()),
    );
    expect(texts).toEqual(['first', 'last']);
    expect(socket.sent[3]).toEqual({ type: 'talk-end' });
    expect(track.stop).toHaveBeenCalled();
    session.dispose();
  });

  it('says the channel is busy and goes back to idle without talking', async () => {
    stubBrowser();
    const session = new PttSession(channelId, () => null);
    const pressing = session.pressTalk();
    await waitFor(() => expect(FakeSocket.last?.sent).toBeDefined());
    const socket = FakeSocket.last as FakeSocket;
    socket.receive({ type: 'joined', channelId, channelName: 'Canal 1', priority: 1, speaker: null });
    await pressing;
    socket.receive({ type: 'busy', speaker: 'Karim Haddad', message: 'Canal occupé' });
    expect(session.getSnapshot()).toMatchObject({
      talk: 'idle',
      speaker: 'Karim Haddad',
      notice: { tone: 'warning', text: 'Canal occupé : Karim Haddad parle.' },
    });
    socket.dispatchEvent(new CloseEvent('close', { reason: 'Serveur arrêté' }));
    expect(session.getSnapshot()).toMatchObject({
      connection: 'off',
      speaker: null,
      notice: {
        tone: 'error',
        text: 'Connexion au canal perdue (Serveur arrêté). Appuyez sur « Écouter » pour la rétablir.',
      },
    });
    session.dispose();
  });
});
