// The speech-to-text client: an OpenAI-compatible service (POST /v1/audio/transcriptions, as
// whisper.cpp's server and faster-whisper servers expose it). The pass over the pending recordings
// is in communications.jobs.ts.
import type { Config } from '../../../config';
import { audioExtension } from './audio-format';

const TIMEOUT_MS = 60_000;

export const transcriptionEndpoint = (base: string) =>
  /\/audio\/transcriptions\/?$/.test(base) ? base : `${base.replace(/\/+$/, '')}/v1/audio/transcriptions`;

/** Sends one recording; answers its text. */
export async function transcribe(
  service: NonNullable<Config['transcribe']>,
  audio: { data: Buffer; contentType: string },
): Promise<string> {
  const form = new FormData();
  const name = `audio.${audioExtension[audio.contentType] ?? 'bin'}`;
  form.append('file', new Blob([new Uint8Array(audio.data)], { type: audio.contentType }), name);
  form.append('model', service.model);
  form.append('language', 'fr');
  form.append('response_format', 'json');
  const res = await fetch(transcriptionEndpoint(service.url), {
    method: 'POST',
    body: form,
    headers: service.apiKey ? { authorization: `Bearer ${service.apiKey}` } : {},
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`transcription service answered ${res.status}`);
  const body = (await res.json()) as { text?: unknown };
  if (typeof body.text !== 'string') throw new Error('transcription service answered no text');
  return body.text;
}
