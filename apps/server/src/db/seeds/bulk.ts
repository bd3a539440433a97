// A large tenant for benchmarks and query-plan tests, written in SQL as the database owner
// (generate_series): the API would take minutes for 20,000 cameras and stop at the plan limits.

/** Quotes a value as a SQL literal (the company id comes from our own API, but stay safe). */
const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * One company with 2,000 sites and 10 cameras each (20,000). Names interleave so that a search
 * matches one camera in ten along the `(company_id, name, id)` order, as real data would; one
 * site in ten is inactive, four cameras in five are online. Cameras have an address but no probe
 * target (`probe_host` null) so that the health monitor stays out of the API figures; bench/probe.ts
 * measures it on its own. Used by the benchmarks and by the query-plan tests, which also seed a
 * small company beside the big one with fewer sites (`sites`, 10 cameras each, the same words).
 */
export const bulkSitesAndCameras = (companyId: string, sites = 2000) => `
    insert into sites (company_id, name, address, type, contact_name, contact_phone, contact_email,
                       status, latitude, longitude, created_at, updated_at)
    select ${lit(companyId)}::uuid,
           (array['Résidence', 'Entrepôt', 'Centre commercial', 'Mairie', 'Usine', 'Clinique', 'Lycée', 'Hôtel'])[1 + i % 8]
             || ' ' || lpad(((i * 7919) % 2000)::text, 4, '0'),
           i || ' rue de la République, ' || (array['Lyon', 'Paris', 'Marseille', 'Lille', 'Nantes'])[1 + i % 5],
           (array['commercial', 'industriel', 'residentiel', 'public'])[1 + i % 4],
           'Contact ' || i, '01 23 45 67 89', 'site' || i || '@exemple.fr',
           case when i % 10 = 0 then 'inactive' else 'active' end,
           45 + (i % 100) / 100.0, 4 + (i % 100) / 100.0,
           now() - make_interval(hours => i), now() - make_interval(mins => (i * 37) % 5000)
      from generate_series(1, ${sites}) as i;
    insert into cameras (company_id, site_id, name, location, type, resolution, ip_address, rtsp_url,
                         night_vision, motion_detection, recording, status, last_ping)
    select s.company_id, s.id,
           'CAM-' || lpad(((s.n * 10 + g) * 7919 % 20000)::text, 5, '0'),
           (array['Entrée principale', 'Parking niveau -1', 'Quai de chargement', 'Hall', 'Couloir est',
                  'Toiture', 'Accueil', 'Réserve', 'Portail', 'Escalier B'])[1 + g],
           case when g % 3 = 0 then 'ptz' else 'fixed' end,
           (array['720p', '1080p', '4K'])[1 + g % 3],
           '10.' || (s.n / 250) || '.' || (s.n % 250) || '.' || (10 + g),
           'rtsp://10.' || (s.n / 250) || '.' || (s.n % 250) || '.' || (10 + g) || ':554/stream1',
           g % 2 = 0, true, g % 4 <> 0,
           case when (s.n + g) % 5 = 0 then 'Hors ligne' else 'En ligne' end,
           now() - make_interval(secs => g)
      from (select company_id, id, row_number() over (order by created_at) as n
              from sites where company_id = ${lit(companyId)}::uuid) s,
           generate_series(0, 9) as g;`;
