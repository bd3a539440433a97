// Emergency detection: the keyword tables of each category, the routine compounds that hide an
// alarming word, and their index by first token. Phrases are written normalised (no accents,
// elisions split) and inflections are spelt out: matching is exact on whole tokens, with no
// stemming to surprise anyone.
import { type Context, type KeywordRule, list, rule, weighted } from './emergency-rules';

const AGRESSION_RULES = weighted('agression', [
  [
    0.9,
    `agression, agressions, rixe, rixes, roue de coups, menace de mort, menaces de mort, menacent de mort,
     tabasse, tabassee, tabasses, tabasser, tabassent, lynche, lyncher`,
  ],
  [
    0.85,
    `agresse, agressee, agresses, agressees, agresser, agressent, agresseur, agresseurs, etrangle, etranglee,
     etrangler, violenter, bagarre, bagarres, baston, se battent, se bat, se battre, coup de poing,
     coups de poing, coup de pied, coups de pied, coup de tete, coups de tete, coup de boule, tape dessus,
     tapent dessus, caillasse, caillasser, caillassent, jets de pierres, jet de pierres, passe a tabac,
     passent a tabac, passer a tabac, rouer de coups, rouent de coups, coup de genou, coups de genou,
     coup de coude, coups de coude, en vient aux mains, en viennent aux mains, saute dessus, sautent dessus,
     attaque, attaquee, attaques, attaquer, attaquent`,
  ],
  [
    0.75,
    `frappe, frappee, frappes, frappees, frapper, frappent, pris a partie, prise a partie, altercation, gifle,
     giflee, gifler, me tape, cogne, cognent, cogner, s en prend a, s en prennent a, pousse par terre,
     poussent par terre, plaque contre, plaque au sol, moleste, molester, mis une droite, mettre une droite,
     met une droite, mis une claque, lance des bouteilles, lancent des bouteilles, jettent des pierres,
     lancent des pierres, projectiles, m ecraser, l ecraser, violence, violences, violemment, fonce sur moi,
     fonce sur nous, foncer sur, agrippe, agrippee, a la gorge, crache au visage, cracher au visage`,
  ],
  [
    0.6,
    `des coups, attrape par le col, crache dessus, casse tout, cassent tout, mordu, mordue, menace, menacee,
     menaces, menacer, menacent, menacant, violent, violente, violents, violentes, me pousse, me pousser,
     m a pousse, le pousse, la pousse`,
  ],
  [
    0.45,
    'agressif, agressive, agressifs, agressives, bouscule, bousculee, bousculent, bousculer, embrouille',
  ],
  [0.3, 'insulte, insultent, insultes'],
]);

const ARME_RULES = weighted('arme', [
  [
    1,
    `arme a feu, armes a feu, arme blanche, armes blanches, arme longue, arme de poing, coup de feu,
     coups de feu, coup de couteau, coups de couteau, fusillade, prise d otage, prise d otages, poignarde,
     poignardee, poignarder, kalachnikov, fait feu, ont fait feu, par balle, par balles`,
  ],
  [
    0.95,
    `revolver, flingue, flingues, pistolet, pistolets, braquage, braquages, braque, braquent, braqueur,
     braqueurs, tire sur, tirer sur, tirent sur, a tire, ont tire, machette, machettes, sabre, otage, otages,
     poing americain`,
  ],
  [
    0.9,
    `fusil, fusils, fusil de chasse, carabine, calibre, tirs, taser, bombe lacrymogene, lacrymogene, gazeuse`,
  ],
  [0.8, 'bouteille cassee, tesson, tessons, objet tranchant'],
  [0.75, 'detonation, detonations, nous gaze'],
  [0.6, 'tir'],
]);

/** Someone holding something: "il a un couteau", "il sort un cutter", "armé d'une hache". */
const WIELDING: Context = {
  words: list(`a, sorti, sort, sortir, sortent, brandit, brandi, brandissant, agite, agitant, tient, tenant,
               menace, menaces, menacee, menacer, menacent, menacant, arme, armee, equipe, attaque, porte,
               porteur, possession`),
  side: 'before',
  window: 3,
  weight: 0.95,
};
/** Objects that are tools as much as weapons: a threat only when someone wields them. */
const WEAPON_OBJECTS = list(`couteau, couteaux, cutter, lame, hache, batte, batte de baseball, barre de fer,
                             matraque, marteau, tournevis, seringue, ciseaux, cran d arret`);
/** Held in hand: "un couteau à la main", "un cutter dans la main". */
const IN_HAND = list('a la main, dans la main, dans les mains, en main');
/** "armé" is also what a guard says of an alarm system: "le site est armé", "bâtiment B armé". */
const ALARM_SETTING: Context = {
  words: list('alarme, alarmes, site, batiment, bat, zone, secteur, systeme, centrale, detection'),
  side: 'before',
  window: 3,
  weight: 0,
};

const ARME_CONTEXT_RULES: KeywordRule[] = [
  ...WEAPON_OBJECTS.map((object) => rule('arme', object, 0.45, WIELDING)),
  ...WEAPON_OBJECTS.flatMap((object) => IN_HAND.map((hand) => rule('arme', `${object} ${hand}`, 0.95))),
  ...list('arme, armes, armee, armees').map((word) => rule('arme', word, 0.85, ALARM_SETTING)),
];

const INCENDIE_RULES = weighted('incendie', [
  [
    1,
    `il y a le feu, y a le feu, au feu, depart de feu, departs de feu, depart d incendie, pris feu, prend feu,
     prennent feu, en flammes, mis le feu, met le feu, degagement de fumee`,
  ],
  [0.95, 'incendie, incendies, en feu, explosion'],
  [0.85, 'flamme, flammes, flammeches, brule, brulent, bruler, crame, cramer, crament, flambe, flambent'],
  [0.8, 'enfume, enfumee, enfumes, enfumees'],
  [0.7, 'feu, feux, odeur de brule, odeur de fumee, sent le brule, sent le crame, appelez les pompiers'],
  [0.6, 'ca fume, braises'],
  [0.35, 'pompiers, pompier, evacuation, evacuer, etincelles, court circuit'],
]);

/** Smoke with a harmless source named next to it: a barbecue, a cigarette, steam. */
const BENIGN_SMOKE: Context = {
  words: list('barbecue, cigarette, cigarettes, clope, chicha, vapeur, fumigene, brouillard, encens'),
  side: 'around',
  window: 4,
  weight: 0,
};

const INCENDIE_CONTEXT_RULES: KeywordRule[] = list('fumee, fumees').map((word) =>
  rule('incendie', word, 0.8, BENIGN_SMOKE),
);

const BLESSE_RULES = weighted('blesse', [
  [
    1,
    `arret cardiaque, attaque cardiaque, arret cardio respiratoire, arret respiratoire, massage cardiaque, ne respire plus,
     respire plus, ne respire pas, respire pas, perdu connaissance, sans connaissance, detresse respiratoire,
     hemorragie, electrocute, electrocutee, fracture ouverte`,
  ],
  [
    0.95,
    `inconscient, inconsciente, inanime, inanimee, evanoui, evanouie, overdose, crise d epilepsie, convulse,
     convulsions, personne au sol, homme a terre, femme a terre, avc, ne reagit pas, ne reagit plus,
     s effondrer, s effondre, s est effondre, s est effondree, du mal a respirer, mal a respirer,
     n arrive plus a respirer, s etouffe, etouffe, sans reaction`,
  ],
  [
    0.85,
    `malaise, malaises, blesse, blessee, blesses, blessees, saigne, saignent, saignement, blessure, blessures,
     samu, pls, renverse par, renversee par, choc electrique, intoxication, intoxique, intoxiquee, fracture,
     douleurs a la poitrine, douleur a la poitrine, douleurs thoraciques, ne bouge plus, respire mal,
     accident de travail, crise cardiaque, appelez le 15, allonge au sol, allongee au sol, allonge par terre,
     allongee par terre, en sang, garrot, s est brule, s est brulee, brulure, brulures, main coupee,
     doigt coupe, gravement brule, gravement brulee, reaction allergique, choc anaphylactique,
     s evanouir, mauvaise chute, s est fait ecraser`,
  ],
  [
    0.7,
    `fait une chute, a chute, plaie, hypoglycemie, s est blesse, s est blessee, s est coupe, s est coupee,
     s est cogne, s est cognee, s est fait mal, s est tordu, s est tordue, est sonne, est sonnee, coince sous,
     coincee sous, bras coince, main coincee, jambe coincee, ne peut plus marcher, ne peut plus se lever,
     du sang, tombe dessus, tombee dessus, ouvert la main, ouvert la tete, ouvert le crane, ouvert l arcade,
     ouvert la jambe, ouvert le genou, fait une crise, faire une crise, se sent mal, ne peut pas se relever,
     ne peut plus se relever, n arrive pas a se relever`,
  ],
  [0.6, 'douleur, douleurs, sang'],
  [0.45, 'au sol, a terre, ecrase, ecrasee, accident, en tombant, vomit, se plaint de, ne bouge pas'],
  [0.4, 'par terre'],
  [0.4, 'victime, defibrillateur, dsa'],
]);

/** A person as subject: "un homme est tombé" is an injury, "le carton est tombé" is not. */
const PERSON: Context = {
  words:
    list(`il, elle, ils, elles, homme, femme, personne, quelqu, client, cliente, salarie, salariee, agent,
               collegue, enfant, gamin, gamine, dame, monsieur, ouvrier, visiteur, visiteuse, chauffeur,
               livreur, individu, victime, pieton, cariste, bebe, fille, garcon, binome`),
  side: 'before',
  window: 4,
  weight: 0.75,
};

const BLESSE_CONTEXT_RULES: KeywordRule[] = list(
  'est tombe, est tombee, sont tombes, sont tombees, tomber',
).map((phrase) => rule('blesse', phrase, 0.25, PERSON));

const INTRUSION_RULES = weighted('intrusion', [
  [
    0.95,
    `intrusion, intrusions, effraction, par effraction, cambriolage, cambriolages, cambrioleur, cambrioleurs,
     cambriole, cambriolent, vol en cours, vols en cours, s introduit, s introduisent, s est introduit,
     s est introduite, se sont introduits, penetre, a penetre, ont penetre, penetrer`,
  ],
  [
    0.85,
    `intrus, intruse, intruses, voleur, voleurs, voleuse, escalade, escaladent, escalader, enjambe, enjambent,
     enjamber, tentative d intrusion, tentative d effraction, non autorise, non autorisee, non autorises,
     non autorisees, squatteur, squatteurs, squattent, en train de voler, siphonner, siphonnent, siphonne,
     surpris quelqu un, passe par la fenetre, intrusion confirmee, alarme intrusion confirmee, de force`,
  ],
  [
    0.7,
    `cagoule, cagoules, cagoulee, cagoulees, rode, rodent, roder, voler, volent, vole, volee, decoupe,
     decoupee, decoupes, decoupent, decouper, fracturee, fracturees, ont force, franchit,
     franchi, franchissent, franchir, du monde dedans, des gens dedans, quelqu un dedans, encore dedans,
     encore a l interieur, s est cache, s est cachee, se cache, se cachent, en train de fouiller,
     tente d ouvrir, tentent d ouvrir, essaie d ouvrir, essaient d ouvrir, tente d entrer, tentent d entrer,
     essaie d entrer, essaient d entrer, essaie de rentrer, essaient de rentrer`,
  ],
  [0.7, 'tentative de vol'],
  [0.6, 'sur le toit, par le toit, sans autorisation'],
  [0.6, 'est cache, est cachee, sont caches'],
  [0.5, 'une ombre, silhouette, silhouettes, a disparu, ont disparu'],
  [0.45, 'il y a quelqu un, sont entres, sont entrees, dans l enceinte, en fuite, s enfuit, s enfuient'],
  [0.4, 'sans badge, inconnu, inconnus, encore la, alors que tout est ferme, apres la fermeture'],
  [0.3, 'a l interieur'],
]);

/** "vol" is theft only while it happens: "vol en cours", "un vol est en train de…", not "le vol de 18h". */
const THEFT_IN_PROGRESS: Context = {
  words: list('cours, train, flagrant'),
  side: 'around',
  window: 4,
  weight: 0.85,
};
/** Openings that get forced, broken or jumped over. */
const OPENINGS =
  list(`porte, portes, serrure, casier, casiers, grille, barriere, rideau, fenetre, fenetres, vitre,
                       vitres, vitrine, carreau, cadenas, coffre, distributeur, portail, cloture, mur, grillage,
                       palissade`);
const nearOpening = (weight: number, window = 3): Context => ({
  words: OPENINGS,
  side: 'around',
  window,
  weight,
});
/** Animals are the usual cause of intrusion alarms at night: "un chat s'est introduit dans le local". */
const ANIMAL_CAUSE: Context = {
  words:
    list(`chat, chats, chien, chiens, renard, renards, oiseau, oiseaux, pigeon, pigeons, rat, rats, souris,
               sanglier, sangliers, animal, animaux, chevreuil, fouine`),
  side: 'before',
  window: 2,
  weight: 0,
};

const INTRUSION_CONTEXT_RULES: KeywordRule[] = [
  ...list('vol, vols').map((word) => rule('intrusion', word, 0, THEFT_IN_PROGRESS)),
  ...list('force, forcee, forces, forcees, forcer, forcent, forcant').map((word) =>
    rule('intrusion', word, 0, nearOpening(0.8, 4)),
  ),
  ...list('saute, sautent, sauter, par dessus, perce, percee, percent').map((word) =>
    rule('intrusion', word, 0, nearOpening(0.8)),
  ),
  // A broken window alone may be old damage ("réparer la vitre cassée"): it needs another cue.
  ...list('casse, cassee, cassees, brise, brisee, brisees').map((word) =>
    rule('intrusion', word, 0, nearOpening(0.45, 4)),
  ),
];

const APPEL_AIDE_RULES = weighted('appel_aide', [
  [1, 'au secours, a l aide, mayday, sos, appel de detresse'],
  [
    0.9,
    `aidez moi, aide moi, aidez nous, venez m aider, venez nous aider, besoin d aide, en danger,
     urgence absolue, assistance immediate, demande assistance, appel d urgence, a moi`,
  ],
  [
    0.8,
    `besoin de renfort, besoin de renforts, besoin renfort, besoin renforts, demande de renfort,
     demande de renforts, demande renfort, demande renforts, renfort immediat, renforts immediats,
     envoyez du renfort, envoyez des renforts, venez vite, venez tout de suite, situation critique, detresse,
     en difficulte, help, urgence, envoyez du monde, envoyez moi du monde, envoyez quelqu un,
     envoyez moi quelqu un, envoie quelqu un, envoyer quelqu un, besoin de monde, besoin de vous,
     besoin de tout le monde, ca degenere, rejoignez moi, venez me chercher, m en sors pas, m en sors plus,
     arrive plus a gerer, gere plus, envoyez moi de l aide, envoyez de l aide, il me faut de l aide,
     besoin de soutien, soutien immediat`,
  ],
  [
    0.7,
    'besoin de quelqu un, venez tous, c est la catastrophe, part en vrille, envoyez tout le monde, besoin de bras',
  ],
  [0.6, 'debordes, deborde, debordee, c est le chaos, encerclent, m encercler, nous encercler'],
  [0.6, 'urgent, urgente, c est urgent, c est grave, encercle, encerclee, pti, dati'],
  [0.5, 'ne repond plus, c est chaud'],
  [0.45, 'renfort, renforts, ne repond pas'],
  [0.35, 'venez, je suis seul'],
  // "j'ai besoin d'aide pour décharger le camion" is a request, not a call for help.
  [0.4, 'besoin d aide pour'],
  [0.3, 'vite, tout de suite, immediatement'],
]);

/** "secours" alone is a shout; "de secours", "les secours", "mode secours" name equipment or services. */
const EQUIPMENT_OF: Context = {
  words: list('de, des, les, le, du, en, mode, premiers, aux'),
  side: 'before',
  window: 1,
  weight: 0,
};

const APPEL_AIDE_CONTEXT_RULES: KeywordRule[] = [rule('appel_aide', 'secours', 0.6, EQUIPMENT_OF)];

/**
 * Routine compounds that contain an alarming word. Being longer, they win over the word they contain
 * ("porte coupe feu" hides "feu"), and being neutral they add nothing.
 */
const NEUTRAL_COMPOUNDS: KeywordRule[] = list(`
  feu rouge, feux rouges, feu vert, feux verts, feu orange, feu tricolore, feux tricolores,
  feu de signalisation, feux de signalisation, coupe feu, pare feu, feu d artifice, feux d artifice,
  permis feu, permis de feu, alarme feu,
  securite incendie, exercice incendie, consigne incendie, consignes incendie, porte incendie,
  portes incendie, alarme incendie, alarmes incendie, detection incendie, detecteur incendie,
  detecteurs incendie, centrale incendie, registre incendie, plan incendie, risque incendie,
  risques incendie, service incendie, bouche incendie, bouches incendie, borne incendie, bornes incendie,
  poteau incendie, poteaux incendie,
  detecteur de fumee, detecteurs de fumee, detecteur fumee, detecteurs fumee, extracteur de fumee,
  machine a fumee, acces pompiers, acces pompier, voie pompiers,
  issue de secours, issues de secours, sortie de secours, sorties de secours, porte de secours,
  escalier de secours, eclairage de secours, poste de secours, centre de secours, premiers secours,
  trousse de secours,
  sortie d urgence, sorties d urgence, issue d urgence, arret d urgence, bouton d urgence,
  numero d urgence, numeros d urgence, eclairage d urgence, cas d urgence,
  alarme intrusion, alarmes intrusion, detection intrusion, detecteur intrusion, centrale intrusion,
  anti intrusion, mur d escalade,
  frappe a la porte, frapper a la porte, frappent a la porte, frappe a la vitre, frappe a la fenetre,
  pistolet a colle, pistolet a peinture, pistolet a eau, pistolet de distribution, fait tomber,
  c est a moi, a moi de
`).map((phrase) => rule(null, phrase, 0));

const ALL_RULES: KeywordRule[] = [
  ...AGRESSION_RULES,
  ...ARME_RULES,
  ...ARME_CONTEXT_RULES,
  ...INCENDIE_RULES,
  ...INCENDIE_CONTEXT_RULES,
  ...BLESSE_RULES,
  ...BLESSE_CONTEXT_RULES,
  // Intrusion rules without a context of their own are dropped when an animal is the subject.
  ...INTRUSION_RULES.map((r) => ({ ...r, context: ANIMAL_CAUSE })),
  ...INTRUSION_CONTEXT_RULES,
  ...APPEL_AIDE_RULES,
  ...APPEL_AIDE_CONTEXT_RULES,
  ...NEUTRAL_COMPOUNDS,
];

/** Rules indexed by their first token, so matching a clause only tries plausible rules. */
export const RULES_BY_FIRST_TOKEN = new Map<string, KeywordRule[]>();
for (const r of ALL_RULES) {
  const first = r.tokens[0] ?? '';
  RULES_BY_FIRST_TOKEN.set(first, [...(RULES_BY_FIRST_TOKEN.get(first) ?? []), r]);
}
