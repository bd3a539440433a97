// docs/alarm-receiving.md lists the codes the receiver understands: every code of the tables must
// be there, so that the docs say what the receiver does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contactIdCodes, siaCodes } from './event-codes';

const doc = readFileSync(new URL('../../../../../../docs/alarm-receiving.md', import.meta.url), 'utf8');

describe('docs/alarm-receiving.md', () => {
  it('lists every SIA and Contact ID code of the tables', () => {
    const missing = [...Object.keys(siaCodes), ...Object.keys(contactIdCodes)].filter(
      (code) => !doc.includes(`| \`${code}\` |`),
    );
    expect(missing).toEqual([]);
  });
});
