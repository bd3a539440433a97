// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Camera } from '@vigie/contract/cameras.contract';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach, renderWithApp, signIn, stubFetch } from '../../../test/render';
import { PtzControls } from './ptz-controls';

cleanupAfterEach();

const id = '3c9e1f2a-7b4d-4e8f-9a0b-1c2d3e4f5a6b';
const camera = (over: Partial<Camera> = {}) =>
  ({
    id,
    name: 'Dôme quai',
    type: 'ptz',
    status: 'En ligne',
    onvifUrl: 'http://192.168.1.64/onvif/device_service',
    ...over,
  }) as Camera;

describe('PtzControls (cameras)', () => {
  it('turns the camera and sends it to a preset', async () => {
    signIn({ role: 'operator' });
    const api = stubFetch({
      [`GET /api/cameras/${id}/ptz/presets`]: () => ({
        body: [
          { token: '1', name: 'Entrée' },
          { token: 'Parking_2', name: 'Parking' },
        ],
      }),
      [`POST /api/cameras/${id}/ptz/move`]: () => ({ status: 204 }),
      [`POST /api/cameras/${id}/ptz/presets/Parking_2/goto`]: () => ({ status: 204 }),
    });
    renderWithApp(<PtzControls camera={camera()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tourner à gauche' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: `/api/cameras/${id}/ptz/move`,
        body: { direction: 'left' },
      }),
    );
    await screen.findByRole('option', { name: 'Parking' });
    await userEvent.selectOptions(screen.getByLabelText('Préréglages'), 'Parking_2');
    await userEvent.click(screen.getByRole('button', { name: 'Aller' }));
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain(
        `POST /api/cameras/${id}/ptz/presets/Parking_2/goto`,
      ),
    );
  });

  it("shows the server's French detail when the camera does not answer", async () => {
    signIn({ role: 'operator' });
    const error = vi.spyOn(toast, 'error');
    stubFetch({
      [`GET /api/cameras/${id}/ptz/presets`]: () => ({ body: [] }),
      [`POST /api/cameras/${id}/ptz/move`]: () => ({
        status: 504,
        body: { detail: 'La caméra ne répond pas (ONVIF)', code: 'cameras.ptz_timeout' },
      }),
    });
    renderWithApp(<PtzControls camera={camera()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Zoomer' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Commande PTZ impossible', {
        description: 'La caméra ne répond pas (ONVIF)',
      }),
    );
  });

  it('is disabled, and says why, without an ONVIF address or offline; nothing for a fixed camera', () => {
    signIn({ role: 'operator' });
    const api = stubFetch({});
    const { unmount } = renderWithApp(<PtzControls camera={camera({ onvifUrl: null })} />);
    const controls = screen.getByTestId('ptz-controls') as HTMLFieldSetElement;
    expect(controls.disabled).toBe(true);
    expect(controls.title).toBe('Adresse ONVIF non configurée');
    expect(screen.getByText('Adresse ONVIF non configurée')).toBeTruthy();
    unmount();

    const offline = renderWithApp(<PtzControls camera={camera({ status: 'Hors ligne' })} />);
    expect((screen.getByTestId('ptz-controls') as HTMLFieldSetElement).title).toBe('Caméra hors ligne');
    offline.unmount();

    // The server refuses agents (403): the pad says so first.
    signIn({ role: 'agent' });
    const agent = renderWithApp(<PtzControls camera={camera()} />);
    expect((screen.getByTestId('ptz-controls') as HTMLFieldSetElement).title).toBe(
      'Les agents ne peuvent pas orienter les caméras',
    );
    agent.unmount();

    renderWithApp(<PtzControls camera={camera({ type: 'fixed' })} />);
    expect(screen.queryByTestId('ptz-controls')).toBeNull();
    // No camera was asked for its presets.
    expect(api.calls).toEqual([]);
  });
});
