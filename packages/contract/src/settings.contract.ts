// Paramètres of the company (administrators only): Sécurité, Système (with the backups of the
// embedded database) and Identité (what the documents print). Field names are the specification's
// (section 3, "Settings (held locally)"); defaults are its section 4, options its section 9.
// Written by section in settings/ and exported here as one module.
export * from './settings/identity';
export * from './settings/security';
export * from './settings/system';
