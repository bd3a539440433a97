import { describe, expect, it } from 'vitest';
import { ApiError, isMaintenanceError, restrictionOf } from './api-errors';
import { clearMaintenance, getMaintenance, isMaintenanceDetail, reportMaintenance } from './maintenance';

const maintenance =
  'Vigie est en maintenance : seuls les administrateurs peuvent se connecter pour le moment. Réessayez plus tard.';

describe('maintenance answers', () => {
  it('recognises the 503 of maintenance mode, not other unavailability', () => {
    expect(isMaintenanceDetail(503, maintenance)).toBe(true);
    expect(isMaintenanceDetail(503, 'Service momentanément indisponible')).toBe(false);
    expect(isMaintenanceDetail(500, maintenance)).toBe(false);
    expect(isMaintenanceError(new ApiError(503, maintenance, maintenance))).toBe(true);
    expect(isMaintenanceError(new Error(maintenance))).toBe(false);
  });

  it('keeps the server text until it is cleared', () => {
    reportMaintenance(maintenance);
    expect(getMaintenance()).toBe(maintenance);
    clearMaintenance();
    expect(getMaintenance()).toBeNull();
  });
});

describe('restricted sessions', () => {
  it("reads the restriction from a 403's French detail", () => {
    expect(restrictionOf(403, 'Votre mot de passe a expiré : choisissez-en un nouveau pour continuer')).toBe(
      'password_expired',
    );
    expect(
      restrictionOf(
        403,
        'Votre société exige la double authentification : activez-la dans Paramètres pour continuer',
      ),
    ).toBe('two_factor_setup');
    expect(restrictionOf(403, 'Accès réservé aux administrateurs')).toBeNull();
    expect(restrictionOf(409, 'Votre mot de passe a expiré')).toBeNull();
  });
});
