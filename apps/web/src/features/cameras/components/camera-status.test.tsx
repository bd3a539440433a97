// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { Camera } from '@vigie/contract/cameras.contract';
import { afterEach, describe, expect, it } from 'vitest';
import { CameraStatusBadge, FeatureDots, isOnline } from './camera-status';

afterEach(cleanup);

const camera = (over: Partial<Camera>) =>
  ({ status: 'En ligne', nightVision: true, motionDetection: false, recording: true, ...over }) as Camera;

describe('camera status', () => {
  it("counts 'En ligne' and the prototype's 'online' as online, anything else as offline", () => {
    expect(isOnline({ status: 'En ligne' })).toBe(true);
    expect(isOnline({ status: 'online' as Camera['status'] })).toBe(true);
    expect(isOnline({ status: 'Hors ligne' })).toBe(false);
  });

  it('shows the state in French and names each feature for screen readers', () => {
    render(
      <>
        <CameraStatusBadge camera={camera({ status: 'Hors ligne' })} />
        <FeatureDots camera={camera({})} />
      </>,
    );
    expect(screen.getByTestId('camera-status').textContent).toBe('Hors ligne');
    expect(screen.getByText('Vision nocturne : oui')).toBeTruthy();
    expect(screen.getByText('Détection de mouvement : non')).toBeTruthy();
  });
});
