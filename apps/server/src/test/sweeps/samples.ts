// Request parts the sweeps cannot build from a route's contract schema alone (schema-walk.ts uses
// them): values that depend on each other or that no schema walk can invent.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';

/** Valid request parts for a route when the contract's schema alone cannot produce them. */
export const samples: Record<string, (unique: string) => { body?: unknown; query?: Record<string, string> }> =
  {
    // A browser's PushSubscription: a push service's https URL and a real P-256 key, which no
    // schema walk can invent.
    // Bodies whose fields depend on each other (a code or a recovery code; a new password that
    // differs and is confirmed): refused by the server as wrong, never as malformed.
    'POST /api/auth/login/2fa': () => ({ body: { challenge: 'x'.repeat(43), code: '123456' } }),
    'POST /api/me/password': () => ({
      body: {
        currentPassword: 'faux-mot-de-passe',
        newPassword: 'Nouveau-mot-2passe',
        confirmPassword: 'Nouveau-mot-2passe',
      },
    }),
    'POST /api/me/2fa/enable': () => ({ body: { code: '123456' } }),
    // A security report's edit must name at least one field.
    'PATCH /api/security-reports/:id': (u) => ({ body: { comments: `Commentaire ${u}` } }),
    // A scan names a QR label or an NFC tag, one of the two (an unknown tag: refused, nothing written).
    'POST /api/rounds/:id/scans': () => ({ body: { nfcUid: '01020304' } }),
    'POST /api/me/2fa/disable': () => ({ body: { code: '123456' } }),
    // Interventions name their place: an alarm, a site or a point (one of them); unknown ids answer 404.
    'GET /api/interventions/candidates': () => ({ query: { lat: '48.8566', lng: '2.3522' } }),
    'POST /api/interventions': () => ({ body: { siteId: randomUUID(), agentId: randomUUID() } }),
    // A whole site in test: its end must be in the future.
    'PUT /api/panels/sites/:id/test': () => ({
      body: { testUntil: new Date(Date.now() + 3_600_000).toISOString() },
    }),
    'POST /api/notifications/push/subscriptions': (u) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        body: {
          endpoint: `https://fcm.googleapis.com/fcm/send/sweep-${u}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
      };
    },
  };
