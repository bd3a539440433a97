// Resources of the sweeps for the alarm's file of checks (issue 34): the public verification of a
// printed file by its fingerprint, the entry an amendment corrects, and the recording a video entry
// names. The file's own routes live under `/api/alarms/:id/…` (the alarm kind).
import { randomBytes } from 'node:crypto';
import type { Kind } from './kind';
import { coreKinds } from './resources-core';

const coreKind = (name: string) => {
  const kind = coreKinds.find((k) => k.name === name);
  if (!kind) throw new Error(`the ${name} kind is needed by the alarm file kinds`);
  return kind;
};

export const alarmFileKinds: Kind[] = [
  {
    // Open to anyone by design: a well-formed fingerprint of no file is what every probe meets (404).
    name: 'alarm file fingerprint',
    prefix: '/api/alarm-files/verification/:fingerprint',
    paths: ['/api/alarm-files/verification/:fingerprint'],
    refFields: [],
    create: async () => randomBytes(32).toString('hex'),
  },
  {
    // A note in the file of the company's alarm: what an amendment names.
    name: 'alarm file entry',
    prefix: '/api/alarm-files/entries',
    paths: [],
    refFields: ['amendsEntryId'],
    create: async (f) => {
      const alarmId = await f.id(coreKind('alarm'));
      const res = await f.app.inject({
        method: 'POST',
        url: `/api/alarms/${alarmId}/file/entries`,
        headers: f.tenant.auth,
        payload: { kind: 'note', text: `Note ${randomBytes(4).toString('hex')}` },
      });
      const entries = (res.json() as { entries?: { id: string }[] }).entries;
      const id = entries?.at(-1)?.id;
      if (!id) throw new Error(`alarm file entry for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
  {
    // A camera recording, as the cameras' own kind creates one (`recordingId` of a video entry).
    name: 'camera recording (alarm file)',
    prefix: '/api/alarm-files/recordings',
    paths: [],
    refFields: ['recordingId'],
    create: async (f) => f.id(coreKind('camera recording')),
  },
];
