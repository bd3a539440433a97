// The alarm's file of checks (levée de doute, issue 34): an append-only, numbered and chained list of
// entries per alarm, the times Vigie keeps (received, first shown, taken in charge, decision, closed)
// and the durations between them, exportable as a PDF with its fingerprint.
import { z } from 'zod';
import { alarmDecisionBody, decisionOutcomes } from './alarms.contract';
import { defineEndpoint, hasNoNul, idParams, idSchema, nulMessage, timestampSchema } from './common';
import { maxSignatureChars } from './security-reports.contract';
import { instructionStepSchema, siteContactSchema } from './site-instructions.contract';

export const alarmFileEntryKinds = [
  'shown',
  'taken',
  'video_viewed',
  'checklist_step',
  'call',
  'decision',
  'authorities',
  'note',
  'amendment',
  'intervention',
  'closed',
  'signature',
] as const;
export type AlarmFileEntryKind = (typeof alarmFileEntryKinds)[number];
export const alarmFileEntryKindLabels: Record<AlarmFileEntryKind, string> = {
  shown: 'Alarme affichée à un opérateur',
  taken: 'Prise en charge',
  video_viewed: 'Vidéo consultée',
  checklist_step: 'Consigne',
  call: 'Appel',
  decision: 'Décision',
  authorities: 'Autorités prévenues',
  note: 'Note',
  amendment: 'Rectification',
  intervention: 'Intervention',
  closed: 'Clôture',
  signature: 'Signature du dossier',
};

export const callOutcomes = [
  'answered_password_ok',
  'answered_no_password',
  'no_answer',
  'message_left',
] as const;
export type CallOutcome = (typeof callOutcomes)[number];
export const callOutcomeLabels: Record<CallOutcome, string> = {
  answered_password_ok: 'Répondu, bon mot de passe',
  answered_no_password: 'Répondu, sans le mot de passe',
  no_answer: 'Pas de réponse',
  message_left: 'Message laissé',
};

/** What an operator decides; `not_required` is Vigie's own, for an alarm the site's instructions call active. */
export { decisionOutcomes };
export const fileDecisionOutcomes = [...decisionOutcomes, 'not_required'] as const;
export type DecisionOutcome = (typeof fileDecisionOutcomes)[number];
export const decisionOutcomeLabels: Record<DecisionOutcome, string> = {
  positive: 'Levée de doute positive',
  negative: 'Levée de doute négative',
  impossible: 'Levée de doute impossible',
  not_required: 'Sans levée de doute (alarme active)',
};

export const authorityServices = ['police', 'gendarmerie', 'pompiers', 'samu'] as const;
export type AuthorityService = (typeof authorityServices)[number];
export const authorityServiceLabels: Record<AuthorityService, string> = {
  police: 'Police',
  gendarmerie: 'Gendarmerie',
  pompiers: 'Pompiers',
  samu: 'SAMU',
};

export const maxFileText = 2000;

const text = (label: string, max = maxFileText) =>
  z
    .string({ error: `${label} est obligatoire` })
    .trim()
    .min(1, { error: `${label} est obligatoire` })
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage(label) });
const optional = (label: string, max = 500) =>
  z
    .string({ error: `${label} doit être un texte` })
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage(label) })
    .nullish()
    .transform((v) => (v ? v : null));
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} est invalide (ISO 8601)` });

// ---- The content of each kind (as stored and answered).

export const decisionBody = alarmDecisionBody;

/** The still or clip an operator watched, as it was when the entry was written. */
export const alarmFileRecordingSchema = z.object({
  kind: z.enum(['still', 'clip']),
  trigger: z.enum(['manual', 'alarm']),
  startedAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  sha256: z.string().nullable(),
});
export type AlarmFileRecording = z.infer<typeof alarmFileRecordingSchema>;

const videoData = z.object({
  cameraId: idSchema,
  cameraName: z.string(),
  from: timestampSchema.nullable(),
  to: timestampSchema.nullable(),
  recordingId: idSchema.nullable(),
  recording: alarmFileRecordingSchema.nullable().optional(),
  remark: z.string().nullable(),
});
const checklistData = z.object({
  stepIndex: z.number().int().nullable(),
  text: z.string(),
  ticked: z.boolean(),
  remark: z.string().nullable(),
});
const callData = z.object({
  contactName: z.string(),
  role: z.string().nullable(),
  number: z.string(),
  calledAt: timestampSchema,
  outcome: z.enum(callOutcomes),
  remark: z.string().nullable(),
});
const decisionData = z.object({ outcome: z.enum(fileDecisionOutcomes), reason: z.string() });
const authoritiesData = z.object({
  service: z.enum(authorityServices),
  calledAt: timestampSchema,
  reference: z.string().nullable(),
  remark: z.string().nullable(),
});
/** What the interventions part writes: its steps and the agent's closing report. */
export const interventionEntryData = z.object({
  interventionId: idSchema.nullable(),
  agentName: z.string().nullable(),
  summary: z.string(),
  steps: z.array(z.object({ label: z.string(), at: timestampSchema })),
  report: z.object({ text: z.string(), photoFileIds: z.array(idSchema) }).nullable(),
});
export type InterventionEntryData = z.infer<typeof interventionEntryData>;

/**
 * The drawn signature closing the file: its image is kept as a PNG file, sealed in the chain by its
 * SHA-256; the signer is the entry's author, the time the entry's.
 */
export const signatureEntryData = z.object({ fileId: idSchema, sha256: z.string() });

const entryBase = {
  id: idSchema,
  number: z.number().int(),
  at: timestampSchema,
  actor: z.object({ userId: idSchema.nullable(), name: z.string() }),
  amendsId: idSchema.nullable(),
  /** Ids of later amendments of this entry. */
  amendedBy: z.array(idSchema),
  hash: z.string(),
  prevHash: z.string(),
};
const entryOf = <K extends AlarmFileEntryKind, D extends z.ZodType>(kind: K, data: D) =>
  z.object({ ...entryBase, kind: z.literal(kind), data });

export const alarmFileEntrySchema = z.discriminatedUnion('kind', [
  entryOf('shown', z.object({})),
  entryOf('taken', z.object({ by: z.string() })),
  entryOf('video_viewed', videoData),
  entryOf('checklist_step', checklistData),
  entryOf('call', callData),
  entryOf('decision', decisionData),
  entryOf('authorities', authoritiesData),
  entryOf('note', z.object({ text: z.string() })),
  entryOf('amendment', z.object({ text: z.string() })),
  entryOf('intervention', interventionEntryData),
  entryOf('closed', z.object({ note: z.string().nullable(), automatic: z.boolean() })),
  entryOf('signature', signatureEntryData),
]);
export type AlarmFileEntry = z.infer<typeof alarmFileEntrySchema>;

const person = z.string().nullable();
export const alarmFileTimesSchema = z.object({
  receivedAt: timestampSchema,
  firstShownAt: timestampSchema.nullable(),
  takenAt: timestampSchema.nullable(),
  takenBy: person,
  decisionAt: timestampSchema.nullable(),
  decisionBy: person,
  closedAt: timestampSchema.nullable(),
  closedBy: person,
});
/** Seconds between the times (null until both are known). */
export const alarmFileDurationsSchema = z.object({
  receivedToShown: z.number().int().nullable(),
  receivedToTaken: z.number().int().nullable(),
  takenToDecision: z.number().int().nullable(),
  decisionToClosed: z.number().int().nullable(),
  receivedToClosed: z.number().int().nullable(),
});

export const alarmFileSchema = z.object({
  alarmId: idSchema,
  /** From the site's instructions: an active alarm (panic, duress) needs no verification. */
  response: z.enum(['active', 'passive']),
  closed: z.boolean(),
  times: alarmFileTimesSchema,
  durations: alarmFileDurationsSchema,
  decision: decisionData.nullable(),
  entries: z.array(alarmFileEntrySchema),
  chain: z.object({
    ok: z.boolean(),
    checked: z.number().int(),
    firstBrokenNumber: z.number().int().nullable(),
  }),
  /** The site's checklist and call list, in order, to tick and to call. */
  instructions: z.object({ steps: z.array(instructionStepSchema), contacts: z.array(siteContactSchema) }),
  /** SHA-256 of the chain: its last entry's hash (null for an empty file). */
  fingerprint: z.string().nullable(),
  /** Whether the file has its drawn signature (once per file, after the alarm's resolution). */
  signed: z.boolean(),
});
export type AlarmFile = z.infer<typeof alarmFileSchema>;

// ---- What an operator appends (the other kinds are written by Vigie: shown, taken, intervention,
// closed). One schema per kind, a discriminated union, each refusing fields of another kind; `note`
// first (the sweeps' sample).

export const appendAlarmFileEntryBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('note'), text: text('La note') }).strict(),
    z
      .object({
        kind: z.literal('video_viewed'),
        cameraId: z.uuid({ error: 'Veuillez choisir une caméra' }),
        from: instant('Le début de la période').nullish(),
        to: instant('La fin de la période').nullish(),
        recordingId: idSchema.nullish(),
        remark: optional('La remarque'),
      })
      .strict(),
    z
      .object({
        kind: z.literal('checklist_step'),
        stepIndex: z
          .number({ error: 'Le numéro de consigne doit être un nombre' })
          .int({ error: 'Le numéro de consigne doit être un entier' })
          .min(0, { error: 'Le numéro de consigne doit être positif' })
          .max(999, { error: 'Le numéro de consigne est trop grand' })
          .nullish(),
        text: text('Le texte de la consigne', 500),
        ticked: z.boolean({ error: 'Indiquez si la consigne est faite (true ou false)' }),
        remark: optional('La remarque'),
      })
      .strict(),
    z
      .object({
        kind: z.literal('call'),
        contactName: text('Le nom du contact', 200),
        role: optional('Le rôle du contact', 200),
        number: z
          .string({ error: 'Le numéro appelé est obligatoire' })
          .trim()
          .min(1, { error: 'Le numéro appelé est obligatoire' })
          .max(30, { error: 'Le numéro appelé est trop long' })
          .regex(/^[+0-9 ().-]+$/, { error: 'Numéro de téléphone invalide' }),
        calledAt: instant("L'heure de l'appel").nullish(),
        outcome: z.enum(callOutcomes, {
          error:
            "Résultat de l'appel invalide (answered_password_ok, answered_no_password, no_answer ou message_left)",
        }),
        remark: optional('La remarque'),
      })
      .strict(),
    decisionBody.extend({ kind: z.literal('decision') }).strict(),
    z
      .object({
        kind: z.literal('authorities'),
        service: z.enum(authorityServices, {
          error: 'Service invalide (police, gendarmerie, pompiers ou samu)',
        }),
        calledAt: instant("L'heure de l'appel").nullish(),
        reference: optional('La référence', 100),
        remark: optional('La remarque'),
      })
      .strict(),
    z
      .object({
        kind: z.literal('amendment'),
        amendsEntryId: z.uuid({ error: "L'entrée à rectifier est invalide" }),
        text: text('La rectification'),
      })
      .strict(),
  ],
  {
    error:
      "Type d'entrée invalide (note, video_viewed, checklist_step, call, decision, authorities ou amendment)",
  },
);
export type AppendAlarmFileEntryBody = z.input<typeof appendAlarmFileEntryBody>;

const tags = ['alarms'];

export const getAlarmFile = defineEndpoint({
  method: 'GET',
  path: '/api/alarms/:id/file',
  summary: "Dossier de levée de doute de l'alarme : entrées, heures, durées et contrôle de la chaîne",
  tags,
  auth: true,
  params: idParams,
  response: alarmFileSchema,
});

export const appendAlarmFileEntry = defineEndpoint({
  method: 'POST',
  path: '/api/alarms/:id/file/entries',
  summary:
    "Ajouter une entrée au dossier de l'alarme (vidéo, consigne, appel, décision, autorités, note, rectification)",
  tags,
  auth: true,
  status: 201,
  params: idParams,
  body: appendAlarmFileEntryBody,
  response: alarmFileSchema,
});

export const markAlarmShown = defineEndpoint({
  method: 'POST',
  path: '/api/alarms/:id/shown',
  summary: 'Noter la première présentation de l’alarme à un opérateur (seule la première compte)',
  tags,
  auth: true,
  params: idParams,
  response: alarmFileSchema,
});

export const downloadAlarmFilePdf = defineEndpoint({
  method: 'GET',
  path: '/api/alarms/:id/file.pdf',
  summary: "Dossier de l'alarme en PDF, avec l'empreinte SHA-256 de sa chaîne",
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});

export const alarmFileVerificationSchema = z.object({
  exists: z.literal(true),
  companyName: z.string(),
  /** The alarm's site and title, to compare with the printed ones (nothing of the entries' content). */
  siteName: z.string().nullable(),
  alarmTitle: z.string(),
  triggeredAt: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
  /** The entry the fingerprint is the hash of: the file's last one when its PDF was made. */
  number: z.number().int(),
  at: timestampSchema,
  /** Entries the file holds now (notes and amendments may follow a PDF). */
  entries: z.number().int(),
  /** When the file was signed (its signer is not published), null when it is not. */
  signedAt: timestampSchema.nullable(),
});
export type AlarmFileVerification = z.infer<typeof alarmFileVerificationSchema>;

export const verifyAlarmFile = defineEndpoint({
  method: 'GET',
  path: '/api/alarm-files/verification/:fingerprint',
  summary:
    "Vérification publique d'un dossier d'alarme imprimé par son empreinte : société, site, alarme, heures et nombre d'entrées, sans contenu",
  tags,
  auth: false,
  params: z.object({
    fingerprint: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Empreinte invalide' }),
  }),
  response: alarmFileVerificationSchema,
});

/** A drawn signature (PNG from signature_pad, a data URL or bare base64), as for security reports. */
export const signAlarmFileBody = z
  .object({
    signature: z
      .string({ error: 'La signature est obligatoire : une image PNG encodée en base64' })
      .min(1, { error: 'La signature est obligatoire : une image PNG encodée en base64' })
      .max(maxSignatureChars, { error: 'La signature ne doit pas dépasser 300 Ko' }),
  })
  .strict();
export type SignAlarmFileBody = z.input<typeof signAlarmFileBody>;

export const signAlarmFile = defineEndpoint({
  method: 'POST',
  path: '/api/alarms/:id/file/signature',
  summary:
    "Signer le dossier d'une alarme résolue (signature dessinée, une seule par dossier, ajoutée comme entrée)",
  tags,
  auth: true,
  status: 201,
  params: idParams,
  body: signAlarmFileBody,
  response: alarmFileSchema,
});

export const getAlarmFileSignature = defineEndpoint({
  method: 'GET',
  path: '/api/alarms/:id/file/signature',
  summary: "Image de la signature du dossier de l'alarme (PNG)",
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});
