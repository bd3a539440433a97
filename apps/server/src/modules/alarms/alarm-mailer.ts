// Outgoing alert e-mail through the SMTP server of SMTP_URL (nodemailer). Without SMTP_URL there is
// no mailer and alerts reach people through the real-time stream only.
import nodemailer from 'nodemailer';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      if (mail.to.length === 0) return;
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
