// What the phone can tell of a scanned label before the server checks it: a Vigie checkpoint label
// reads `VGT1.<company>.<checkpoint>.<version>.<signature>`. Only the server can check the
// signature; the phone uses the checkpoint id to show which point was read, and to keep a label of
// another tour, or one scanned already, from being queued (offline, it would only be refused later).
import { nfcHint, type Round, type Tour } from '@vigie/contract/guard-tours.contract';
import { msg, t } from '../../../lib/i18n/i18n';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function labelCheckpointId(text: string): string | null {
  const parts = text.trim().split('.');
  if (parts.length !== 5 || parts[0] !== 'VGT1') return null;
  const id = parts[2] ?? '';
  return uuid.test(id) ? id : null;
}

/** An NFC tag's serial number as the server stores it: hexadecimal, upper case, no separator. */
export const normaliseNfc = (serial: string) => serial.replace(/[^0-9a-f]/gi, '').toUpperCase();

/**
 * The tour's checkpoint a tag read on the phone belongs to. An agent is never sent the tags' UIDs
 * (he could type one without walking there): each NFC checkpoint carries a short hint of its UID,
 * which the phone computes from the tag it reads. The server checks the UID itself.
 */
export function tagCheckpointId(tour: Pick<Tour, 'checkpoints'> | undefined, uid: string): string | null {
  const match = tour?.checkpoints.find(
    (c) => c.kind === 'nfc' && c.nfcHint !== null && c.nfcHint === nfcHint(c.id, uid),
  );
  return match?.id ?? null;
}

export type RoundCheckpoint = Round['checkpoints'][number];

export type Recognition =
  | { ok: true; checkpoint: RoundCheckpoint }
  /** `already`: a label of this round scanned before (said softly: the camera often sees it again). */
  | { ok: false; message: string; already?: boolean };

export const refusals = {
  unknownLabel: msg("Étiquette non reconnue : ce QR code n'a pas été émis par Vigie"),
  otherRound: msg("Ce point de contrôle n'appartient pas à cette ronde"),
  unknownTag: msg("Tag NFC inconnu : il n'est enregistré sur aucun point de cette ronde"),
  already: (name: string) => t('Déjà scanné pendant cette ronde : {name}', { name }),
} as const;

/** The round's checkpoint a read names, unless it was scanned (or queued) already. */
export function recognise(
  round: Round,
  checkpointId: string | null,
  done: ReadonlySet<string>,
  refusal: string = refusals.unknownLabel,
): Recognition {
  if (!checkpointId) return { ok: false, message: t(refusal) };
  const checkpoint = round.checkpoints.find((c) => c.checkpointId === checkpointId);
  if (!checkpoint) return { ok: false, message: t(refusals.otherRound) };
  if (done.has(checkpoint.checkpointId))
    return { ok: false, message: refusals.already(checkpoint.name), already: true };
  return { ok: true, checkpoint };
}
