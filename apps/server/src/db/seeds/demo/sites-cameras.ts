// Step 1: twenty client sites across France (real cities, plausible addresses and coordinates,
// every site type, one inactive) and about sixty cameras, through the sites and cameras services.
import { createCameraBody } from '@vigie/contract/cameras.contract';
import { createSiteBody } from '@vigie/contract/sites.contract';
import { and, eq } from 'drizzle-orm';
import { createCamera } from '../../../modules/cameras/cameras.service';
import { createSite } from '../../../modules/sites/sites.service';
import { cameras } from '../../schema';
import { DAY_MS, type DemoContext, loadSeeded } from './context';

type SiteSeed = [
  name: string,
  type: 'commercial' | 'industriel' | 'residentiel' | 'public',
  address: string,
  lat: number,
  lng: number,
  contact: string,
  required?: ('SSIAP1' | 'SSIAP2')[],
];

export const DEMO_SITES: SiteSeed[] = [
  [
    'Centre commercial Les Quatre Temps',
    'commercial',
    '15 parvis de la Défense, 92800 Puteaux',
    48.8918,
    2.238,
    'Nathalie Mercier',
    ['SSIAP1'],
  ],
  [
    'Siège Banque Méridia',
    'commercial',
    '42 avenue George V, 75008 Paris',
    48.8697,
    2.3008,
    'Olivier Chevalier',
  ],
  [
    'Plateforme logistique Gennevilliers',
    'industriel',
    '1 route du Môle, 92230 Gennevilliers',
    48.9366,
    2.2947,
    'Patrick Renaud',
  ],
  [
    'Résidence Les Jardins de Vincennes',
    'residentiel',
    '12 rue de Fontenay, 94300 Vincennes',
    48.8476,
    2.4378,
    'Claire Dubois',
  ],
  [
    'Hôtel de ville de Saint-Denis',
    'public',
    '2 place Victor Hugo, 93200 Saint-Denis',
    48.9358,
    2.358,
    'Mourad Haddad',
  ],
  [
    "Tour d'affaires Part-Dieu",
    'commercial',
    '129 rue Servient, 69003 Lyon',
    45.7606,
    4.8576,
    'Isabelle Morel',
  ],
  [
    'Usine chimique de Saint-Fons',
    'industriel',
    '12 avenue des Frères Lumière, 69190 Saint-Fons',
    45.7086,
    4.8533,
    'Bernard Faure',
    ['SSIAP1'],
  ],
  [
    'Terminal portuaire de la Joliette',
    'industriel',
    'Quai de la Joliette, 13002 Marseille',
    43.3046,
    5.3656,
    'Marc Giraud',
  ],
  [
    'Résidence Le Prado',
    'residentiel',
    '250 avenue du Prado, 13008 Marseille',
    43.2722,
    5.3904,
    'Sandrine Blanc',
  ],
  [
    'Site aéronautique de Blagnac',
    'industriel',
    '2 rue Marius Tercé, 31700 Blagnac',
    43.6385,
    1.3717,
    'Philippe Roux',
  ],
  [
    'Médiathèque José Cabanis',
    'public',
    '1 allée Jacques Chaban-Delmas, 31500 Toulouse',
    43.611,
    1.4533,
    'Hélène Garnier',
  ],
  [
    'Galerie marchande Mériadeck',
    'commercial',
    "57 rue du Château d'Eau, 33000 Bordeaux",
    44.8386,
    -0.5836,
    'Laurent Lefèvre',
  ],
  [
    'Clinique Jules Verne',
    'public',
    '2 route de Paris, 44300 Nantes',
    47.2435,
    -1.5205,
    'Docteur Anne Perrin',
    ['SSIAP1'],
  ],
  [
    'Parking Lille-Europe',
    'public',
    '1 boulevard de Turin, 59000 Lille',
    50.6392,
    3.0756,
    'Frédéric Lambert',
  ],
  [
    'Résidence Les Tanneurs',
    'residentiel',
    '8 rue des Tanneurs, 67000 Strasbourg',
    48.5841,
    7.7502,
    'Caroline Muller',
  ],
  [
    'Hôtel Promenade Nice',
    'commercial',
    '37 promenade des Anglais, 06000 Nice',
    43.695,
    7.26,
    'Stéphane Bonnet',
  ],
  [
    'Centre de données Rennes Atalante',
    'industriel',
    '4 rue du Clos Courtel, 35510 Cesson-Sévigné',
    48.1153,
    -1.624,
    'Yann Le Goff',
  ],
  [
    'Campus universitaire Triolet',
    'public',
    '163 rue Auguste Broussonnet, 34090 Montpellier',
    43.6155,
    3.8723,
    'Sophie Martinez',
  ],
  [
    'Résidence Europole',
    'residentiel',
    '5 place Robert Schuman, 38000 Grenoble',
    45.1911,
    5.7145,
    'Julien Fournier',
  ],
  [
    'Entrepôt frigorifique du Grand-Quevilly',
    'industriel',
    '80 boulevard Maritime, 76120 Le Grand-Quevilly',
    49.419,
    1.045,
    'Thierry Lemoine',
  ],
];

/** The inactive one: a contract that ended (the list shows both statuses). */
const INACTIVE = 'Entrepôt frigorifique du Grand-Quevilly';

const LOCATIONS: Record<SiteSeed[1], string[]> = {
  commercial: [
    'Entrée principale',
    'Hall d’accueil',
    'Parking niveau -1',
    'Quai de livraison',
    'Caisse centrale',
    'Issue de secours nord',
  ],
  industriel: [
    'Portail poids lourds',
    'Clôture est',
    'Zone de stockage',
    'Quai de chargement',
    'Local transformateur',
    'Poste de garde',
  ],
  residentiel: ['Hall A', 'Parking souterrain', 'Local vélos', 'Entrée piétons', 'Local poubelles'],
  public: [
    'Accueil du public',
    'Parvis',
    'Couloir administratif',
    'Salle des archives',
    'Parking visiteurs',
    'Entrée du personnel',
  ],
};

export async function seedSitesAndCameras(ctx: DemoContext) {
  const { rng } = ctx;
  const existing = await loadSeeded(ctx);
  const siteIds = new Map(existing.sites.map((s) => [s.name, s.id]));
  const cameraNames = new Set(existing.cameras.map((c) => `${c.siteId}/${c.name}`));
  let port = 8554;
  /** Cameras on a site network this machine cannot reach, with the time they were last seen. */
  const unreachable: { id: string; lastSeen: Date }[] = [];
  for (const [i, [name, type, address, lat, lng, contact, required]] of DEMO_SITES.entries()) {
    let siteId = siteIds.get(name);
    if (!siteId) {
      const site = await createSite(
        ctx.db,
        ctx.auth,
        createSiteBody.parse({
          name,
          type,
          address,
          latitude: lat,
          longitude: lng,
          contactName: contact,
          contactPhone: `+33 ${rng.int(1, 5)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
          contactEmail: `securite.site${i + 1}@clients-demo.fr`,
          status: name === INACTIVE ? 'inactive' : 'active',
          geofenceRadiusM: type === 'industriel' ? 400 : 200,
          requiredQualifications: required ?? [],
        }),
      );
      siteId = site.id;
    }
    // Two cameras a site (four on the large ones): half with an RTSP stream on 127.0.0.1 (online
    // once the demo's simulator listens there, offline without it), the others with an IP address on
    // the site network, out of this machine's reach.
    const count = type === 'industriel' || type === 'commercial' ? 4 : 2;
    const places = LOCATIONS[type];
    for (let c = 0; c < count; c += 1) {
      const location = places[c % places.length] as string;
      const camName = `CAM-${String(i + 1).padStart(2, '0')}-${c + 1} ${location}`;
      if (cameraNames.has(`${siteId}/${camName}`)) continue;
      const withStream = c % 2 === 0;
      port += 1;
      const camera = await createCamera(
        ctx.db,
        ctx.secrets,
        ctx.auth,
        createCameraBody.parse({
          siteId,
          name: camName,
          location,
          type: c === 0 ? 'ptz' : 'fixed',
          resolution: rng.pick(['720p', '1080p', '1080p', '4K'] as const),
          ...(withStream
            ? {
                rtspUrl: `rtsp://127.0.0.1:${port}/stream${c + 1}`,
                streamUsername: 'viewer',
                streamPassword: 'demo-flux',
              }
            : { ipAddress: `192.168.${10 + i}.${20 + c}` }),
          nightVision: rng.chance(0.6),
          motionDetection: rng.chance(0.7),
          recording: rng.chance(0.8),
        }),
      );
      // Last seen 1 to 20 days and a few hours ago (no draw from rng: the rest of the demo stays
      // the same).
      if (!withStream)
        unreachable.push({
          id: camera.id,
          lastSeen: new Date(ctx.now.getTime() - (1 + ((i * 7 + c) % 20)) * DAY_MS - (3 + c) * 3_600_000),
        });
    }
  }
  await markOffline(ctx, unreachable);
}

/**
 * The unreachable cameras start 'Hors ligne', last seen days ago, as the first probe round will find
 * them: only a camera going from 'En ligne' to 'Hors ligne' raises a camera_offline alarm, so that
 * round has nothing new to alarm about (some thirty alarms at once held the embedded database for
 * 18-25 s once). Written here, not left to the column's default, after the cameras service created
 * them (it takes no status: the health monitor owns it).
 */
async function markOffline(ctx: DemoContext, list: { id: string; lastSeen: Date }[]) {
  if (list.length === 0) return;
  const companyId = ctx.auth.companyId;
  await ctx.db.withTenant(companyId, async (tx) => {
    for (const { id, lastSeen } of list)
      await tx
        .update(cameras)
        .set({ status: 'Hors ligne', lastPing: lastSeen })
        .where(and(eq(cameras.companyId, companyId), eq(cameras.id, id)));
  });
}
