import { describe, expect, it } from 'vitest';
import { type RawMessage, readEventStream } from './realtime';

/** A stream that delivers the text in the given chunks, as a network would. */
const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });

async function parse(chunks: string[]) {
  const messages: RawMessage[] = [];
  const retries: number[] = [];
  await readEventStream(
    streamOf(chunks),
    (m) => messages.push(m),
    (ms) => retries.push(ms),
    () => {},
  );
  return { messages, retries };
}

describe('readEventStream (text/event-stream)', () => {
  it('reads id, event and multi-line data, and ignores heartbeat comments', async () => {
    const { messages } = await parse([
      ': ping\n\n',
      'id: 41\nevent: alarm.created\ndata: {"a":1,\ndata: "b":2}\n\n',
    ]);
    expect(messages).toEqual([{ id: '41', event: 'alarm.created', data: '{"a":1,\n"b":2}' }]);
  });

  it('reassembles a message split across network chunks, with CRLF line ends', async () => {
    const { messages } = await parse([
      'id: 7\r\nevent: camera.st',
      'atus\r\ndata: {"status":"En ligne"}\r',
      '\n\r\n',
    ]);
    expect(messages).toEqual([{ id: '7', event: 'camera.status', data: '{"status":"En ligne"}' }]);
  });

  it('keeps the last id for messages without one, and reads retry', async () => {
    const { messages, retries } = await parse([
      'retry: 5000\nid: 3\ndata: x\n\ndata: y\n\n',
      'retry: abc\n\n',
    ]);
    expect(messages.map((m) => [m.id, m.data])).toEqual([
      ['3', 'x'],
      ['3', 'y'],
    ]);
    expect(retries).toEqual([5000]);
  });

  it('dispatches nothing for an event without data', async () => {
    const { messages } = await parse(['event: alarm.created\n\n']);
    expect(messages).toEqual([]);
  });
});
