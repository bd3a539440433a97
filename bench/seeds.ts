// Bulk datasets for the benchmarks, written in SQL as the database owner. A scenario names the
// seed it needs; the runner applies each one once, then VACUUM ANALYZE.
import { bulkSitesAndCameras } from '../apps/server/src/db/seeds/bulk';

export interface SqlSeed {
  /** Applied once per run, whichever scenarios name it. */
  id: string;
  /** Owner SQL (may hold several statements) for the seeded company. */
  sql: (companyId: string) => string;
}

/** One company with 2,000 sites and 10 cameras each (apps/server/src/db/seeds/bulk.ts). */
export const sitesAndCameras: SqlSeed = { id: 'sites-cameras-20k', sql: bulkSitesAndCameras };

const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * Issue 18, beside the 2,000 sites, 20,000 cameras and 500,000 alarms: 500 agents, 200 access
 * points and 2,000 badges on 20 sites with 1,000,000 access log lines over 80 days (as
 * bench/access.ts), 200,000 radio communications, one site's main courante of 100,000 entries
 * (numbered, chained with stand-in hashes), 200,000 audit entries; and 50 ordinary companies of
 * 10 sites, 50 cameras, 1,000 alarms and 1,000 audit entries each. All `generate_series` as the owner.
 */
export const bigCompanyRest: SqlSeed = {
  id: 'big-company-rest',
  sql: (companyId) => {
    const c = `${lit(companyId)}::uuid`;
    return `
    insert into agents (company_id, name, badge, phone, email, speciality, level, hire_date)
    select ${c}, (array['Hélène','Marc','Sofia','Karim','Léa','Jules','Inès','Hugo'])[1 + i % 8] || ' Agent ' || i,
           'AG' || lpad(i::text, 4, '0'), '06 12 34 56 78', 'agent' || i || '@exemple.fr',
           'Sécurité', (array['junior','senior','expert'])[1 + i % 3], date '2020-01-01' + i
      from generate_series(1, 500) i;
    insert into access_points (company_id, site_id, name, kind)
    select ${c}, s.id, 'Porte ' || g, 'porte'
      from (select id from sites where company_id = ${c} order by name, id limit 20) s, generate_series(1, 10) g;
    insert into badges (company_id, number, type, holder_name, department, nfc_uid)
    select ${c}, 'B' || lpad(i::text, 5, '0'), case when i % 4 = 0 then 'nfc' else 'qrcode' end,
           (array['Hélène','Marc','Sofia','Karim','Léa','Jules','Inès','Hugo'])[1 + i % 8] || ' ' ||
           (array['Dupré','Martin','Benali','Petit','Moreau','Lefèvre','Garnier','Roux'])[1 + (i / 8) % 8] || ' ' || i,
           (array['Sécurité','Logistique','Accueil','Maintenance'])[1 + i % 4],
           case when i % 4 = 0 then lpad(to_hex(i), 8, '0') end
      from generate_series(1, 2000) i;
    with p as (select id, name, site_id, row_number() over (order by id) - 1 as k
                 from access_points where company_id = ${c}),
         b as (select id, number, holder_name, department, type, row_number() over (order by id) - 1 as k
                 from badges where company_id = ${c})
    insert into access_logs (company_id, at, point_id, point_name, site_id, site_name, badge_id, badge_number,
                             person_name, department, access_type, status, reason)
    select ${c}, now() - (i * interval '6.9 seconds'), p.id, p.name, p.site_id, 'Site', b.id, b.number,
           b.holder_name, b.department, b.type,
           case when i % 10 = 0 then 'Refusé' else 'Autorisé' end,
           case when i % 10 = 0 then 'hors plage horaire' end
      from generate_series(1, 1000000) i
      join p on p.k = i % 200
      join b on b.k = i % 2000;
    insert into radio_communications (company_id, channel_name, from_name, source, at, duration_ms, transcript,
                                      transcript_status, emergency_detected, created_at)
    select ${c}, 'Canal ' || (i % 20), 'Agent ' || (i % 500), 'device', now() - make_interval(secs => i * 12),
           3000 + i % 5000, 'Ronde effectuée, RAS secteur ' || (i % 40), 'done', i % 1000 = 0,
           now() - make_interval(secs => i * 12)
      from generate_series(1, 200000) i;
    insert into logbook_entries (company_id, id, site_id, site_name, number, occurred_at, category, text,
                                 author_name, prev_hash, hash, created_at, source)
    select ${c}, gen_random_uuid(), s.id, s.name, i, now() - make_interval(secs => (100001 - i) * 60),
           (array['ronde','passage','consigne','appel'])[1 + i % 4], 'Ronde ' || i || ' : rien à signaler',
           'Agent ' || (i % 500), md5((i - 1)::text), md5(i::text), now() - make_interval(secs => (100001 - i) * 60), 'user'
      from (select id, name from sites where company_id = ${c} order by name, id limit 1) s,
           generate_series(1, 100000) i;
    insert into logbook_counters (company_id, site_id, last, last_hash)
    select ${c}, id, 100000, md5('100000') from sites where company_id = ${c} order by name, id limit 1;
    insert into audit_log (company_id, actor_user_id, action, entity, entity_id, details, created_at)
    select ${c}, null, (array['create','update','delete'])[1 + i % 3], (array['site','camera','alarm','user'])[1 + i % 4],
           gen_random_uuid()::text, jsonb_build_object('n', i), now() - make_interval(secs => i * 10)
      from generate_series(1, 200000) i;
    insert into companies (name, email, subscription)
    select 'Entreprise ordinaire ' || k, 'contact' || k || '@ordinaire.fr', 'pro' from generate_series(1, 50) k;
    insert into sites (company_id, name, address)
    select co.id, 'Site ' || g, g || ' rue Ordinaire, Lyon'
      from companies co, generate_series(1, 10) g where co.name like 'Entreprise ordinaire %';
    insert into cameras (company_id, site_id, name, location, type, resolution, ip_address, rtsp_url, status)
    select s.company_id, s.id, 'CAM-' || g, 'Hall', 'fixed', '1080p', '10.9.9.' || g, 'rtsp://10.9.9.' || g || ':554/s', 'En ligne'
      from sites s join companies co on co.id = s.company_id and co.name like 'Entreprise ordinaire %',
           generate_series(1, 5) g;
    insert into alarms (company_id, site_id, type, severity, status, title, description, location, triggered_by,
                        source, triggered_at, resolved_at)
    select s.company_id, s.id, 'intrusion', 'medium', case when g % 50 = 0 then 'active' else 'resolved' end,
           'Alarme ' || g, 'Détecteur déclenché', 'Zone 1', 'Centrale', 'device', now() - make_interval(mins => g),
           case when g % 50 <> 0 then now() - make_interval(mins => g) + interval '5 minutes' end
      from sites s join companies co on co.id = s.company_id and co.name like 'Entreprise ordinaire %',
           generate_series(1, 100) g;
    insert into audit_log (company_id, action, entity, entity_id, created_at)
    select co.id, 'update', 'site', g::text, now() - make_interval(mins => g)
      from companies co, generate_series(1, 1000) g where co.name like 'Entreprise ordinaire %'`;
  },
};
