// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDuration, SeverityBadge, StatusBadge } from './alarm-badges';

afterEach(cleanup);

describe('alarm badges and durations', () => {
  it('names severities and statuses in French', () => {
    render(
      <p>
        <SeverityBadge severity="critical" />
        <SeverityBadge severity="high" />
        <StatusBadge status="acknowledged" />
        <StatusBadge status="resolved" />
      </p>,
    );
    expect(screen.getByText('Critique')).toBeTruthy();
    expect(screen.getByText('Important')).toBeTruthy();
    expect(screen.getByText('Acquittée')).toBeTruthy();
    expect(screen.getByText('Résolue')).toBeTruthy();
  });

  it('writes a response time in seconds, minutes or hours', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(252)).toBe('4 min 12 s');
    expect(formatDuration(60)).toBe('1 min 00 s');
    expect(formatDuration(3 * 3600 + 5 * 60 + 9)).toBe('3 h 05 min');
  });
});
