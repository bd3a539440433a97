// The database schema. Tenant tables carry `company_id` in their primary key and in every foreign
// key between tenant tables, so a row can only point at rows of its own company. Row-level
// security (migration 0001) filters every tenant table on the transaction's company.
//
// One file per group of modules under schema/; this file is what Drizzle (drizzle.config.ts) and
// the code import.
export * from './schema/access';
export * from './schema/accounts';
export * from './schema/alarm-file';
export * from './schema/alarms-events';
export * from './schema/camera-video';
export * from './schema/guard-tours';
export * from './schema/interventions';
export * from './schema/jobs';
export * from './schema/logbook';
export * from './schema/lone-worker';
export * from './schema/panels';
export * from './schema/planning';
export * from './schema/radio';
export * from './schema/reports';
export * from './schema/search';
export * from './schema/security-reports';
export * from './schema/shared';
export * from './schema/site-instructions';
export * from './schema/sites-cameras';
