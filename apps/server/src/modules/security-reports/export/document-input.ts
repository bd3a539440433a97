// What every security report document prints, prepared on the request's thread (French texts, dates
// in the user's timezone) and handed to a worker thread, which only lays it out.

export interface DocImage {
  /** PNG or JPEG bytes (a Uint8Array after the structured clone to the worker). */
  data: Uint8Array;
  type: 'png' | 'jpg';
  width: number;
  height: number;
}

export interface DocumentInput {
  company: {
    name: string;
    address: string | null;
    siret: string | null;
    cnapsAuthorisation: string | null;
    logo: DocImage | null;
  };
  report: {
    number: string;
    statusLabel: string;
    final: boolean;
    siteName: string;
    period: string;
    geolocation: string;
    responsibleName: string;
    generatedByName: string;
    createdAt: string;
    finalizedAt: string | null;
    incidents: { type: string; description: string; measuresTaken: string }[];
    interventions: { time: string; agentName: string; description: string }[];
    /** Réparations, Améliorations, Observations, Commentaires, in this order. */
    sections: { title: string; text: string }[];
  };
  signature: DocImage | null;
  fingerprint: string | null;
  verificationUrl: string | null;
  legalMention: string;
  generatedAt: string;
}

/** The title lines every format prints the same way. */
export const cnapsLine = (i: DocumentInput) =>
  `Autorisation d'exercice CNAPS : ${i.company.cnapsAuthorisation ?? 'non renseignée'}`;

export const infoRows = (i: DocumentInput): [string, string][] => [
  ['Numéro', i.report.number],
  ['Statut', i.report.statusLabel],
  ['Site', i.report.siteName],
  ['Période', i.report.period],
  ['Géolocalisation', i.report.geolocation],
  ['Responsable', i.report.responsibleName],
  ['Établi par', i.report.generatedByName],
  ['Créé le', i.report.createdAt],
  ...(i.report.finalizedAt ? ([['Finalisé le', i.report.finalizedAt]] as [string, string][]) : []),
];

export const fit = (img: DocImage, maxW: number, maxH: number) => {
  const scale = Math.min(maxW / img.width, maxH / img.height, 1);
  return { width: Math.round(img.width * scale), height: Math.round(img.height * scale) };
};
