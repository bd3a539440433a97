import { AppError, forbidden, notFound } from '../../plugins/errors';

export const mapErrors = {
  forbidden: () =>
    forbidden(
      'map.forbidden',
      'La carte du centre de contrôle est réservée aux opérateurs et aux administrateurs',
    ),
  noTiles: () =>
    notFound('map.no_tiles', "Aucun fond de carte détaillé n'est configuré sur ce serveur (MAP_TILES_FILE)"),
  badRange: () =>
    new AppError(416, 'map.range_not_satisfiable', 'La plage demandée est en dehors du fond de carte'),
};
