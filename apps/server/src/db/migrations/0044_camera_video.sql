CREATE TABLE "camera_recording_chunks" (
	"company_id" uuid NOT NULL,
	"recording_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "camera_recording_chunks_company_id_recording_id_seq_pk" PRIMARY KEY("company_id","recording_id","seq")
);
--> statement-breakpoint
CREATE TABLE "camera_recordings" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"camera_id" uuid NOT NULL,
	"camera_name" text NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"alarm_id" uuid,
	"requested_by" uuid,
	"content_type" text NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"legal_hold" boolean DEFAULT false NOT NULL,
	"hold_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camera_recordings_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "camera_recordings_kind_check" CHECK ("camera_recordings"."kind" in ('still', 'clip')),
	CONSTRAINT "camera_recordings_state_check" CHECK ("camera_recordings"."state" in ('recording', 'ready', 'failed')),
	CONSTRAINT "camera_recordings_hold_check" CHECK (not "camera_recordings"."legal_hold" or "camera_recordings"."hold_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "onvif_url" text;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "live_transcode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "pre_alarm_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "camera_recording_chunks" ADD CONSTRAINT "camera_recording_chunks_recording_fk" FOREIGN KEY ("company_id","recording_id") REFERENCES "public"."camera_recordings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_recordings" ADD CONSTRAINT "camera_recordings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camera_recordings_camera_idx" ON "camera_recordings" USING btree ("company_id","camera_id","started_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "camera_recordings_alarm_key" ON "camera_recordings" USING btree ("company_id","alarm_id","camera_id") WHERE trigger = 'alarm';--> statement-breakpoint
CREATE INDEX "camera_recordings_started_idx" ON "camera_recordings" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_pre_alarm_check" CHECK ("cameras"."pre_alarm_seconds" between 0 and 30);
--> statement-breakpoint
ALTER TABLE camera_recordings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE camera_recordings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON camera_recordings USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE camera_recording_chunks ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE camera_recording_chunks FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON camera_recording_chunks USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- Video is kept 30 days at most (Code de la sécurité intérieure L252-5), unless under legal hold;
-- a recording still being written is left alone. As the other purges (db/batched-purge.ts).
CREATE OR REPLACE FUNCTION camera_recordings_purge(p_before timestamptz, p_batch integer)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH doomed AS (
      SELECT r.company_id, r.id FROM camera_recordings r
       WHERE r.started_at < p_before AND NOT r.legal_hold AND r.state <> 'recording'
       ORDER BY r.started_at
       LIMIT p_batch
    ), gone AS (
      DELETE FROM camera_recordings r USING doomed d WHERE r.company_id = d.company_id AND r.id = d.id
      RETURNING r.company_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION camera_recordings_purge(timestamptz, integer) TO vigie_app;--> statement-breakpoint
-- Cameras that keep a pre-alarm buffer (their stream held open by every instance, so that an
-- alarm's clip starts some seconds before it): online ones with a stream address, across companies.
CREATE OR REPLACE FUNCTION camera_pre_alarm_candidates()
  RETURNS TABLE (company_id uuid, camera_id uuid, pre_alarm_seconds integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT c.company_id, c.id, c.pre_alarm_seconds FROM cameras c
     WHERE c.pre_alarm_seconds > 0 AND c.status = 'En ligne' AND c.rtsp_url IS NOT NULL
     ORDER BY c.company_id, c.id
     LIMIT 1000
  $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION camera_pre_alarm_candidates() TO vigie_app;--> statement-breakpoint
-- The audit journal's French names (packages/contract/src/audit-labels.ts, copied as in migration
-- 0043) with the cameras' video actions: « Capture d'écran de caméra », « Vidéo de caméra »…
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
      ('retention.camera_recordings_purged', 'Purge des vidéos des caméras')
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
