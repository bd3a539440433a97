// All marketing content of the landing page, static on purpose: it is the vendor's copy, not data.
// Edit texts, figures, testimonials and prices here only.
import { msg } from '../../lib/i18n/i18n';
import { PRODUCT_NAME, supportPhone, vendorPhones, vendorWebsite } from '../../lib/vendor';

export type FeatureIcon = 'camera' | 'siren' | 'key' | 'file' | 'calendar';

export const brand = {
  name: PRODUCT_NAME,
  tagline: msg('Sécurité privée & sécurité incendie'),
  phone: supportPhone,
};

export const hero = {
  eyebrow: msg('Plateforme tout-en-un pour les sociétés de sécurité'),
  title: msg('Pilotez votre sécurité privée et incendie depuis un seul écran'),
  subtitle: msg(
    'De la gestion globale aux opérations terrain : sites, caméras, alarmes, contrôle d’accès, radio POC 4G, rapports et planning de vos agents. Multi-sites, multi-agents, avec un reporting en temps réel.',
  ),
  claims: [msg('Mise en place en 48 h'), msg('Formation incluse'), msg('Mises à jour gratuites')],
  primaryCta: msg('Démarrer maintenant'),
  secondaryCta: msg('Se connecter'),
};

export const stats = [
  { value: '1000+', label: msg('sites sécurisés') },
  { value: '5000+', label: msg('agents gérés') },
  { value: '99.9%', label: msg('disponibilité') },
  { value: '24/7', label: msg('Support') },
] as const;

export const features: ReadonlyArray<{
  icon: FeatureIcon;
  title: string;
  description: string;
  points: string[];
}> = [
  {
    icon: 'camera',
    title: msg('Caméras'),
    description: msg('Vidéosurveillance centralisée de vos caméras IP, NVR et DVR.'),
    points: [
      msg('Caméras fixes et PTZ'),
      msg('Vision nocturne et détection de mouvement'),
      msg('Ajout par QR code NVR/DVR'),
    ],
  },
  {
    icon: 'siren',
    title: msg('Alarmes'),
    description: msg('Déclenchement, suivi et résolution des alarmes intrusion, incendie et panique.'),
    points: [msg('Niveaux de gravité'), msg('Affectation aux agents'), msg('Historique des actions')],
  },
  {
    icon: 'key',
    title: msg("Contrôle d'accès"),
    description: msg('Badges QR code et NFC, journal des passages autorisés et refusés.'),
    points: [msg('Badges QR code et NFC'), msg('Points d’accès par site'), msg('Journal horodaté')],
  },
  {
    icon: 'file',
    title: msg('Rapports'),
    description: msg('Rapports PDF, Excel et Word, rapports de sécurité signés sur le terrain.'),
    points: [
      msg('Exports PDF, Excel et Word'),
      msg('Signature du responsable'),
      msg('Statistiques d’incidents'),
    ],
  },
  {
    icon: 'calendar',
    title: msg('Planning Agents'),
    description: msg('Planification des gardes et affectation de vos agents par site.'),
    points: [
      msg('Gardes jour, nuit et personnalisées'),
      msg('Vue semaine'),
      msg('Spécialités et certifications'),
    ],
  },
];

export const whyChooseUs = {
  title: msg('Pourquoi nous choisir'),
  points: [
    msg('Une plateforme unique pour la sécurité privée et la sécurité incendie'),
    msg('Gestion multi-sites et multi-agents'),
    msg('Reporting en temps réel pour vos clients'),
    msg('Radio POC 4G avec détection d’urgence assistée par IA'),
    msg('Mise en place en 48 heures, formation incluse'),
    msg('Mises à jour gratuites et continues'),
    msg('Données hébergées en Europe, conformes au RGPD'),
    msg('Support 24/7 par des experts de la sécurité'),
  ],
};

// Illustrative quotes (fictional names, marked as such on the page) until real customers agree to be quoted.
export const testimonials = [
  {
    name: 'Karim Benali',
    // i18n: not shown as a message: fictional proper names, the same in every language
    company: 'Sécuritas Provence',
    role: msg('Directeur des opérations'),
    content: msg(
      'Nous avons regroupé nos 120 sites sur une seule plateforme. Nos chefs de poste gagnent un temps précieux chaque nuit.',
    ),
    rating: 5,
  },
  {
    name: 'Claire Dubois',
    company: 'Atlantique Protection',
    role: msg('Gérante'),
    content: msg(
      'Les rapports de sécurité signés sur tablette ont convaincu nos clients. La mise en place a réellement pris deux jours.',
    ),
    rating: 5,
  },
  {
    // i18n: not shown as a message: fictional proper names, the same in every language
    name: 'Thomas Lefèvre',
    company: 'Groupe Vigilance Incendie',
    role: msg('Responsable du PC sécurité'),
    content: msg(
      'La radio POC 4G et les alertes SOS ont changé notre façon d’intervenir. Le support répond à toute heure.',
    ),
    rating: 5,
  },
] as const;

export type PricingPlan = {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: string[];
  cta: string;
  popular?: boolean;
};

export const pricing: { title: string; subtitle: string; plans: PricingPlan[] } = {
  title: msg('Des tarifs adaptés à votre activité'),
  subtitle: msg('Sans engagement de durée. Formation et mises à jour incluses.'),
  plans: [
    {
      name: 'Starter',
      price: '99 €',
      period: msg('/mois'),
      description: msg('Pour les sociétés qui démarrent.'),
      features: [
        msg("Jusqu'à 10 sites"),
        msg('50 agents'),
        msg('100 caméras'),
        msg('Rapports basiques'),
        msg('Support email'),
      ],
      cta: msg('Commencer'),
    },
    {
      name: 'Professional',
      price: '299 €',
      period: msg('/mois'),
      description: msg('Pour les sociétés en croissance.'),
      features: [
        msg('50 sites'),
        msg('500 agents'),
        msg('1000 caméras'),
        msg('Rapports avancés'),
        msg('Support prioritaire'),
        msg('Accès API'),
      ],
      cta: msg('Commencer'),
      popular: true,
    },
    {
      name: 'Enterprise',
      price: msg('Sur mesure'),
      description: msg('Pour les grands comptes et les groupes.'),
      features: [
        msg('Sites, agents et caméras illimités'),
        msg('Rapports personnalisés'),
        msg('Support dédié 24/7'),
        msg('Formation sur site'),
        msg('Intégrations personnalisées'),
      ],
      cta: msg('Nous contacter'),
    },
  ],
};

export const popularLabel = msg('Le plus populaire');

export const closingCta = {
  title: msg('Prêt à moderniser votre société de sécurité ?'),
  subtitle: msg('Créez votre espace en quelques minutes et découvrez la plateforme avec vos propres sites.'),
  cta: msg('Essayer gratuitement'),
};

export const footer = {
  description: msg('La plateforme de gestion des sociétés de sécurité privée et de sécurité incendie.'),
  phones: vendorPhones,
  website: vendorWebsite,
};
