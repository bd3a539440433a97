ALTER TABLE "alarm_file_entries" DROP CONSTRAINT "alarm_file_entries_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_file_entries_one_signature_key" ON "alarm_file_entries" USING btree ("company_id","alarm_id") WHERE "alarm_file_entries"."kind" = 'signature';--> statement-breakpoint
ALTER TABLE "alarm_file_entries" ADD CONSTRAINT "alarm_file_entries_kind_check" CHECK ("alarm_file_entries"."kind" in ('shown', 'taken', 'video_viewed', 'checklist_step', 'call', 'decision', 'authorities', 'note', 'amendment', 'intervention', 'closed', 'signature'));--> statement-breakpoint
-- Hand-written: the public verification now also names the file's site and alarm, with its times and
-- whether (and when) it was signed, for the page a printed file's QR code opens; still nothing of the
-- entries' content and no person's name. Its result changes shape, hence DROP then CREATE.
DROP FUNCTION IF EXISTS alarm_file_verify(text);--> statement-breakpoint
CREATE FUNCTION alarm_file_verify(p_fingerprint text)
  RETURNS TABLE (company_name text, site_name text, alarm_title text, triggered_at timestamptz,
                 resolved_at timestamptz, number integer, at timestamptz, entries integer,
                 signed_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT coalesce(c.legal_name, c.name), s.name, a.title, a.triggered_at, a.resolved_at, e.number,
           e.created_at,
           (SELECT k.last FROM alarm_file_counters k WHERE k.company_id = e.company_id AND k.alarm_id = e.alarm_id),
           (SELECT g.created_at FROM alarm_file_entries g
             WHERE g.company_id = e.company_id AND g.alarm_id = e.alarm_id AND g.kind = 'signature')
      FROM alarm_file_entries e
      JOIN companies c ON c.id = e.company_id
      JOIN alarms a ON a.company_id = e.company_id AND a.id = e.alarm_id
      LEFT JOIN sites s ON s.company_id = a.company_id AND s.id = a.site_id
     WHERE e.hash = p_fingerprint
     LIMIT 1
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION alarm_file_verify(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION alarm_file_verify(text) TO vigie_app;--> statement-breakpoint
-- The audit journal's names restated with alarm_file.signed (audit-label-words.test.ts).
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
      ('site.instructions_updated', 'Consignes du site modifiées'),
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
      ('location_consent.withdrawn', 'Consentement à la localisation retiré'),
      ('alarm_file.signed', 'Dossier d''alarme signé')
    ) l(code, label) WHERE l.code = $1
  $$;
