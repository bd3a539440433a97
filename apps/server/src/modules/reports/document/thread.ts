// Runs in the document thread (host.ts starts it): takes the messages one at a time and answers
// each once written, so the main thread sends the next page only then (backpressure).
import type { MessagePort } from 'node:worker_threads';
import { createPdfWriter } from './pdf-writer';
import type { DocumentAnswer, DocumentMessage, DocumentWriter } from './types';
import { createXlsxWriter } from './xlsx-writer';

export function serve(port: MessagePort) {
  let writer: DocumentWriter | null = null;
  let path = '';
  let queue = Promise.resolve();
  port.on('message', (m: DocumentMessage) => {
    queue = queue.then(async () => {
      let answer: DocumentAnswer;
      try {
        if (m.op === 'begin') {
          path = m.path;
          writer =
            m.head.format === 'pdf'
              ? await createPdfWriter(m.head, path)
              : await createXlsxWriter(m.head, path);
          answer = { ok: true };
        } else {
          if (!writer) throw new Error('document not begun');
          if (m.op === 'table') await writer.table(m.table);
          else if (m.op === 'rows') await writer.rows(m.rows);
          else if (m.op === 'note') await writer.note(m.note);
          else await writer.end();
          answer = { ok: true };
        }
      } catch (err) {
        answer = { ok: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
      }
      port.postMessage(answer);
    });
  });
}
