// Access control contract (badges, access points and their readers, the log of passages), written
// by topic in access/ and exported here as one module.
export * from './access/badges';
export * from './access/logs';
export * from './access/points';
