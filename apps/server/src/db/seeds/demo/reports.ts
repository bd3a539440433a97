// Step 7: security reports (one final, signed and sealed by the service; one draft still being
// written) and one generated activity report (requested: the reports job renders it).
import { generateReportBody } from '@vigie/contract/reports.contract';
import { createSecurityReportBody } from '@vigie/contract/security-reports.contract';
import sharp from 'sharp';
import { requestReport } from '../../../modules/reports/reports.service';
import { createReport, finalizeReport } from '../../../modules/security-reports/security-reports.service';
import { addDays, type DemoContext, loadSeeded, localDay } from './context';

/** A drawn signature as signature_pad sends it (a PNG data URL). */
async function signature() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120"><path d="M20 80 C 60 10, 90 110, 130 60 S 190 20, 220 75 S 300 90, 340 40" stroke="#1e293b" stroke-width="3" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function seedReports(ctx: DemoContext) {
  const { db, auth } = ctx;
  const { sites, agents } = await loadSeeded(ctx);
  const today = localDay(ctx.now);
  const [first, second] = sites;
  if (!first || !second) return;
  const agent = agents.find((a) => a.assignedSiteId === first.id);
  const final = await createReport(
    db,
    auth,
    createSecurityReportBody.parse({
      siteId: first.id,
      periodStart: addDays(today, -14),
      periodEnd: addDays(today, -8),
      geolocation: `${first.latitude}, ${first.longitude}`,
      incidents: [
        {
          type: 'intrusion',
          description: 'Tentative d’intrusion par le quai de livraison, individu mis en fuite.',
          measuresTaken: 'Levée de doute, dépôt de plainte par le client.',
        },
        {
          type: 'alarme',
          description: 'Déclenchement intempestif du détecteur du local technique.',
          measuresTaken: 'Détecteur réarmé, maintenance prévenue.',
        },
      ],
      interventions: [
        {
          description: 'Assistance à une personne ayant fait un malaise dans le hall.',
          time: '14:35',
          agentName: agent?.name ?? null,
          agentId: agent?.id ?? null,
        },
      ],
      repairs: 'Remplacement de la gâche électrique de la porte du personnel.',
      improvements: 'Ajouter une caméra couvrant l’angle mort du quai 2.',
      observations: 'Semaine calme hors incidents mentionnés.',
      comments: 'Rapport transmis au responsable sûreté du site.',
      responsibleName: auth.user.name,
      responsibleSignature: await signature(),
    }),
  );
  await finalizeReport(db, auth, final.id);
  await createReport(
    db,
    auth,
    createSecurityReportBody.parse({
      siteId: second.id,
      periodStart: addDays(today, -6),
      periodEnd: today,
      incidents: [
        { type: 'vandalisme', description: 'Tag sur la façade côté parking, constaté à la ronde de 6 h.' },
      ],
      observations: 'Rapport en cours de rédaction.',
      responsibleName: auth.user.name,
    }),
  );
  await requestReport(
    db,
    auth,
    generateReportBody.parse({
      type: 'alarms',
      format: 'pdf',
      startDate: addDays(today, -30),
      endDate: today,
      includeGraphs: true,
    }),
  );
}
