CREATE TABLE "agent_location_consents" (
	"company_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"consented" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "agent_location_consents_company_id_agent_id_pk" PRIMARY KEY("company_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "intervention_steps" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"intervention_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"agent_id" uuid,
	"actor_user_id" uuid,
	"actor_name" text,
	"at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_m" double precision,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "intervention_steps_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "interventions" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"alarm_id" uuid,
	"site_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"severity" text NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"refusal_reason" text,
	"asked_agent_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"accept_seconds" integer NOT NULL,
	"arrive_minutes" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"accept_due_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"arrive_due_at" timestamp with time zone,
	"arrive_warned_at" timestamp with time zone,
	"arrive_alerted_at" timestamp with time zone,
	"en_route_at" timestamp with time zone,
	"on_site_at" timestamp with time zone,
	"on_site_by" text,
	"ended_at" timestamp with time zone,
	"report" text,
	"logbook_entry_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interventions_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "interventions_state_check" CHECK ("interventions"."state" in ('proposed', 'accepted', 'refused', 'en_route', 'on_site', 'done', 'cancelled')),
	CONSTRAINT "interventions_severity_check" CHECK ("interventions"."severity" in ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "interventions_on_site_by_check" CHECK ("interventions"."on_site_by" in ('geofence', 'checkpoint')),
	CONSTRAINT "interventions_accept_seconds_check" CHECK ("interventions"."accept_seconds" between 10 and 3600),
	CONSTRAINT "interventions_arrive_minutes_check" CHECK ("interventions"."arrive_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "agent_positions" DROP CONSTRAINT "agent_positions_kind_check";--> statement-breakpoint
ALTER TABLE "agent_location_consents" ADD CONSTRAINT "agent_location_consents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_location_consents" ADD CONSTRAINT "agent_location_consents_agent_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."agents"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_steps" ADD CONSTRAINT "intervention_steps_intervention_fk" FOREIGN KEY ("company_id","intervention_id") REFERENCES "public"."interventions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_agent_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."agents"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intervention_steps_intervention_idx" ON "intervention_steps" USING btree ("company_id","intervention_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "interventions_running_agent_key" ON "interventions" USING btree ("company_id","agent_id") WHERE state in ('proposed', 'accepted', 'en_route', 'on_site');--> statement-breakpoint
CREATE INDEX "interventions_company_created_idx" ON "interventions" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "interventions_company_alarm_idx" ON "interventions" USING btree ("company_id","alarm_id");--> statement-breakpoint
CREATE INDEX "interventions_accept_due_idx" ON "interventions" USING btree ("accept_due_at") WHERE state = 'proposed';--> statement-breakpoint
CREATE INDEX "interventions_arrive_due_idx" ON "interventions" USING btree ("arrive_due_at") WHERE state in ('accepted', 'en_route') and arrive_alerted_at is null;--> statement-breakpoint
CREATE INDEX "shifts_in_progress_idx" ON "shifts" USING btree ("company_id","agent_id") WHERE status = 'En cours';--> statement-breakpoint
ALTER TABLE "agent_positions" ADD CONSTRAINT "agent_positions_kind_check" CHECK ("agent_positions"."kind" in ('clock_in', 'clock_out', 'lone_worker', 'sos', 'duty'));--> statement-breakpoint
ALTER TABLE interventions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE interventions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON interventions USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE intervention_steps ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE intervention_steps FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON intervention_steps USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE agent_location_consents ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE agent_location_consents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON agent_location_consents USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
SELECT vigie_watch_changes('interventions');--> statement-breakpoint
SELECT vigie_watch_changes('intervention_steps');--> statement-breakpoint
SELECT vigie_watch_changes('agent_location_consents');--> statement-breakpoint
-- The interventions' clock, across companies (the pass runs outside any tenant): proposals not
-- accepted in time ('accept'), and agents not on site in time ('arrive': the warning at the target,
-- the alert at 1.5 times it).
CREATE OR REPLACE FUNCTION interventions_due(p_now timestamptz)
  RETURNS TABLE (company_id uuid, intervention_id uuid, kind text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT d.company_id, d.id, d.kind FROM (
      SELECT i.company_id, i.id, 'accept' AS kind, i.accept_due_at AS due FROM interventions i
       WHERE i.state = 'proposed' AND i.accept_due_at <= p_now
      UNION ALL
      SELECT i.company_id, i.id, 'arrive', i.arrive_due_at FROM interventions i
       WHERE i.state IN ('accepted', 'en_route') AND i.arrive_alerted_at IS NULL AND i.arrive_due_at <= p_now
         AND (i.arrive_warned_at IS NULL
              OR i.accepted_at + make_interval(secs => i.arrive_minutes * 90) <= p_now)
    ) d
    ORDER BY d.due
    LIMIT 1000
  $$;--> statement-breakpoint
-- Retention: the positions stamped on the interventions' steps go after the company's position
-- retention (2 months by default, the CNIL's figure), like agent_positions; the steps stay (the
-- proof of service) without the place.
CREATE OR REPLACE FUNCTION intervention_positions_purge(p_now timestamptz)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH gone AS (
      UPDATE intervention_steps st SET latitude = NULL, longitude = NULL, accuracy_m = NULL
        FROM companies c
       WHERE c.id = st.company_id AND st.latitude IS NOT NULL
         AND st.at < p_now - make_interval(days => c.position_retention_days)
      RETURNING st.company_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION interventions_due(timestamptz) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION intervention_positions_purge(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION interventions_due(timestamptz) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION intervention_positions_purge(timestamptz) TO vigie_app;--> statement-breakpoint
-- The audit journal's French names (packages/contract/src/audit-labels.ts, copied as in migration
-- 0044) with the interventions' and the location consent's actions.
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
      ('retention.panel_signals_purged', 'Purge du journal des centrales d''alarme'),
      ('camera.still_captured', 'Capture d''écran de caméra'),
      ('camera.clip_started', 'Enregistrement vidéo démarré'),
      ('camera.clip_stopped', 'Enregistrement vidéo arrêté'),
      ('camera_recording.downloaded', 'Vidéo téléchargée'),
      ('camera_recording.hold_placed', 'Vidéo placée sous conservation judiciaire'),
      ('camera_recording.hold_lifted', 'Conservation judiciaire de la vidéo levée'),
      ('retention.camera_recordings_purged', 'Purge des vidéos des caméras'),
      ('intervention.proposed', 'Intervention proposée'),
      ('intervention.accepted', 'Intervention acceptée'),
      ('intervention.refused', 'Intervention refusée'),
      ('intervention.en_route', 'Agent en route'),
      ('intervention.on_site', 'Agent sur place'),
      ('intervention.done', 'Intervention terminée'),
      ('intervention.cancelled', 'Intervention annulée'),
      ('intervention.reassigned', 'Intervention proposée à un autre agent'),
      ('intervention.late', 'Retard d''arrivée sur place'),
      ('location_consent.given', 'Consentement à la localisation donné'),
      ('location_consent.withdrawn', 'Consentement à la localisation retiré')
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
      ('camera_recording', 'Vidéo de caméra'),
      ('company', 'Société'),
      ('demo', 'Données de démonstration'),
      ('integration_key', 'Clé d''intégration'),
      ('intervention', 'Intervention'),
      ('lone_worker_alert', 'Alerte travailleur isolé'),
      ('lone_worker_session', 'Protection travailleur isolé'),
      ('location_consent', 'Consentement à la localisation'),
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
