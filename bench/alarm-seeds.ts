// Bulk alarms for the benchmarks, written in SQL as the database owner: 500,000 alarms of one
// company over 20 sites, one every 5 seconds (about 29 days), each with its 'created' timeline
// entry. As in a real control room, few are open: 1 in 50 active, 1 in 50 acknowledged, the rest
// resolved. Severities and types rotate.

/** Same shape as seeds.ts's SqlSeed. */
export interface AlarmSeed {
  id: string;
  sql: (companyId: string) => string;
}

const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;

export const alarms500k: AlarmSeed = {
  id: 'alarms-500k',
  sql: (companyId) => `
    insert into sites (company_id, name, address)
    select ${lit(companyId)}::uuid, 'Site alarmes ' || lpad(i::text, 2, '0'), i || ' avenue des Alarmes, Lyon'
      from generate_series(1, 20) i;
    insert into alarms (company_id, site_id, type, severity, status, title, description, location, triggered_by,
                        source, triggered_at, acknowledged_at, acknowledged_by, resolved_at, resolved_by, resolution_note)
    select ${lit(companyId)}::uuid, s.ids[1 + i % 20],
           (array['intrusion', 'fire', 'access_denied', 'camera_offline', 'panic', 'technical'])[1 + i % 6],
           (array['low', 'medium', 'high', 'critical'])[1 + (i * 7) % 4],
           case when i % 50 = 0 then 'active' when i % 50 = 1 then 'acknowledged' else 'resolved' end,
           'Alarme ' || i, 'Détecteur ' || (i % 97) || ' déclenché', 'Zone ' || (i % 13), 'Centrale ' || (i % 5),
           'device', now() - make_interval(secs => i * 5),
           case when i % 50 <> 0 then now() - make_interval(secs => i * 5 - 60) end,
           case when i % 50 <> 0 then 'Opérateur' end,
           case when i % 50 > 1 then now() - make_interval(secs => i * 5 - 600) end,
           case when i % 50 > 1 then 'Opérateur' end,
           case when i % 50 > 1 then 'Levée de doute effectuée' end
      from generate_series(1, 500000) i,
           (select array_agg(id order by name) as ids from sites
             where company_id = ${lit(companyId)}::uuid and name like 'Site alarmes %') s;
    insert into alarm_events (company_id, alarm_id, kind, author_name, created_at)
    select company_id, id, 'created', 'Centrale', triggered_at from alarms where company_id = ${lit(companyId)}::uuid`,
};

/**
 * Issue 18: 500,000 alarms spread over every site of the company (the 2,000 of `sitesAndCameras`,
 * which must run first), one every 5 seconds (about 29 days), each with its 'created' timeline
 * entry. Same statuses, severities and types as `alarms500k`. One alarm in 5,000 reads « Bris de
 * vitrine » (100 in all: the rare word); every one reads « Détecteur … déclenché » (the common word).
 */
export const alarmsOnEverySite: AlarmSeed = {
  id: 'alarms-500k-every-site',
  sql: (companyId) => `
    insert into alarms (company_id, site_id, type, severity, status, title, description, location, triggered_by,
                        source, triggered_at, acknowledged_at, acknowledged_by, resolved_at, resolved_by, resolution_note)
    select ${lit(companyId)}::uuid, s.ids[1 + i % s.n],
           (array['intrusion', 'fire', 'access_denied', 'camera_offline', 'panic', 'technical'])[1 + i % 6],
           (array['low', 'medium', 'high', 'critical'])[1 + (i * 7) % 4],
           case when i % 50 = 0 then 'active' when i % 50 = 1 then 'acknowledged' else 'resolved' end,
           'Alarme ' || i,
           case when i % 5000 = 17 then 'Bris de vitrine, détecteur ' || (i % 97) || ' déclenché'
                else 'Détecteur ' || (i % 97) || ' déclenché' end,
           'Zone ' || (i % 13), 'Centrale ' || (i % 5),
           'device', now() - make_interval(secs => i * 5),
           case when i % 50 <> 0 then now() - make_interval(secs => i * 5 - 60) end,
           case when i % 50 <> 0 then 'Opérateur' end,
           case when i % 50 > 1 then now() - make_interval(secs => i * 5 - 600) end,
           case when i % 50 > 1 then 'Opérateur' end,
           case when i % 50 > 1 then 'Levée de doute effectuée' end
      from generate_series(1, 500000) i,
           (select array_agg(id order by name, id) as ids, count(*)::int as n from sites
             where company_id = ${lit(companyId)}::uuid) s;
    insert into alarm_events (company_id, alarm_id, kind, author_name, created_at)
    select company_id, id, 'created', 'Centrale', triggered_at from alarms where company_id = ${lit(companyId)}::uuid`,
};

/**
 * Issue 30: a big company's 50,000 alarms over 5 sites, one every 30 seconds (about 17 days), each
 * with its 'created' timeline entry; a quarter hold « portail » (one in 8 at « Portail nord », one in 8
 * « près du portail livraisons »), spread through time as a busy site's gate alarms are; one in 5,000
 * reads « Bris de vitrine » (10 in all: the rare word). Statuses, severities and types as `alarms500k`.
 */
export const alarms50kPortail: AlarmSeed = {
  id: 'alarms-50k-portail',
  sql: (companyId) => `
    insert into sites (company_id, name, address)
    select ${lit(companyId)}::uuid, 'Entrepôt ' || i, i || ' rue des Docks, Gennevilliers'
      from generate_series(1, 5) i;
    insert into alarms (company_id, site_id, type, severity, status, title, description, location, triggered_by,
                        source, triggered_at, acknowledged_at, acknowledged_by, resolved_at, resolved_by, resolution_note)
    select ${lit(companyId)}::uuid, s.ids[1 + i % 5],
           (array['intrusion', 'fire', 'access_denied', 'camera_offline', 'panic', 'technical'])[1 + i % 6],
           (array['low', 'medium', 'high', 'critical'])[1 + (i * 7) % 4],
           case when i % 50 = 0 then 'active' when i % 50 = 1 then 'acknowledged' else 'resolved' end,
           case when i % 5000 = 3 then 'Bris de vitrine' else 'Intrusion détectée' end,
           case when i % 8 = 4 then 'Mouvement près du portail livraisons' else 'Détecteur ' || (i % 97) || ' déclenché' end,
           case when i % 8 = 0 then 'Portail nord' else 'Zone ' || (i % 13) end,
           'Centrale ' || (i % 5),
           'device', now() - make_interval(secs => i * 30),
           case when i % 50 <> 0 then now() - make_interval(secs => i * 30 - 60) end,
           case when i % 50 <> 0 then 'Opérateur' end,
           case when i % 50 > 1 then now() - make_interval(secs => i * 30 - 600) end,
           case when i % 50 > 1 then 'Opérateur' end,
           case when i % 50 > 1 then 'Levée de doute effectuée' end
      from generate_series(1, 50000) i,
           (select array_agg(id order by name) as ids from sites
             where company_id = ${lit(companyId)}::uuid and name like 'Entrepôt %') s;
    insert into alarm_events (company_id, alarm_id, kind, author_name, created_at)
    select company_id, id, 'created', 'Centrale', triggered_at from alarms where company_id = ${lit(companyId)}::uuid`,
};
