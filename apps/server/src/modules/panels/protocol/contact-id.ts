// Ademco Contact ID, in the data of `ADM-CID` frames (`#1234|1130 01 015`) and in Sur-Gard lines
// (`E13001015`): Q XYZ GG CCC.
//   Q   qualifier: 1 new event or opening, 3 restore or closing, 6 previous event still present;
//       Sur-Gard receivers write it E, R, P.
//   XYZ event code (130 burglary…), GG group or partition, CCC zone or user number (hexadecimal
//       digits are allowed by the format: B–F stand for 11–15 in the original DTMF coding).

export type ContactIdQualifier = 1 | 3 | 6;

export type ContactIdEvent = {
  qualifier: ContactIdQualifier;
  code: string;
  partition: string;
  zone: string;
};

export type ContactIdData =
  | { ok: true; account?: string; event: ContactIdEvent }
  | { ok: false; detail: string };

const qualifiers: Record<string, ContactIdQualifier> = { '1': 1, '3': 3, '6': 6, E: 1, R: 3, P: 6 };
const body = /^([136ERP])\s?([0-9A-F]{3})\s?([0-9A-F]{2})\s?([0-9A-F]{3})$/i;
const accountPrefix = /^#([0-9A-F]{1,16})\|/i;

/** `QXYZGGCCC` with or without the spaces, Q as a digit (1/3/6) or a Sur-Gard letter (E/R/P). */
export function parseContactIdEvent(text: string): ContactIdEvent | undefined {
  const m = body.exec(text.trim());
  if (!m) return undefined;
  const [, q, code, partition, zone] = m as unknown as [string, string, string, string, string];
  const qualifier = qualifiers[q.toUpperCase()];
  if (!qualifier) return undefined;
  return {
    qualifier,
    code: code.toUpperCase(),
    partition: partition.toUpperCase(),
    zone: zone.toUpperCase(),
  };
}

/** The data block of an `ADM-CID` frame: `#1234|1130 01 015` (the account part is optional). */
export function parseContactIdData(data: string): ContactIdData {
  let rest = data;
  let account: string | undefined;
  const acc = accountPrefix.exec(rest);
  if (acc) {
    account = acc[1];
    rest = rest.slice(acc[0].length);
  } else if (rest.startsWith('|')) {
    rest = rest.slice(1);
  }
  const event = parseContactIdEvent(rest);
  if (!event) return { ok: false, detail: `Contact ID illisible : ${rest.slice(0, 40)}` };
  return { ok: true, ...(account ? { account } : {}), event };
}
