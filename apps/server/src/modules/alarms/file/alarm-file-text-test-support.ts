// Entries of every kind for the file text tests, with the French the text had before it read in
// other languages (the PDF and the timeline must not change by a byte in French).
import type { AlarmFileEntry } from '@vigie/contract/alarm-file.contract';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base = (n: number, amendedBy: string[] = []) => ({
  id: id(n),
  number: n,
  at: '2026-11-21T13:05:09.000Z',
  actor: { userId: id(100), name: 'Léa Martin' },
  amendsId: null,
  amendedBy,
  hash: 'h'.repeat(64),
  prevHash: '0'.repeat(64),
});
const at = '2026-11-21T13:06:00.000Z';

/** One entry of every kind (and their variants), numbered 1…n. */
export const sampleEntries = [
  { ...base(1), kind: 'shown', data: {} },
  { ...base(2), kind: 'taken', data: { by: 'Léa Martin' } },
  {
    ...base(3),
    kind: 'video_viewed',
    data: {
      cameraId: id(200),
      cameraName: 'Quai 3',
      from: at,
      to: at,
      recordingId: id(201),
      recording: { kind: 'clip', trigger: 'alarm', startedAt: at, endedAt: at, sha256: 'ab12' },
      remark: 'Silhouette près du quai',
    },
  },
  {
    ...base(4),
    kind: 'video_viewed',
    data: {
      cameraId: id(200),
      cameraName: 'Quai 3',
      from: null,
      to: null,
      recordingId: id(202),
      recording: { kind: 'still', trigger: 'manual', startedAt: at, endedAt: null, sha256: null },
      remark: null,
    },
  },
  {
    ...base(5),
    kind: 'video_viewed',
    data: {
      cameraId: id(200),
      cameraName: 'Quai 3',
      from: null,
      to: null,
      recordingId: id(203),
      remark: null,
    },
  },
  {
    ...base(6),
    kind: 'checklist_step',
    data: { stepIndex: 0, text: 'Visionner la caméra', ticked: true, remark: null },
  },
  {
    ...base(7),
    kind: 'checklist_step',
    data: { stepIndex: 1, text: 'Appeler le gérant', ticked: false, remark: 'Injoignable' },
  },
  {
    ...base(8, [id(12)]),
    kind: 'call',
    data: {
      contactName: 'M. Durand',
      role: 'Gérant',
      number: '06 12 34 56 78',
      calledAt: at,
      outcome: 'answered_password_ok',
      remark: null,
    },
  },
  {
    ...base(9),
    kind: 'call',
    data: {
      contactName: 'Mme Leroy',
      role: null,
      number: '04 78',
      calledAt: at,
      outcome: 'no_answer',
      remark: null,
    },
  },
  { ...base(10), kind: 'decision', data: { outcome: 'negative', reason: 'Chat vu à la caméra' } },
  {
    ...base(11),
    kind: 'authorities',
    data: { service: 'pompiers', calledAt: at, reference: null, remark: 'Caserne de Lyon' },
  },
  { ...base(12), amendsId: id(8), kind: 'amendment', data: { text: 'Au second essai' } },
  { ...base(13), kind: 'note', data: { text: 'Patrouille en route' } },
  {
    ...base(14),
    kind: 'intervention',
    data: {
      interventionId: id(300),
      agentName: 'Paul Petit',
      summary: 'Intervention refusée (Paul Petit, Entrepôt Nord) — Déjà sur une autre mission',
      steps: [{ label: 'Refusée', at }],
      report: null,
    },
  },
  {
    ...base(15),
    kind: 'intervention',
    data: {
      interventionId: id(300),
      agentName: 'Paul Petit',
      summary: 'Intervention terminée (Paul Petit, Entrepôt Nord)',
      steps: [{ label: 'Terminée', at }],
      report: { text: 'RAS', photoFileIds: [id(400), id(401)] },
    },
  },
  { ...base(16), kind: 'closed', data: { note: 'Fausse alarme', automatic: false } },
  { ...base(17), kind: 'closed', data: { note: null, automatic: true } },
  { ...base(18), kind: 'signature', data: { fileId: id(500), sha256: 'cd34' } },
] as AlarmFileEntry[];

/** Each entry as the French text wrote it (title, then lines), instants written `<hh:mm:ss>`. */
export const frenchBefore: string[][] = [
  ['Alarme affichée à un opérateur', 'Affichée à Léa Martin'],
  ['Prise en charge', 'Prise en charge par Léa Martin'],
  [
    'Vidéo consultée',
    'Caméra : Quai 3',
    'Période visionnée : du <13:06:00> au <13:06:00>',
    "Clip de l'alarme du <13:06:00> au <13:06:00>",
    'Empreinte SHA-256 : ab12',
    'Remarque : Silhouette près du quai',
  ],
  ['Vidéo consultée', 'Caméra : Quai 3', 'Capture du <13:06:00>'],
  ['Vidéo consultée', 'Caméra : Quai 3', 'Enregistrement : 00000000-0000-4000-8000-000000000203'],
  ['Consigne', '[x] Fait : Visionner la caméra'],
  ['Consigne', '[ ] Non fait : Appeler le gérant', 'Remarque : Injoignable'],
  [
    'Appel',
    'M. Durand (Gérant) au 06 12 34 56 78, à <13:06:00>',
    'Résultat : Répondu, bon mot de passe',
    "Rectifiée par l'entrée n° 12",
  ],
  ['Appel', 'Mme Leroy au 04 78, à <13:06:00>', 'Résultat : Pas de réponse'],
  ['Décision', 'Levée de doute négative', 'Motif : Chat vu à la caméra'],
  ['Autorités prévenues', 'Pompiers prévenus à <13:06:00>', 'Référence : —', 'Remarque : Caserne de Lyon'],
  ['Rectification', "Rectifie l'entrée n° 8 : Au second essai"],
  ['Note', 'Patrouille en route'],
  [
    'Intervention',
    'Intervention refusée (Paul Petit, Entrepôt Nord) — Déjà sur une autre mission',
    'Agent : Paul Petit',
    '<13:06:00> — Refusée',
  ],
  [
    'Intervention',
    'Intervention terminée (Paul Petit, Entrepôt Nord)',
    'Agent : Paul Petit',
    '<13:06:00> — Terminée',
    "Rapport de l'agent : RAS",
    '2 photo(s) jointe(s)',
  ],
  ['Clôture', 'Clôturée par Léa Martin', 'Note de résolution : Fausse alarme'],
  ['Clôture', 'Clôturée automatiquement par Vigie'],
  [
    'Signature du dossier',
    'Dossier signé par Léa Martin le <13:05:09>',
    'Empreinte SHA-256 de la signature : cd34',
  ],
];
