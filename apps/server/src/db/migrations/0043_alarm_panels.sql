CREATE TABLE "panel_line_prefixes" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panel_line_prefixes_prefix_check" CHECK ("panel_line_prefixes"."prefix" ~ '^[1-9A-F][0-9A-F]{0,5}$')
);
--> statement-breakpoint
CREATE TABLE "panel_signals" (
	"company_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "panel_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"panel_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transport" text NOT NULL,
	"raw" text NOT NULL,
	"sequence" text,
	"content_hash" text,
	"meaning" text NOT NULL,
	"answer" text NOT NULL,
	"outcome" text NOT NULL,
	"alarm_id" uuid,
	"zone" integer,
	"alarm_type" text,
	CONSTRAINT "panel_signals_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "panels" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"account" text NOT NULL,
	"aes_key" text,
	"supervision_minutes" integer,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"test_until" timestamp with time zone,
	"window_late_seconds" integer DEFAULT 40 NOT NULL,
	"window_early_seconds" integer DEFAULT 20 NOT NULL,
	"last_signal_at" timestamp with time zone,
	"link_state" text DEFAULT 'unknown' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panels_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "panels_account_check" CHECK ("panels"."account" ~ '^[0-9A-F]{3,16}$'),
	CONSTRAINT "panels_supervision_check" CHECK ("panels"."supervision_minutes" is null or "panels"."supervision_minutes" between 1 and 10080),
	CONSTRAINT "panels_window_check" CHECK ("panels"."window_late_seconds" between 1 and 3600 and "panels"."window_early_seconds" between 1 and 3600)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "panel_signal_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_line_prefixes" ADD CONSTRAINT "panel_line_prefixes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_signals" ADD CONSTRAINT "panel_signals_panel_fk" FOREIGN KEY ("company_id","panel_id") REFERENCES "public"."panels"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panels" ADD CONSTRAINT "panels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panels" ADD CONSTRAINT "panels_site_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "panel_line_prefixes_prefix_key" ON "panel_line_prefixes" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "panel_signals_panel_received_idx" ON "panel_signals" USING btree ("company_id","panel_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "panel_signals_received_idx" ON "panel_signals" USING btree ("company_id","received_at");--> statement-breakpoint
CREATE INDEX "panel_signals_resend_idx" ON "panel_signals" USING btree ("company_id","panel_id","sequence","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "panels_company_account_key" ON "panels" USING btree ("company_id","account");--> statement-breakpoint
CREATE INDEX "panels_company_name_idx" ON "panels" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "panels_company_site_idx" ON "panels" USING btree ("company_id","site_id");--> statement-breakpoint
CREATE INDEX "panels_supervised_idx" ON "panels" USING btree ("last_signal_at") WHERE supervision_minutes is not null and link_state <> 'lost';--> statement-breakpoint
ALTER TABLE panel_line_prefixes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE panel_line_prefixes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON panel_line_prefixes USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE panels ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE panels FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON panels USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE panel_signals ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE panel_signals FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON panel_signals USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- Line prefixes are handed out in order (1, 2, … A, B, … in hexadecimal), never 0: a panel's
-- factory setting must not reach a company by chance.
CREATE SEQUENCE IF NOT EXISTS panel_line_prefix_seq START WITH 1;--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE panel_line_prefix_seq TO vigie_app;--> statement-breakpoint
-- A frame arrives without a company: this owner-run look-up turns (line prefix, account) into the
-- panel's company and id, and nothing else; the panel is then read under its company's RLS.
CREATE OR REPLACE FUNCTION panel_resolve(p_prefix text, p_account text)
  RETURNS TABLE (company_id uuid, panel_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT p.company_id, p.id FROM panel_line_prefixes l
      JOIN panels p ON p.company_id = l.company_id AND p.account = p_account
     WHERE l.prefix = p_prefix
  $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION panel_resolve(text, text) TO vigie_app;--> statement-breakpoint
-- The supervision pass runs without a request: the supervised panels, across companies, silent for
-- longer than their interval since their last signal (supervision starts with the first signal),
-- whose link is not already lost. The loss is then written per company under RLS.
CREATE OR REPLACE FUNCTION panel_supervision_candidates(p_now timestamptz)
  RETURNS TABLE (company_id uuid, panel_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT p.company_id, p.id FROM panels p
     WHERE p.supervision_minutes IS NOT NULL AND p.link_state <> 'lost' AND p.last_signal_at IS NOT NULL
       AND p.last_signal_at < p_now - make_interval(mins => p.supervision_minutes)
     ORDER BY p.last_signal_at
     LIMIT 1000
  $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION panel_supervision_candidates(timestamptz) TO vigie_app;--> statement-breakpoint
-- The signal journal's retention, as the access logs' and radio's (db/batched-purge.ts).
CREATE OR REPLACE FUNCTION panel_signals_purge(p_now timestamptz, p_batch integer)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH doomed AS (
      SELECT x.company_id, x.id FROM companies c
       CROSS JOIN LATERAL (
         SELECT s.company_id, s.id FROM panel_signals s
          WHERE s.company_id = c.id AND s.received_at < p_now - make_interval(days => c.panel_signal_retention_days)
          LIMIT p_batch
       ) x
       LIMIT p_batch
    ), gone AS (
      DELETE FROM panel_signals s USING doomed d WHERE s.company_id = d.company_id AND s.id = d.id
      RETURNING s.company_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION panel_signals_purge(timestamptz, integer) TO vigie_app;
--> statement-breakpoint
-- The audit journal's French names (packages/contract/src/audit-labels.ts, copied as in migration
-- 0036) with the panels' actions and objects: « Centrale ajoutée », « Centrale d'alarme »… No entry
-- carries them yet, so no tokens are added for entries already written.
CREATE OR REPLACE FUNCTION audit_action_label(code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT l.label FROM (VALUES
      ('auth.login', 'Connexion'),
      ('auth.password_changed', 'Mot de passe modifié'),
      ('auth.two_factor_enabled', 'Double authentification activée'),
      ('auth.two_factor_disabled', 'Double authentification désactivée'),
      ('company.registered', 'Société inscrite'),
      ('user.created', 'Utilisateur créé'),
      ('user.updated', 'Utilisateur modifié'),
      ('user.deleted', 'Utilisateur supprimé'),
      ('user.profile_updated', 'Profil modifié'),
      ('user.notification_settings_updated', 'Notifications modifiées'),
      ('push_subscription.created', 'Navigateur abonné aux notifications push'),
      ('push_subscription.deleted', 'Navigateur désabonné des notifications push'),
      ('settings.security_updated', 'Sécurité modifiée'),
      ('settings.system_updated', 'Système modifié'),
      ('settings.identity_updated', 'Identité modifiée'),
      ('settings.logo_updated', 'Logo modifié'),
      ('settings.logo_removed', 'Logo retiré'),
      ('settings.backup_created', 'Sauvegarde effectuée'),
      ('settings.backup_downloaded', 'Sauvegarde téléchargée'),
      ('audit.exported', 'Journal d''audit exporté'),
      ('site.created', 'Site créé'),
      ('site.updated', 'Site modifié'),
      ('site.deleted', 'Site supprimé'),
      ('camera.created', 'Caméra ajoutée'),
      ('camera.updated', 'Caméra modifiée'),
      ('camera.deleted', 'Caméra supprimée'),
      ('alarm.created', 'Alarme créée'),
      ('badge.card_printed', 'Carte de badge imprimée'),
      ('access_logs.exported', 'Journal des accès exporté'),
      ('access_logs.retention_changed', 'Conservation du journal des accès modifiée'),
      ('agent.created', 'Agent ajouté'),
      ('agent.updated', 'Agent modifié'),
      ('agent.deleted', 'Agent supprimé'),
      ('agent.photo_updated', 'Photo d''agent modifiée'),
      ('shift.created', 'Garde ajoutée'),
      ('planning.payroll_exported', 'Export de paie'),
      ('integration_key.created', 'Clé d''intégration créée'),
      ('integration_key.revoked', 'Clé d''intégration révoquée'),
      ('radio.retention_changed', 'Conservation des enregistrements radio modifiée'),
      ('radio_communication.audio_played', 'Enregistrement radio écouté'),
      ('retention.access_logs_purged', 'Purge du journal des accès'),
      ('retention.agent_positions_purged', 'Purge des positions des agents'),
      ('retention.radio_recordings_purged', 'Purge des enregistrements radio'),
      ('retention.lone_worker_purged', 'Purge des positions de protection du travailleur isolé'),
      ('alarm.acknowledged', 'Alarme acquittée'),
      ('alarm.commented', 'Alarme commentée'),
      ('alarm.updated', 'Alarme modifiée'),
      ('alarm.escalated', 'Alarme escaladée'),
      ('alarm.resolved', 'Alarme résolue'),
      ('badge.created', 'Badge créé'),
      ('badge.updated', 'Badge modifié'),
      ('badge.deleted', 'Badge supprimé'),
      ('badge.suspended', 'Badge suspendu'),
      ('badge.reactivated', 'Badge réactivé'),
      ('badge.qr_regenerated', 'QR code de badge régénéré'),
      ('access_point.created', 'Point d''accès ajouté'),
      ('access_point.updated', 'Point d''accès modifié'),
      ('access_point.deleted', 'Point d''accès supprimé'),
      ('shift.updated', 'Garde modifiée'),
      ('shift.deleted', 'Garde supprimée'),
      ('shift.cancelled', 'Garde annulée'),
      ('shift.clock_in', 'Prise de service'),
      ('shift.clock_out', 'Fin de service'),
      ('radio.created', 'Radio ajoutée'),
      ('radio.updated', 'Radio modifiée'),
      ('radio.deleted', 'Radio supprimée'),
      ('radio_alert.emergency', 'Urgence radio détectée'),
      ('radio_channel.created', 'Canal radio créé'),
      ('radio_channel.updated', 'Canal radio modifié'),
      ('radio_channel.deleted', 'Canal radio supprimé'),
      ('radio_channel.members_changed', 'Membres du canal radio modifiés'),
      ('report.requested', 'Rapport demandé'),
      ('report.downloaded', 'Rapport téléchargé'),
      ('report.deleted', 'Rapport supprimé'),
      ('report_schedule.created', 'Envoi programmé de rapport créé'),
      ('report_schedule.deleted', 'Envoi programmé de rapport supprimé'),
      ('reports.purged', 'Purge des rapports'),
      ('security_report.created', 'Rapport de sécurité créé'),
      ('security_report.updated', 'Rapport de sécurité modifié'),
      ('security_report.deleted', 'Rapport de sécurité supprimé'),
      ('security_report.finalized', 'Rapport de sécurité signé'),
      ('security_report.exported', 'Rapport de sécurité exporté'),
      ('tour.created', 'Ronde créée'),
      ('tour.updated', 'Ronde modifiée'),
      ('tour.deleted', 'Ronde supprimée'),
      ('tour.labels_printed', 'Étiquettes de ronde imprimées'),
      ('tour.label_regenerated', 'Étiquette de ronde régénérée'),
      ('round.created', 'Passage de ronde planifié'),
      ('lone_worker.started', 'Protection travailleur isolé activée'),
      ('lone_worker.stopped', 'Protection travailleur isolé désactivée'),
      ('lone_worker.ended', 'Protection travailleur isolé terminée'),
      ('lone_worker_alert.raised', 'Alerte travailleur isolé'),
      ('lone_worker_alert.acknowledged', 'Alerte travailleur isolé acquittée'),
      ('demo.step_seeded', 'Données de démonstration créées'),
      ('panel.created', 'Centrale ajoutée'),
      ('panel.updated', 'Centrale modifiée'),
      ('panel.deleted', 'Centrale supprimée'),
      ('retention.panel_signals_purged', 'Purge du journal des centrales d''alarme')
    ) l(code, label) WHERE l.code = $1
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_entity_label(code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT l.label FROM (VALUES
      ('access_log', 'Journal des accès'),
      ('access_point', 'Point d''accès'),
      ('agent', 'Agent'),
      ('agent_position', 'Positions des agents'),
      ('alarm', 'Alarme'),
      ('audit_log', 'Journal d''audit'),
      ('backup', 'Sauvegarde'),
      ('badge', 'Badge'),
      ('camera', 'Caméra'),
      ('company', 'Société'),
      ('demo', 'Données de démonstration'),
      ('integration_key', 'Clé d''intégration'),
      ('lone_worker_alert', 'Alerte travailleur isolé'),
      ('lone_worker_session', 'Protection travailleur isolé'),
      ('panel', 'Centrale d''alarme'),
      ('panel_signal', 'Journal des centrales d''alarme'),
      ('planning', 'Planning'),
      ('push_subscription', 'Abonnement aux notifications push'),
      ('radio', 'Radio'),
      ('radio_alert', 'Alerte radio'),
      ('radio_channel', 'Canal radio'),
      ('radio_communication', 'Communication radio'),
      ('report', 'Rapport'),
      ('report_schedule', 'Rapport planifié'),
      ('security_report', 'Rapport de sécurité'),
      ('session', 'Session'),
      ('shift', 'Garde'),
      ('site', 'Site'),
      ('tour', 'Ronde'),
      ('tour_checkpoint', 'Point de contrôle'),
      ('tour_round', 'Passage de ronde'),
      ('user', 'Utilisateur')
    ) l(code, label) WHERE l.code = $1
  $$;
