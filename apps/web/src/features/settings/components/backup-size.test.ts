import { describe, expect, it } from 'vitest';
import { formatBytes } from './backup-size';

describe('backup sizes in French units', () => {
  it('uses bytes below 1 KB and a decimal comma above', () => {
    expect(formatBytes(0)).toBe('0 o');
    expect(formatBytes(812)).toBe('812 o');
    expect(formatBytes(46_387)).toBe('45,3 Ko');
    expect(formatBytes(13_421_773)).toBe('12,8 Mo');
    expect(formatBytes(1_288_490_189)).toBe('1,2 Go');
  });
});
