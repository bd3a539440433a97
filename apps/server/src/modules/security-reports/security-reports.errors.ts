import { securityReportMessages } from '@vigie/contract/security-reports.contract';
import { AppError, conflict, forbidden, invalid, notFound } from '../../plugins/errors';

export const securityReportErrors = {
  notFound: () => notFound('security_reports.not_found', 'Rapport de sécurité introuvable'),
  siteNotFound: () =>
    invalid(['body', 'siteId'], securityReportMessages.siteRequired, 'security_reports.site'),
  agentNotFound: (i: number) =>
    invalid(['body', 'interventions', i, 'agentId'], 'Agent introuvable', 'security_reports.agent'),
  readOnly: () =>
    forbidden(
      'security_reports.read_only',
      'Seuls les administrateurs et les opérateurs peuvent gérer les rapports de sécurité',
    ),
  final: () =>
    conflict(
      'security_reports.final',
      'Ce rapport est finalisé : son contenu et sa signature ne peuvent plus être modifiés ni supprimés',
    ),
  alreadyFinal: () => conflict('security_reports.already_final', 'Ce rapport est déjà finalisé'),
  signatureRequired: () =>
    conflict(
      'security_reports.signature_required',
      'Signez le rapport avant de le finaliser : la signature du responsable est obligatoire',
    ),
  noSignature: () => notFound('security_reports.no_signature', "Ce rapport n'a pas de signature"),
  noExport: () =>
    notFound('security_reports.no_export', "Ce rapport n'a pas encore été exporté : exportez-le d'abord"),
  tampered: () =>
    new AppError(
      409,
      'security_reports.tampered',
      "Le contenu de ce rapport ne correspond plus à son empreinte : l'export est refusé",
    ),
  signatureBase64: () =>
    invalid(
      ['body', 'responsibleSignature'],
      'La signature doit être une image encodée en base64',
      'security_reports.signature_base64',
    ),
  verificationNotFound: () =>
    notFound('verification.not_found', 'Aucun rapport finalisé ne porte cette empreinte'),
};
