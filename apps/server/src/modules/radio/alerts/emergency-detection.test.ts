import { describe, expect, it } from 'vitest';
import { corpus } from './emergency-detection.corpus.js';
import {
  analyseTranscript,
  EMERGENCY_THRESHOLD,
  type EmergencyCategory,
  emergencyCategories,
  emergencyCategoryLabels,
  normaliseTranscript,
  recommendations,
} from './emergency-detection.js';

const detected = (text: string) => analyseTranscript(text).emergencyDetected;

describe('normaliseTranscript', () => {
  it('lower-cases and strips accents and ligatures', () => {
    expect(normaliseTranscript('FUMÉE ÉPAISSE à l’Accueil')).toEqual([
      'fumee',
      'epaisse',
      'a',
      'l',
      'accueil',
    ]);
    expect(normaliseTranscript('Cœur, ex æquo, garçon')).toEqual(['coeur', 'ex', 'aequo', 'garcon']);
  });

  it('splits elisions, with the straight and the typographic apostrophe', () => {
    expect(normaliseTranscript("à l'aide")).toEqual(['a', 'l', 'aide']);
    expect(normaliseTranscript('à l’aide')).toEqual(['a', 'l', 'aide']);
    expect(normaliseTranscript("j'ai vu qu'il m'agresse")).toEqual([
      'j',
      'ai',
      'vu',
      'qu',
      'il',
      'm',
      'agresse',
    ]);
    expect(normaliseTranscript('il s’est blessé, il n’y a personne d’une autre équipe')).toEqual([
      'il',
      's',
      'est',
      'blesse',
      'il',
      'n',
      'y',
      'a',
      'personne',
      'd',
      'une',
      'autre',
      'equipe',
    ]);
  });

  it('removes punctuation and splits hyphenated words', () => {
    expect(normaliseTranscript('Au feu !!! Au feu... (bâtiment C) ; porte coupe-feu « ouverte »')).toEqual([
      'au',
      'feu',
      'au',
      'feu',
      'batiment',
      'c',
      'porte',
      'coupe',
      'feu',
      'ouverte',
    ]);
  });

  it('collapses letters repeated three times or more, and only those', () => {
    expect(normaliseTranscript('auuuu secouuurs')).toEqual(['au', 'secours']);
    expect(normaliseTranscript('FEUUU')).toEqual(['feu']);
    expect(normaliseTranscript('à l’aiiiide')).toEqual(['a', 'l', 'aide']);
    expect(normaliseTranscript('elle est aidée, la porte est fermée')).toEqual([
      'elle',
      'est',
      'aidee',
      'la',
      'porte',
      'est',
      'fermee',
    ]);
  });

  it('keeps digits', () => {
    expect(normaliseTranscript('Alpha 2, quai 5 à 15h, niveau -2')).toEqual([
      'alpha',
      '2',
      'quai',
      '5',
      'a',
      '15h',
      'niveau',
      '2',
    ]);
  });
});

describe('analyseTranscript — whole-word matching', () => {
  it.each([
    ['alarme is not arme', 'l’alarme du bâtiment C est réarmée'],
    ['alarme is not arme (2)', 'mise en service de l’alarme à 20h'],
    ['armoire is not arme', 'l’armoire électrique est fermée à clé'],
    ['armement is not arme', 'armement du système d’alarme fait à 21h'],
    ['a site being armed is not a weapon', 'le site est armé, je quitte les lieux'],
    ['volet is not vol', 'le volet roulant du quai 2 est bloqué'],
    ['a flight is not a theft', 'le vol de 18h a atterri au terminal 2'],
    ['feu rouge', 'je suis au feu rouge, j’arrive'],
    ['feu vert', 'feu vert de la direction pour ouvrir le parking'],
    ['porte coupe-feu', 'la porte coupe-feu du couloir B reste ouverte'],
    ['feu d’artifice', 'le feu d’artifice commence à 23h'],
    ['issue de secours', 'je vérifie les issues de secours du bâtiment C'],
    ['frapper à la porte', 'le client a frappé à la porte du PC'],
    ['something falling is not someone falling', 'le carton est tombé du rayon'],
    ['a knife handed in at the checkpoint', 'j’ai récupéré un couteau suisse à l’inspection filtrage'],
  ])('%s', (_name, text) => {
    expect(detected(text)).toBe(false);
  });

  it('keeps routine firefighters low', () => {
    expect(analyseTranscript('exercice pompier cet après-midi').score).toBeLessThan(EMERGENCY_THRESHOLD);
    expect(analyseTranscript('les pompiers font leur visite de contrôle').score).toBeLessThan(
      EMERGENCY_THRESHOLD,
    );
  });

  it('still finds the words themselves', () => {
    expect(analyseTranscript('attention il est armé').category).toBe('arme');
    expect(analyseTranscript('vol en cours au parking').category).toBe('intrusion');
    expect(analyseTranscript('au feu, bâtiment C').category).toBe('incendie');
    expect(analyseTranscript('un homme est tombé dans l’escalier').category).toBe('blesse');
    expect(analyseTranscript('il a un couteau').category).toBe('arme');
  });

  it('reads a weapon phrase as a weapon, not as a fire', () => {
    const analysis = analyseTranscript('individu avec une arme à feu dans la galerie');
    expect(analysis.category).toBe('arme');
    expect(analysis.keywords_found).toEqual(['arme a feu']);
  });
});

describe('analyseTranscript — negation and cancellation', () => {
  it.each([
    ['pas de', 'pas de blessé, le véhicule a juste touché le poteau'],
    ['pas d', 'pas d’incendie, c’est le détecteur qui est encrassé'],
    ['bare pas', 'le client n’est pas blessé, juste choqué'],
    ['aucune', 'aucune fumée constatée'],
    ['aucun', 'aucun intrus constaté après la ronde'],
    ['sans', 'individu contrôlé, sans arme, il repart calmement'],
    ['ni', 'ni blessé ni dégât'],
    ['plus de', 'il n’y a plus de fumée dans le local'],
    ['jamais', 'on n’a jamais eu d’intrusion sur ce site'],
    ['rien', 'on a retrouvé la porte ouverte mais rien n’a été volé'],
    ['personne n’', 'personne n’est blessé, les conducteurs font un constat'],
    ['resolved (maîtrisé)', 'l’incendie est maîtrisé, les pompiers repartent'],
    ['resolved (éteint)', 'le feu est éteint'],
    ['fausse alerte', 'l’alarme s’est déclenchée par erreur, fausse alerte'],
    ['fausse alarme', 'fausse alarme intrusion zone 3, c’était un chat'],
    ['exercice', 'exercice : départ de feu simulé au bâtiment B, début de l’évacuation'],
    ['test radio', 'test radio, au secours, est-ce que tu me reçois'],
    ['c’est un test', 'c’est un test, incendie au bâtiment A'],
    ['RAS', 'RAS'],
    ['rien à signaler', 'ronde terminée, rien à signaler'],
  ])('%s cancels the match', (_name, text) => {
    const analysis = analyseTranscript(text);
    expect(analysis.emergencyDetected).toBe(false);
    expect(analysis.category).toBeNull();
    expect(analysis.recommendation).toBe(recommendations.none);
  });

  it('does not cancel a drill that is said not to be one', () => {
    expect(
      analyseTranscript('je confirme un feu réel au bâtiment C, ce n’est pas un exercice').category,
    ).toBe('incendie');
  });

  it('does not carry a negation across a clause', () => {
    expect(analyseTranscript('pas de blessé mais le feu se propage au hangar').category).toBe('incendie');
    expect(analyseTranscript('il n’est pas armé mais il frappe tout le monde').category).toBe('agression');
    expect(analyseTranscript('il ne répond pas, il est inconscient').category).toBe('blesse');
  });

  it('keeps "ne respire plus" an emergency despite the "plus"', () => {
    expect(analyseTranscript('il ne respire plus').category).toBe('blesse');
  });
});

describe('analyseTranscript — output', () => {
  it('detects the reference sentence as an assault with its keywords', () => {
    const analysis = analyseTranscript('Au secours, on m’agresse au portail nord');
    expect(analysis.emergencyDetected).toBe(true);
    expect(analysis.category).toBe('agression');
    expect(analysis.score).toBeGreaterThanOrEqual(EMERGENCY_THRESHOLD);
    expect(analysis.keywords_found).toContain('au secours');
    expect(analysis.keywords_found).toContain('agresse');
    expect(analysis.recommendation).toBe('Envoyer des renforts et prévenir le 17');
  });

  it('reports nothing for routine traffic', () => {
    expect(analyseTranscript('je prends mon poste au portail nord')).toEqual({
      emergencyDetected: false,
      score: 0,
      category: null,
      keywords_found: [],
      recommendation: 'Aucune action requise',
    });
    expect(analyseTranscript('')).toMatchObject({ emergencyDetected: false, score: 0, category: null });
  });

  const examples: Record<EmergencyCategory, string> = {
    agression: 'bagarre au quai de chargement',
    arme: 'il a sorti un pistolet',
    incendie: 'départ de feu dans le local poubelles',
    blesse: 'une cliente fait un malaise à la caisse 3',
    intrusion: 'un individu escalade la clôture',
    appel_aide: 'à l’aide ! à l’aide !',
  };

  it.each(emergencyCategories)('gives a French recommendation for %s', (category) => {
    const analysis = analyseTranscript(examples[category]);
    expect(analysis.category).toBe(category);
    expect(analysis.recommendation).toBe(recommendations[category]);
    expect(analysis.recommendation).not.toBe(recommendations.none);
    expect(emergencyCategoryLabels[category]).toBeTruthy();
  });

  it('recommends calling the right number', () => {
    expect(recommendations.incendie).toContain('18');
    expect(recommendations.blesse).toContain('15');
    expect(recommendations.agression).toContain('17');
    expect(recommendations.arme).toContain('17');
  });

  it('gives the category of the nature of the emergency, not of the call for help', () => {
    expect(analyseTranscript('AU SECOURS ILS ME FRAPPENT').category).toBe('agression');
    expect(analyseTranscript('à l’aide, il a un couteau').category).toBe('arme');
  });

  it('scores more cues higher, capped at 1', () => {
    const one = analyseTranscript('renforts').score;
    const repeated = analyseTranscript('renforts renforts').score;
    expect(repeated).toBeGreaterThan(one);
    expect(analyseTranscript('au secours, incendie, il a un couteau, il saigne, à l’aide').score).toBe(1);
  });

  it('returns a well-formed analysis for every corpus sentence', () => {
    for (const { text } of corpus) {
      const a = analyseTranscript(text);
      expect(a.score).toBeGreaterThanOrEqual(0);
      expect(a.score).toBeLessThanOrEqual(1);
      expect(Math.round(a.score * 100) / 100).toBe(a.score);
      expect(a.emergencyDetected).toBe(a.score >= EMERGENCY_THRESHOLD);
      expect(a.category === null).toBe(!a.emergencyDetected);
      if (a.emergencyDetected) expect(a.keywords_found.length).toBeGreaterThan(0);
      expect(a.recommendation).toBe(recommendations[a.category ?? 'none']);
      expect(new Set(a.keywords_found).size).toBe(a.keywords_found.length);
    }
  });
});

describe('labelled corpus', () => {
  it('is large and balanced enough', () => {
    const count = (category: EmergencyCategory) => corpus.filter((e) => e.category === category).length;
    for (const category of emergencyCategories) expect(count(category), category).toBeGreaterThanOrEqual(40);
    expect(corpus.filter((e) => !e.emergency).length).toBeGreaterThanOrEqual(120);
    expect(corpus.length).toBeGreaterThanOrEqual(320);
    expect(corpus.every((e) => e.emergency === (e.category !== undefined))).toBe(true);
    expect(new Set(corpus.map((e) => e.text)).size).toBe(corpus.length);
  });

  it('is detected with precision and recall of at least 0.95, and the right category', () => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    let rightCategory = 0;
    const mistakes: string[] = [];
    for (const entry of corpus) {
      const analysis = analyseTranscript(entry.text);
      if (analysis.emergencyDetected && entry.emergency) {
        truePositives++;
        if (analysis.category === entry.category) rightCategory++;
        else mistakes.push(`category ${entry.category} → ${analysis.category}: ${entry.text}`);
      } else if (analysis.emergencyDetected) {
        falsePositives++;
        mistakes.push(`false alarm (${analysis.keywords_found.join(', ')}): ${entry.text}`);
      } else if (entry.emergency) {
        falseNegatives++;
        mistakes.push(`missed ${entry.category}: ${entry.text}`);
      }
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    const categoryAccuracy = rightCategory / truePositives;
    console.log(
      `precision ${precision.toFixed(3)} recall ${recall.toFixed(3)} category ${categoryAccuracy.toFixed(3)} ` +
        `(n=${corpus.length}, ${truePositives + falseNegatives} emergencies)`,
    );
    if (mistakes.length > 0) console.log(mistakes.join('\n'));
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(categoryAccuracy).toBeGreaterThanOrEqual(0.9);
  });
});
