// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@vigie/contract/notifications.contract';
import { describe, expect, it } from 'vitest';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { UnreadNotifications } from './unread-notifications';

cleanupAfterEach();

const licence: Notification = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  kind: 'licence.expiring',
  severity: 'warning',
  title: 'Carte professionnelle bientôt expirée',
  body: 'La carte CNAPS de Karim Haddad expire le 05/12/2026.',
  link: null,
  readAt: null,
  createdAt: '2026-11-21T13:05:00.000Z',
};

const inBell = (unread: number) => (
  <DropdownMenu open>
    <DropdownMenuTrigger>Notifications</DropdownMenuTrigger>
    <DropdownMenuContent>
      <UnreadNotifications timezone="Europe/Paris" unread={unread} />
    </DropdownMenuContent>
  </DropdownMenu>
);

describe('the unread notifications in the bell', () => {
  it("lists each notification with its French date in the user's timezone, and marks one read when opened", async () => {
    const api = stubFetch({
      'GET /api/notifications': () => ({ body: [licence], headers: { 'X-Total-Count': '1' } }),
      [`POST /api/notifications/${licence.id}/read`]: () => ({ status: 204 }),
    });
    renderWithApp(inBell(1));
    expect(await screen.findByText('Carte professionnelle bientôt expirée')).toBeTruthy();
    expect(screen.getByText('Mes notifications · 1')).toBeTruthy();
    expect(screen.getByText('21/11/2026 14:05')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Tout marquer comme lu/ })).toBeTruthy();

    await userEvent.click(screen.getByTestId('user-notification-item'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith(`/${licence.id}/read`))).toBe(true),
    );
  });

  it('says when there is nothing unread', async () => {
    stubFetch({ 'GET /api/notifications': () => ({ body: [], headers: { 'X-Total-Count': '0' } }) });
    renderWithApp(inBell(0));
    expect(await screen.findByText('Aucune notification non lue')).toBeTruthy();
    expect(screen.getByText('Mes notifications')).toBeTruthy();
  });
});
