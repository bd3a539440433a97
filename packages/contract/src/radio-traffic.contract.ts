// Radio traffic: communications (with their audio and the emergency analysis of their transcript),
// radio alerts (SOS and detected emergencies) with the nearest agents on duty, the summary card,
// the API the 4G handsets or their gateway call, and the push-to-talk socket's ticket.
// Written by topic in radio-traffic/ and exported here as one module.
export * from './radio-traffic/alerts';
export * from './radio-traffic/communications';
export * from './radio-traffic/device';
