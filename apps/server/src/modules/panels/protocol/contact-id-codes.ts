// Contact ID event codes Vigie understands (code → entry). The qualifier decides the outcome (see
// event-codes.ts): for an alarm code, 1 raises it, 3 restores it, 6 (still present) is journaled;
// for an opening/closing code, 1 is a disarming (« Mise hors service ») and 3 an arming
// (« Mise en service »). Codes from the SIA DC-05 Contact ID list; severities as in sia-codes.ts.
import { alarm, type CodeEntry, logbook } from './event-outcome';

/** An opening/closing code: `label` completes « Mise en service » / « Mise hors service ». */
export type OpenCloseEntry = { openClose: true; suffix: string; param: 'user' | 'zone' | 'area' };

export type ContactIdEntry = CodeEntry | OpenCloseEntry;

const oc = (suffix: string, param: OpenCloseEntry['param'] = 'user'): OpenCloseEntry => ({
  openClose: true,
  suffix,
  param,
});

export const contactIdCodes: Readonly<Record<string, ContactIdEntry>> = {
  // Medical, fire
  '100': alarm('panic', 'critical', 'Urgence médicale'),
  '101': alarm('panic', 'critical', 'Urgence personnelle'),
  '102': alarm('technical', 'medium', 'Absence de rapport'),
  '110': alarm('fire', 'critical', 'Incendie'),
  '111': alarm('fire', 'critical', 'Incendie (fumée)'),
  '112': alarm('fire', 'critical', 'Incendie (combustion)'),
  '113': alarm('fire', 'critical', 'Incendie (débit d’eau)'),
  '114': alarm('fire', 'critical', 'Incendie (chaleur)'),
  '115': alarm('fire', 'critical', 'Incendie (déclencheur manuel)'),
  '116': alarm('fire', 'critical', 'Incendie (détecteur de gaine)'),
  '117': alarm('fire', 'critical', 'Incendie (flamme)'),
  '118': alarm('fire', 'high', 'Pré-alarme incendie'),
  // Panic, duress
  '120': alarm('panic', 'critical', 'Panique'),
  '121': alarm('panic', 'critical', 'Contrainte', 'user'),
  '122': alarm('panic', 'critical', 'Panique silencieuse'),
  '123': alarm('panic', 'critical', 'Panique sonore'),
  '124': alarm('panic', 'critical', 'Contrainte (accès accordé)', 'user'),
  '125': alarm('panic', 'critical', 'Contrainte (sortie accordée)', 'user'),
  // Burglary, tamper
  '130': alarm('intrusion', 'high', 'Intrusion'),
  '131': alarm('intrusion', 'high', 'Intrusion périmétrique'),
  '132': alarm('intrusion', 'high', 'Intrusion intérieure'),
  '133': alarm('intrusion', 'high', 'Intrusion (zone 24 h)'),
  '134': alarm('intrusion', 'high', 'Intrusion (entrée/sortie)'),
  '135': alarm('intrusion', 'high', 'Intrusion (jour/nuit)'),
  '136': alarm('intrusion', 'medium', 'Intrusion extérieure'),
  '137': alarm('intrusion', 'high', 'Autoprotection (sabotage)'),
  '138': alarm('intrusion', 'medium', 'Pré-alarme intrusion'),
  '139': alarm('intrusion', 'critical', 'Intrusion confirmée'),
  '140': alarm('intrusion', 'high', 'Alarme générale'),
  '141': alarm('technical', 'medium', 'Bus de détection ouvert'),
  '142': alarm('technical', 'medium', 'Bus de détection en court-circuit'),
  '143': alarm('technical', 'medium', 'Défaut module d’extension'),
  '144': alarm('intrusion', 'high', 'Autoprotection détecteur'),
  '145': alarm('intrusion', 'medium', 'Autoprotection module d’extension'),
  '146': alarm('intrusion', 'high', 'Intrusion silencieuse'),
  '147': alarm('technical', 'medium', 'Perte de supervision détecteur'),
  // 24-hour non-burglary
  '150': alarm('technical', 'medium', 'Alarme technique 24 h'),
  '151': alarm('fire', 'critical', 'Gaz détecté'),
  '152': alarm('technical', 'medium', 'Alarme réfrigération'),
  '153': alarm('technical', 'medium', 'Perte de chauffage'),
  '154': alarm('technical', 'high', 'Fuite d’eau'),
  '155': alarm('intrusion', 'high', 'Bris de vitre'),
  '156': alarm('technical', 'low', 'Anomalie de jour'),
  '157': alarm('technical', 'low', 'Gaz en bouteille bas'),
  '158': alarm('technical', 'medium', 'Température élevée'),
  '159': alarm('technical', 'medium', 'Température basse'),
  '161': alarm('technical', 'medium', 'Perte de ventilation'),
  '162': alarm('fire', 'critical', 'Monoxyde de carbone'),
  '200': alarm('technical', 'medium', 'Supervision incendie'),
  // System troubles
  '300': alarm('technical', 'medium', 'Défaut système', 'none'),
  '301': alarm('technical', 'medium', 'Coupure secteur', 'none'),
  '302': alarm('technical', 'low', 'Batterie faible', 'none'),
  '305': logbook('Réinitialisation de la centrale'),
  '306': logbook('Programmation modifiée'),
  '308': alarm('technical', 'medium', 'Arrêt du système', 'none'),
  '309': alarm('technical', 'low', 'Échec du test batterie', 'none'),
  '311': alarm('technical', 'medium', 'Batterie absente', 'none'),
  '312': alarm('technical', 'medium', 'Surintensité alimentation', 'none'),
  '320': alarm('technical', 'medium', 'Défaut sirène ou relais', 'none'),
  '321': alarm('technical', 'medium', 'Défaut sirène', 'none'),
  '330': alarm('technical', 'medium', 'Défaut périphérique', 'none'),
  '333': alarm('technical', 'medium', 'Défaut module d’extension', 'none'),
  '350': alarm('technical', 'medium', 'Défaut de transmission', 'none'),
  '351': alarm('technical', 'low', 'Défaut ligne téléphonique 1', 'none'),
  '352': alarm('technical', 'low', 'Défaut ligne téléphonique 2', 'none'),
  '353': alarm('technical', 'medium', 'Défaut émetteur radio', 'none'),
  '354': alarm('technical', 'medium', 'Échec de transmission d’un événement', 'none'),
  '355': alarm('technical', 'medium', 'Perte de supervision radio', 'none'),
  '356': alarm('technical', 'medium', 'Perte d’interrogation', 'none'),
  '370': alarm('technical', 'medium', 'Défaut boucle de protection'),
  '373': alarm('technical', 'medium', 'Défaut boucle incendie'),
  '380': alarm('technical', 'medium', 'Défaut détecteur'),
  '381': alarm('technical', 'medium', 'Perte de supervision détecteur radio'),
  '383': alarm('intrusion', 'high', 'Autoprotection détecteur'),
  '384': alarm('technical', 'low', 'Pile faible détecteur radio'),
  // Openings and closings: the main courante
  '400': oc(''),
  '401': oc(''),
  '402': oc('de groupe'),
  '403': oc('automatique'),
  '407': oc('à distance'),
  '408': oc('rapide'),
  '409': oc('par clé', 'zone'),
  '441': oc('partielle'),
  '442': oc('partielle par clé', 'zone'),
  '406': logbook('Alarme annulée', 'user'),
  // Access
  '421': alarm('access_denied', 'medium', 'Accès refusé', 'door'),
  '422': logbook('Accès autorisé', 'door'),
  '423': alarm('intrusion', 'high', 'Accès forcé', 'door'),
  // Bypasses
  '570': logbook('Exclusion de zone', 'zone'),
  '571': logbook('Exclusion de zone incendie', 'zone'),
  '572': logbook('Exclusion de zone 24 h', 'zone'),
  '573': logbook('Exclusion de zone intrusion', 'zone'),
  // Tests and system events
  '601': logbook('Test manuel', 'user'),
  '602': logbook('Test périodique'),
  '603': logbook('Test radio périodique'),
  '604': logbook('Test incendie', 'user'),
  '607': logbook('Mode test de déambulation', 'user'),
  '608': logbook('Test périodique (anomalie présente)'),
  '625': logbook('Date et heure réinitialisées', 'user'),
  '627': logbook('Entrée en mode programmation'),
  '628': logbook('Sortie du mode programmation'),
};
