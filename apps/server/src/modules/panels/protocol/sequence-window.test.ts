import { describe, expect, it } from 'vitest';
import { frameContentHash, SequenceWindow } from './sequence-window';

const panel = '0#1234';

describe('SequenceWindow', () => {
  it('processes 9995, 9996, 9995 again, 9997 once each', () => {
    const window = new SequenceWindow();
    const verdicts = ['9995', '9996', '9995', '9997'].map((seq) =>
      window.check(panel, seq, `content ${seq}`),
    );
    expect(verdicts).toEqual(['new', 'new', 'duplicate', 'new']);
  });

  it('wraps from 9999 to 0001', () => {
    const window = new SequenceWindow();
    const verdicts = [9998, 9999, 1, 2].map((seq) => window.check(panel, seq, `content ${seq}`));
    expect(verdicts).toEqual(['new', 'new', 'new', 'new']);
    expect(window.check(panel, '0001', 'content 1')).toBe('duplicate');
  });

  it('takes a known sequence with other content as new (a panel that restarted its count)', () => {
    const window = new SequenceWindow();
    expect(window.check(panel, 5, 'burglary')).toBe('new');
    expect(window.check(panel, 5, 'restore')).toBe('new');
  });

  it('keeps panels apart', () => {
    const window = new SequenceWindow();
    expect(window.check('0#1234', 7, 'x')).toBe('new');
    expect(window.check('1#1234', 7, 'x')).toBe('new');
    expect(window.check('0#1234', 7, 'x')).toBe('duplicate');
  });

  it('forgets after the time to live, and bounds its memory', () => {
    const window = new SequenceWindow({ ttlMs: 1000, perPanel: 2, maxPanels: 2 });
    expect(window.check(panel, 1, 'a', 0)).toBe('new');
    expect(window.check(panel, 1, 'a', 500)).toBe('duplicate');
    expect(window.check(panel, 1, 'a', 1600)).toBe('new');
    window.check(panel, 2, 'b', 1600);
    window.check(panel, 3, 'c', 1600);
    expect(window.check(panel, 1, 'a', 1600)).toBe('new');
    window.check('other-1', 1, 'a', 1600);
    window.check('other-2', 1, 'a', 1600);
    expect(window.size).toBe(2);
    window.forget('other-2');
    expect(window.size).toBe(1);
  });

  it('hashes a frame’s content without its timestamp', () => {
    const frame = { id: 'SIA-DCS', data: '#1234|NBA01', extended: [{ id: 'A', value: 'Hall' }] };
    expect(frameContentHash(frame)).toBe(frameContentHash({ ...frame }));
    expect(frameContentHash(frame)).not.toBe(frameContentHash({ ...frame, data: '#1234|NBA02' }));
    expect(frameContentHash(frame)).not.toBe(frameContentHash({ ...frame, extended: [] }));
  });
});
