// A scheduled report's file, e-mailed to the schedule's recipients once built (job 'report.email',
// one message per recipient so that no one sees the others' addresses). Without SMTP_URL the app
// sends no e-mail: the report stays in the list. Sent through the notifications' SMTP sender, so a
// refusal for good (5xx) gives the job up at once like any other e-mail.
import type { Database } from '../../../db/client';
import { FinalJobError, type Job } from '../../../db/jobs';
import { translate } from '../../../lib/languages';
import { readFile } from '../../files/files.service';
import { emailSender } from '../../notifications/delivery/channels';
import { ALL_SITES, fileNameOf, localTitle } from '../reports.models';
import * as reports from '../reports.repository';
import * as schedules from '../schedules.repository';

export const REPORT_EMAIL_JOB = 'report.email';

export function reportMailer(smtpUrl: string | undefined, from: string) {
  const sender = emailSender(smtpUrl, from);
  if (!sender) return null;
  return {
    async send(db: Database, job: Job) {
      const reportId = job.payload.reportId;
      if (!job.companyId || typeof reportId !== 'string')
        throw new FinalJobError('malformed report e-mail job');
      const companyId = job.companyId;
      const found = await db.withTenant(companyId, async (tx) => {
        const report = await reports.findReport(tx, companyId, reportId);
        if (!report?.fileId || !report.scheduleId || report.status !== 'Prêt') return undefined;
        const schedule = await schedules.findSchedule(tx, companyId, report.scheduleId);
        const file = await readFile(tx, companyId, report.fileId);
        return schedule && file ? { report, schedule, file } : undefined;
      });
      // Deleted meanwhile (the report or its schedule): nothing to send.
      if (!found) return;
      const { report, schedule, file } = found;
      const message = mailText(report, schedule.createdByName);
      for (const to of schedule.recipients) {
        await sender.send(to, {
          ...message,
          attachments: [{ filename: fileNameOf(report), content: file.data, contentType: file.contentType }],
        });
      }
    },
    close: () => sender.close(),
  };
}

/** The e-mail in the report's language (the schedule's); French exactly as it always was. */
function mailText(report: reports.ReportRow, createdByName: string) {
  const lang = report.language;
  if (lang === 'fr') {
    return {
      subject: report.title,
      text: `Bonjour,\n\nVeuillez trouver ci-joint le ${report.title.charAt(0).toLowerCase()}${report.title.slice(1)} (${report.siteName ?? 'tous les sites'}).\n\nCe rapport vous est envoyé automatiquement par Vigie à la demande de ${createdByName}.\n`,
    };
  }
  const title = localTitle(lang, report.type, report.startDate, report.endDate);
  return {
    subject: title,
    text: translate(
      lang,
      'Bonjour,\n\nVeuillez trouver ci-joint le {title} ({site}).\n\nCe rapport vous est envoyé automatiquement par Vigie à la demande de {name}.\n',
      {
        title: `${title.charAt(0).toLowerCase()}${title.slice(1)}`,
        site: report.siteName ?? translate(lang, ALL_SITES),
        name: createdByName,
      },
    ),
  };
}
