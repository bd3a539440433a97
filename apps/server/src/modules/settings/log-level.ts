// The log level chosen in Paramètres · Système applies at once to the instance that saved it and,
// through NOTIFY vigie_log_level (delivered at commit), to every instance of the database. The level
// is the process's, not a company's: when several companies share a database, the last change wins.
// At start the instance uses LOG_LEVEL from its environment until a change arrives.
import { type LogLevel, logLevels } from '@vigie/contract/settings.contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { notifyChannel } from './settings.repository';

export const LOG_LEVEL_CHANNEL = 'vigie_log_level';

const isLevel = (v: string): v is LogLevel => (logLevels as readonly string[]).includes(v);

export function applyLogLevel(app: FastifyInstance, level: string) {
  // A process started silent (tests, LOG_LEVEL=silent) stays silent.
  if (!isLevel(level) || app.log.level === 'silent') return;
  if (app.log.level !== level) app.log.level = level;
}

/** Sent in the transaction of the change: every instance hears it once it is committed. */
export async function publishLogLevel(tx: Tx, level: LogLevel) {
  await notifyChannel(tx, LOG_LEVEL_CHANNEL, level);
}

export async function followLogLevel(app: FastifyInstance) {
  const unlisten = await app.db.listen(LOG_LEVEL_CHANNEL, (payload) => applyLogLevel(app, payload));
  app.addHook('onClose', unlisten);
}
