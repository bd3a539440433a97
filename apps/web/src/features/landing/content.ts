// All marketing content of the landing page, static on purpose: it is the vendor's copy, not data.
// Edit texts, figures, testimonials and prices here only.
import { PRODUCT_NAME, supportPhone, vendorPhones, vendorWebsite } from '../../lib/vendor';

export type FeatureIcon = 'camera' | 'siren' | 'key' | 'file' | 'calendar';

export const brand = {
  name: PRODUCT_NAME,
  tagline: 'Sécurité privée & sécurité incendie',
  phone: supportPhone,
};

export const hero = {
  eyebrow: 'Plateforme tout-en-un pour les sociétés de sécurité',
  title: 'Pilotez votre sécurité privée et incendie depuis un seul écran',
  subtitle:
    'De la gestion globale aux opérations terrain : sites, caméras, alarmes, contrôle d’accès, radio POC 4G, rapports et planning de vos agents. Multi-sites, multi-agents, avec un reporting en temps réel.',
  claims: ['Mise en place en 48 h', 'Formation incluse', 'Mises à jour gratuites'],
  primaryCta: 'Démarrer maintenant',
  secondaryCta: 'Se connecter',
};

export const stats = [
  { value: '1000+', label: 'sites sécurisés' },
  { value: '5000+', label: 'agents gérés' },
  { value: '99.9%', label: 'disponibilité' },
  { value: '24/7', label: 'Support' },
] as const;

export const features: ReadonlyArray<{
  icon: FeatureIcon;
  title: string;
  description: string;
  points: string[];
}> = [
  {
    icon: 'camera',
    title: 'Caméras',
    description: 'Vidéosurveillance centralisée de vos caméras IP, NVR et DVR.',
    points: [
      'Caméras fixes et PTZ',
      'Vision nocturne et détection de mouvement',
      'Ajout par QR code NVR/DVR',
    ],
  },
  {
    icon: 'siren',
    title: 'Alarmes',
    description: 'Déclenchement, suivi et résolution des alarmes intrusion, incendie et panique.',
    points: ['Niveaux de gravité', 'Affectation aux agents', 'Historique des actions'],
  },
  {
    icon: 'key',
    title: "Contrôle d'accès",
    description: 'Badges QR code et NFC, journal des passages autorisés et refusés.',
    points: ['Badges QR code et NFC', 'Points d’accès par site', 'Journal horodaté'],
  },
  {
    icon: 'file',
    title: 'Rapports',
    description: 'Rapports PDF, Excel et Word, rapports de sécurité signés sur le terrain.',
    points: ['Exports PDF, Excel et Word', 'Signature du responsable', 'Statistiques d’incidents'],
  },
  {
    icon: 'calendar',
    title: 'Planning Agents',
    description: 'Planification des gardes et affectation de vos agents par site.',
    points: ['Gardes jour, nuit et personnalisées', 'Vue semaine', 'Spécialités et certifications'],
  },
];

export const whyChooseUs = {
  title: 'Pourquoi nous choisir',
  points: [
    'Une plateforme unique pour la sécurité privée et la sécurité incendie',
    'Gestion multi-sites et multi-agents',
    'Reporting en temps réel pour vos clients',
    'Radio POC 4G avec détection d’urgence assistée par IA',
    'Mise en place en 48 heures, formation incluse',
    'Mises à jour gratuites et continues',
    'Données hébergées en Europe, conformes au RGPD',
    'Support 24/7 par des experts de la sécurité',
  ],
};

// Illustrative quotes (fictional names, marked as such on the page) until real customers agree to be quoted.
export const testimonials = [
  {
    name: 'Karim Benali',
    company: 'Sécuritas Provence',
    role: 'Directeur des opérations',
    content:
      'Nous avons regroupé nos 120 sites sur une seule plateforme. Nos chefs de poste gagnent un temps précieux chaque nuit.',
    rating: 5,
  },
  {
    name: 'Claire Dubois',
    company: 'Atlantique Protection',
    role: 'Gérante',
    content:
      'Les rapports de sécurité signés sur tablette ont convaincu nos clients. La mise en place a réellement pris deux jours.',
    rating: 5,
  },
  {
    name: 'Thomas Lefèvre',
    company: 'Groupe Vigilance Incendie',
    role: 'Responsable du PC sécurité',
    content:
      'La radio POC 4G et les alertes SOS ont changé notre façon d’intervenir. Le support répond à toute heure.',
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
  title: 'Des tarifs adaptés à votre activité',
  subtitle: 'Sans engagement de durée. Formation et mises à jour incluses.',
  plans: [
    {
      name: 'Starter',
      price: '99 €',
      period: '/mois',
      description: 'Pour les sociétés qui démarrent.',
      features: ["Jusqu'à 10 sites", '50 agents', '100 caméras', 'Rapports basiques', 'Support email'],
      cta: 'Commencer',
    },
    {
      name: 'Professional',
      price: '299 €',
      period: '/mois',
      description: 'Pour les sociétés en croissance.',
      features: [
        '50 sites',
        '500 agents',
        '1000 caméras',
        'Rapports avancés',
        'Support prioritaire',
        'Accès API',
      ],
      cta: 'Commencer',
      popular: true,
    },
    {
      name: 'Enterprise',
      price: 'Sur mesure',
      description: 'Pour les grands comptes et les groupes.',
      features: [
        'Sites, agents et caméras illimités',
        'Rapports personnalisés',
        'Support dédié 24/7',
        'Formation sur site',
        'Intégrations personnalisées',
      ],
      cta: 'Nous contacter',
    },
  ],
};

export const popularLabel = 'Le plus populaire';

export const closingCta = {
  title: 'Prêt à moderniser votre société de sécurité ?',
  subtitle: 'Créez votre espace en quelques minutes et découvrez la plateforme avec vos propres sites.',
  cta: 'Essayer gratuitement',
};

export const footer = {
  description: 'La plateforme de gestion des sociétés de sécurité privée et de sécurité incendie.',
  phones: vendorPhones,
  website: vendorWebsite,
};
