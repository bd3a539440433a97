// Opening the listeners' sockets without ever throwing: an instance that cannot bind its port (a
// second instance on the same machine, a port below 1024 without the right) must say so in its log
// and in system health and keep serving everything else.
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import type { AddressInfo, Server } from 'node:net';

export type BindResult = { ok: true; port: number } | { ok: false; code: string; error: Error };

function failure(err: unknown): BindResult {
  const error = err instanceof Error ? err : new Error(String(err));
  return { ok: false, code: (error as NodeJS.ErrnoException).code ?? 'UNKNOWN', error };
}

/** Listens on port/host; resolves with the port bound (the real one when `port` is 0). */
export function listenTcp(server: Server, port: number, host: string): Promise<BindResult> {
  return new Promise((resolve) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      resolve(failure(err));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve({ ok: true, port: (server.address() as AddressInfo).port });
    };
    server.once('error', onError);
    server.once('listening', onListening);
    try {
      server.listen({ port, host, exclusive: true });
    } catch (err) {
      // An invalid port (out of range) throws synchronously instead of emitting 'error'.
      server.off('error', onError);
      server.off('listening', onListening);
      resolve(failure(err));
    }
  });
}

export type UdpBindResult =
  | { ok: true; port: number; socket: UdpSocket }
  | { ok: false; code: string; error: Error };

/** A UDP socket bound to port/host; on failure the socket is closed and the error returned. */
export function bindUdp(port: number, host: string): Promise<UdpBindResult> {
  const socket = createSocket({ type: host.includes(':') ? 'udp6' : 'udp4' });
  return new Promise((resolve) => {
    const onError = (err: Error) => {
      socket.off('listening', onListening);
      try {
        socket.close();
      } catch {
        // Already closed: nothing to free.
      }
      resolve(failure(err) as UdpBindResult);
    };
    const onListening = () => {
      socket.off('error', onError);
      resolve({ ok: true, port: socket.address().port, socket });
    };
    socket.once('error', onError);
    socket.once('listening', onListening);
    try {
      socket.bind({ port, address: host, exclusive: true });
    } catch (err) {
      onError(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** Closes a TCP server, resolving once it no longer listens (never rejects). */
export function closeTcp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
  });
}

/** Closes a UDP socket, resolving once it is closed (never rejects). */
export function closeUdp(socket: UdpSocket): Promise<void> {
  return new Promise((resolve) => {
    try {
      socket.close(() => resolve());
    } catch {
      resolve();
    }
  });
}

/**
 * The French line system health shows when a port cannot be opened, e.g.
 * « Port 12000 déjà utilisé : réception des alarmes arrêtée ».
 */
export function bindFailureDetail(port: number, host: string, code: string, service: string): string {
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${port} déjà utilisé : ${service} arrêtée`;
    case 'EACCES':
    case 'EPERM':
      return `Port ${port} non autorisé pour ce processus : ${service} arrêtée`;
    case 'EADDRNOTAVAIL':
      return `Adresse ${host} absente de cette machine : ${service} arrêtée`;
    default:
      return `Port ${port} impossible à ouvrir (${code}) : ${service} arrêtée`;
  }
}
