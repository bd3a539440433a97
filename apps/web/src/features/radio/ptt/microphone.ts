// The microphone, asked for only when the user presses 'Parler', and the recorder's format.
import { msg } from '../../../lib/i18n/i18n';

/** Opus in WebM (Chrome, Edge, recent Safari), else in Ogg (Firefox): the formats the relay takes. */
const RECORDER_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'] as const;

/** The first format this browser can record, or null when it cannot record audio at all. */
export function pickRecorderMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return RECORDER_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

export type MicrophoneProblem = 'denied' | 'missing' | 'busy' | 'insecure' | 'unsupported';

/**
 * Why the microphone is needed and how to allow it: French messages of the catalogue, translated
 * where they are shown (MicrophoneHelp).
 */
export const microphoneHelp: Record<MicrophoneProblem, string> = {
  denied: msg(
    "Vigie a besoin du micro pour transmettre votre voix sur le canal. Pour l'autoriser, cliquez sur l'icône à gauche de l'adresse du site (cadenas ou réglages), passez « Micro » sur « Autoriser », puis appuyez de nouveau sur « Parler ».",
  ),
  missing: msg(
    "Aucun micro n'a été trouvé. Branchez un micro ou un casque, puis appuyez de nouveau sur « Parler ».",
  ),
  busy: msg(
    'Le micro est déjà utilisé par une autre application. Fermez-la, puis appuyez de nouveau sur « Parler ».',
  ),
  insecure: msg(
    'Le navigateur ne donne accès au micro que sur une connexion sécurisée (https). Ouvrez Vigie en https pour parler sur le canal.',
  ),
  unsupported: msg(
    "Ce navigateur ne sait pas enregistrer le micro au format attendu (Opus). Utilisez une version récente de Chrome, Edge, Firefox ou Safari pour parler (l'écoute reste possible).",
  ),
};

export class MicrophoneError extends Error {
  readonly problem: MicrophoneProblem;

  constructor(problem: MicrophoneProblem) {
    super(microphoneHelp[problem]);
    this.name = 'MicrophoneError';
    this.problem = problem;
  }
}

function problemOf(error: unknown): MicrophoneProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

/** Asks for the microphone (the browser shows its prompt the first time). */
export async function requestMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new MicrophoneError(window.isSecureContext ? 'unsupported' : 'insecure');
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    throw new MicrophoneError(problemOf(error));
  }
}

/** Turns the microphone off (the browser's recording indicator goes away). */
export function releaseStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
