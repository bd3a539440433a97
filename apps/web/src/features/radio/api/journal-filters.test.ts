import { describe, expect, it } from 'vitest';
import { journalFiltersOf } from './get-communication-journal';

describe('journalFiltersOf', () => {
  it('reads the channel and the emergencies filter from the address', () => {
    const id = '0b8f3c3e-6a39-4c59-9d3e-2f4f0a1b2c3d';
    expect(journalFiltersOf(new URLSearchParams(`channel=${id}&emergency=true`))).toEqual({
      channelId: id,
      emergency: true,
    });
    expect(journalFiltersOf(new URLSearchParams(''))).toEqual({});
  });

  it('drops what a hand-edited address holds that is no filter, instead of asking the server a 422', () => {
    expect(journalFiltersOf(new URLSearchParams('channel=pas-un-id&emergency=oui'))).toEqual({});
  });
});
