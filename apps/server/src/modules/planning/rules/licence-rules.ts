// An agent's licences: the CNAPS professional card and the qualifications, and the alerts they raise.
import type { Language } from '../../../lib/languages';
import { formatDay } from './format';
import { licenceMessages, say } from './messages';
import {
  addMonthsToDay,
  covers,
  isSsiap,
  type Qualification,
  type QualificationType,
  qualificationExpiry,
} from './qualifications';
import { addDays } from './shift-time';

export interface AgentLicences {
  cnapsNumber: string | null;
  /** YYYY-MM-DD, the last day the card is valid. */
  cnapsExpiresOn: string | null;
  qualifications: Qualification[];
}

/** A CNAPS professional card number: CAR-<department>-<expiry yyyy-mm-dd>-<11 digits>. */
export const cnapsCardPattern = /^CAR-\d{3}-\d{4}-\d{2}-\d{2}-\d{11}$/;

/** The expiry day a card number carries, when it is a real calendar day. */
function expiryInNumber(s: string): string | null {
  if (!cnapsCardPattern.test(s)) return null;
  const day = s.slice(8, 18);
  return addDays(day, 0) === day ? day : null;
}

/** A well-formed CNAPS card number whose expiry part is a real calendar day. */
export const isCnapsNumber = (s: string) => expiryInNumber(s) !== null;

/** The card's last valid day: the given expiry, else the one its number carries, else null (unknown). */
export const cnapsExpiry = (agent: AgentLicences): string | null =>
  agent.cnapsExpiresOn ?? (agent.cnapsNumber ? expiryInNumber(agent.cnapsNumber) : null);

const labels: Record<QualificationType, string> = {
  SSIAP1: 'SSIAP 1',
  SSIAP2: 'SSIAP 2',
  SSIAP3: 'SSIAP 3',
  SST: 'SST',
  CQP_APS: 'TFP/CQP APS',
  H0B0: 'H0B0',
  CYNOPHILE: 'Cynophile',
  AUTRE: 'Autre',
};

/** French label of a qualification type. */
export const qualificationLabel = (type: QualificationType) => labels[type];

export type LicenceAlert = {
  kind:
    | 'cnaps_expired'
    | 'cnaps_expiring'
    | 'qualification_expired'
    | 'qualification_expiring'
    | 'cnaps_missing';
  qualification?: QualificationType;
  expiresOn: string | null;
  /** In the language asked for (French when not said). */
  message: string;
};

/** The values of an alert's message (`licenceMessages[kind]`), its date written in the language. */
export const licenceAlertValues = (
  alert: Pick<LicenceAlert, 'qualification' | 'expiresOn'>,
  language: Language = 'fr',
) => ({
  date: alert.expiresOn ? formatDay(alert.expiresOn, language) : '',
  qualificationLabel: alert.qualification ? qualificationLabel(alert.qualification) : '',
});

/** An alert with its message written in the language. */
function alertIn(language: Language, alert: Omit<LicenceAlert, 'message'>): LicenceAlert {
  return {
    ...alert,
    message: say(language, licenceMessages[alert.kind], licenceAlertValues(alert, language)),
  };
}

/** Whether another qualification covers `q` beyond its expiry. */
function supersededBy(quals: readonly Qualification[], q: Qualification, expiry: string) {
  return quals.some((other) => {
    if (other === q || !covers(other.type, q.type)) return false;
    const until = qualificationExpiry(other);
    return until === null || until > expiry;
  });
}

/** Days before expiry from which an alert is raised. */
const cnapsNoticeMonths = 3;
const qualificationNoticeDays = 30;

/**
 * Alerts on `today` (the company's local day): a CNAPS card expired or expiring within 3 months
 * (today + 3 months included), a qualification expired or expiring within 30 days (today + 30 days
 * included), no CNAPS card for an agent without any SSIAP. A qualification superseded by another
 * one that covers it and lasts longer (a renewal, a higher SSIAP level) raises nothing.
 */
export function licenceAlerts(
  agent: AgentLicences,
  today: string,
  language: Language = 'fr',
): LicenceAlert[] {
  const alerts: LicenceAlert[] = [];
  const quals = agent.qualifications;
  if (!agent.cnapsNumber) {
    // An SSIAP-only fire-safety agent needs no card; an SSIAP on record, even lapsed, makes one.
    if (!quals.some((q) => isSsiap(q.type))) {
      alerts.push(alertIn(language, { kind: 'cnaps_missing', expiresOn: null }));
    }
  } else {
    const expiry = cnapsExpiry(agent);
    if (expiry !== null && expiry < today) {
      alerts.push(alertIn(language, { kind: 'cnaps_expired', expiresOn: expiry }));
    } else if (expiry !== null && expiry <= addMonthsToDay(today, cnapsNoticeMonths)) {
      alerts.push(alertIn(language, { kind: 'cnaps_expiring', expiresOn: expiry }));
    }
  }
  for (const q of quals) {
    const expiry = qualificationExpiry(q);
    if (expiry === null) continue;
    if (supersededBy(quals, q, expiry)) continue;
    if (expiry < today) {
      alerts.push(
        alertIn(language, { kind: 'qualification_expired', qualification: q.type, expiresOn: expiry }),
      );
    } else if (expiry <= addDays(today, qualificationNoticeDays)) {
      alerts.push(
        alertIn(language, { kind: 'qualification_expiring', qualification: q.type, expiresOn: expiry }),
      );
    }
  }
  return alerts;
}
