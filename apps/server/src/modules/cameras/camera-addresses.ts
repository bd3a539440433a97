// The addresses of a camera the server will connect to (stream, snapshot and ONVIF URLs, IP address) are
// checked when they are written: an internal one that the operator has not opened
// (CAMERA_ALLOWED_NETWORKS) is a 422 on its field. The connection itself checks again
// (lib/outbound-address.ts): a name may resolve elsewhere later, and rows written before this rule
// or under a wider setting exist.
import type { ValidationIssue } from '@vigie/contract/common';
import { checkHost, type OutboundPolicy, refusalMessage } from '../../lib/outbound-address';
import { AppError } from '../../plugins/errors';

const fields = ['ipAddress', 'rtspUrl', 'snapshotUrl', 'onvifUrl'] as const;

/** The host a field names: the address itself, or the URL's host. */
function hostOf(field: (typeof fields)[number], value: string): string | null {
  if (field === 'ipAddress') return value;
  try {
    return new URL(value).hostname;
  } catch {
    return null;
  }
}

/**
 * Throws a 422 listing each refused field. A literal address is decided at once; a name is
 * resolved (within the policy's timeout): refused when it only designates internal addresses,
 * accepted when it does not resolve (the camera reads 'Hors ligne' until it does).
 */
export async function checkCameraAddresses(
  policy: OutboundPolicy,
  body: {
    ipAddress?: string | null;
    rtspUrl?: string | null;
    snapshotUrl?: string | null;
    onvifUrl?: string | null;
  },
): Promise<void> {
  const issues: ValidationIssue[] = [];
  await Promise.all(
    fields.map(async (field) => {
      const value = body[field];
      if (!value) return;
      const host = hostOf(field, value);
      if (host === null) return; // the contract validated the URL already
      const check = await checkHost(policy, host);
      if (check.ok || check.reason === 'unresolved') return;
      issues.push({ loc: ['body', field], msg: refusalMessage(check), type: 'address_refused' });
    }),
  );
  if (issues.length === 0) return;
  issues.sort((a, b) => fields.indexOf(a.loc[1] as never) - fields.indexOf(b.loc[1] as never));
  throw new AppError(422, 'validation', issues);
}
