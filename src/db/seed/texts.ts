// Names (classic for older members, modern for younger) and short Dutch self-descriptions assembled from fragments.
import type { Gender, Interest } from './common'
import { Rng } from './random'

export const NAMES: Record<string, Record<Gender, { classic: readonly string[]; modern: readonly string[] }>> = {
  NL: {
    female: {
      classic: ['Ingrid', 'Carla', 'Gerda', 'Annemiek', 'Yvonne', 'Monique', 'Petra', 'Karin', 'Anja', 'Ellen', 'Jolanda', 'Marianne', 'Wilma', 'Ria', 'Joke', 'Astrid', 'Esther', 'Sandra', 'Linda', 'Marieke', 'Inge', 'Saskia', 'Miranda', 'Bianca', 'Mirjam', 'Judith', 'Margreet', 'Diana', 'Marjolein', 'Simone', 'Brigitte', 'Annelies'],
      modern: ['Sanne', 'Lotte', 'Eva', 'Femke', 'Anouk', 'Lisa', 'Sophie', 'Iris', 'Kim', 'Fleur', 'Noor', 'Roos', 'Tamara', 'Manon', 'Daphne', 'Willemijn', 'Loes', 'Ilse', 'Marloes', 'Nicole', 'Wendy', 'Renate', 'Hanneke', 'Emma', 'Julia', 'Tess', 'Lieke', 'Demi', 'Sara', 'Laura', 'Anne', 'Maud', 'Eline', 'Jasmijn'],
    },
    male: {
      classic: ['Pieter', 'Jeroen', 'Stefan', 'Mark', 'Erik', 'Hans', 'Peter', 'Frank', 'Marco', 'Johan', 'Kees', 'Jan', 'Gert', 'Arjen', 'Remco', 'Henk', 'Wim', 'Rob', 'Ronald', 'Edwin', 'René', 'Richard', 'Paul', 'Marcel', 'André', 'Gerard', 'Michiel', 'Maarten', 'Martijn', 'Sander', 'Dennis'],
      modern: ['Daan', 'Bram', 'Joris', 'Koen', 'Wouter', 'Thijs', 'Lars', 'Rick', 'Tim', 'Niels', 'Jasper', 'Ruben', 'Bas', 'Sjoerd', 'Tom', 'Vincent', 'Gijs', 'Robin', 'Timo', 'Jesse', 'Luuk', 'Sem', 'Stijn', 'Milan', 'Thomas', 'Jelle', 'Mats'],
    },
  },
  BE: {
    female: {
      classic: ['Annelies', 'Els', 'Hilde', 'Griet', 'Katrien', 'An', 'Veerle', 'Nathalie', 'Kathleen', 'Martine', 'Christine', 'Mieke', 'Greet', 'Ann', 'Marleen', 'Rita', 'Carine', 'Isabelle', 'Valérie', 'Sabine', 'Kristel', 'Patricia', 'Inge', 'Ingrid'],
      modern: ['Lien', 'Sofie', 'Evelien', 'Leen', 'Tine', 'Sarah', 'Elke', 'Lies', 'Nele', 'Charlotte', 'Julie', 'Céline', 'Aurélie', 'Laura', 'Lore', 'Fien', 'Febe', 'Marie', 'Emma', 'Hanne', 'Silke', 'Jolien', 'Margot', 'Camille'],
    },
    male: {
      classic: ['Dirk', 'Kris', 'Geert', 'Steven', 'Yves', 'Luc', 'Filip', 'Pascal', 'Bart', 'Jan', 'Wim', 'Patrick', 'Marc', 'Johan', 'Eric', 'Philippe', 'Didier', 'Guy', 'Rudi', 'Frank', 'Peter', 'Koen', 'Hans'],
      modern: ['Wout', 'Jens', 'Kevin', 'Tom', 'Thomas', 'Maxime', 'Nicolas', 'Olivier', 'Sébastien', 'Julien', 'Frederik', 'Stijn', 'Jelle', 'Brecht', 'Sven', 'Ruben', 'Pieter', 'Joris', 'Tim', 'Arne', 'Seppe', 'Lander', 'Wannes', 'Robbe'],
    },
  },
  DE: {
    female: {
      classic: ['Sabine', 'Petra', 'Andrea', 'Claudia', 'Susanne', 'Birgit', 'Monika', 'Karin', 'Heike', 'Martina', 'Ute', 'Gabriele'],
      modern: ['Anna', 'Lena', 'Laura', 'Julia', 'Lea', 'Hannah', 'Sophie', 'Katharina', 'Johanna', 'Marie', 'Nina', 'Lisa'],
    },
    male: {
      classic: ['Michael', 'Andreas', 'Stefan', 'Markus', 'Thomas', 'Christian', 'Matthias', 'Jens', 'Sven', 'Torsten', 'Uwe', 'Jürgen', 'Dirk', 'Oliver', 'Frank', 'Ralf', 'Holger', 'Bernd', 'Klaus', 'Wolfgang', 'Carsten', 'Jörg'],
      modern: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Tobias', 'Florian', 'Sebastian', 'Daniel', 'Alexander', 'Jan', 'Niklas', 'Philipp', 'Julian', 'Moritz', 'Simon', 'Benedikt', 'Kai', 'Patrick', 'Timo', 'Leon', 'Paul', 'Fabian', 'Tim', 'Dominik'],
    },
  },
}

export function pickName(rng: Rng, country: string, gender: Gender, age: number): string {
  const lists = (NAMES[country] ?? NAMES.NL)[gender]
  const classic = age >= 45 ? rng.chance(0.8) : age >= 35 ? rng.chance(0.45) : rng.chance(0.1)
  return rng.pick(classic ? lists.classic : lists.modern)
}

export const INTEREST_NL: Record<Interest, string> = {
  travel: 'reizen', cooking: 'koken', music: 'muziek', movies: 'films', sports: 'sport', fitness: 'fitness', reading: 'lezen',
  dancing: 'dansen', nature: 'de natuur', animals: 'dieren', photography: 'fotografie', art: 'kunst', gaming: 'gamen',
  wine: 'wijn', cycling: 'fietsen', beach: 'het strand', festivals: 'festivals', fashion: 'mode',
  gardening: 'tuinieren', theatre: 'theater',
}

export const INTEREST_PLACE: Partial<Record<Interest, string>> = {
  travel: 'op reis, op zoek naar een nieuwe bestemming', cooking: 'in de keuken', nature: 'in het bos of op de hei',
  cycling: 'op de fiets', beach: 'aan het strand', festivals: 'op een festival', fitness: 'in de sportschool',
  theatre: 'in het theater', dancing: 'op de dansvloer', reading: 'met een boek op de bank', gardening: 'in de tuin',
  wine: 'op een terrasje met een glas wijn', sports: 'op het sportveld', photography: 'met mijn camera op pad',
  art: 'in een museum', animals: 'buiten met de hond', music: 'bij een concert',
}

export const UNWIND: Partial<Record<Interest, string>> = {
  reading: 'een goed boek', music: 'goede muziek', movies: 'een film', cooking: 'een uitgebreide maaltijd', gaming: 'een game',
  wine: 'een glas wijn', gardening: 'een uurtje in de tuin', fitness: 'een training', sports: 'een potje sport', nature: 'een boswandeling',
  animals: 'een wandeling met de hond', cycling: 'een fietstochtje', beach: 'een strandwandeling', theatre: 'een voorstelling', art: 'tekenen',
  dancing: 'een dansles', photography: 'mijn camera',
}
export const GENERIC_PLACES = ['op het terras', 'in de stad', 'buiten in de natuur', 'bij vrienden aan tafel', 'op de markt']
export const ADJECTIVES = ['vrolijke', 'spontane', 'nuchtere', 'rustige', 'eerlijke', 'sportieve', 'zorgzame', 'avontuurlijke', 'positieve', 'creatieve', 'gezellige', 'nieuwsgierige', 'romantische', 'relaxte', 'energieke', 'lieve']
export const TRAITS = ['eerlijk', 'spontaan', 'zorgzaam', 'nuchter', 'grappig', 'loyaal', 'avontuurlijk', 'direct', 'warm', 'rustig', 'optimistisch', 'attent', 'gezellig', 'ondernemend']
export const JOBS = ['in de zorg', 'in het onderwijs', 'in de ICT', 'in de horeca', 'bij een bank', 'als zelfstandige', 'in de bouw', 'bij de gemeente', 'in een ziekenhuis', 'in de logistiek', 'als ondernemer', 'in een winkel', 'op een kantoor', 'in de techniek', 'bij een reisbureau', 'in de kinderopvang']
export const STUDENT_JOBS = ['naast mijn studie in de horeca', 'parttime in een winkel', 'naast mijn opleiding in de zorg', 'als bijbaantje in een café']
export const PARTNER_ADJECTIVES = ['leuke', 'spontane', 'eerlijke', 'lieve', 'sportieve', 'rustige', 'grappige', 'zorgzame', 'stoere', 'open']

export interface TextContext {
  name: string
  gender: Gender
  seeking: Gender
  age: number
  city: string
  interests: Interest[]
  relationshipStatus: string
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export function personNoun(rng: Rng, gender: Gender, age: number): string {
  if (gender === 'female') return age < 30 ? rng.pick(['meid', 'vrouw']) : 'vrouw'
  return age < 30 ? rng.pick(['jongen', 'man', 'kerel']) : rng.pick(['man', 'man', 'vent'])
}

export function job(rng: Rng, age: number): string {
  return age <= 23 ? rng.pick(STUDENT_JOBS) : rng.pick(JOBS)
}

export function aboutText(rng: Rng, c: TextContext): string {
  const noun = personNoun(rng, c.gender, c.age)
  const adj = rng.pick(ADJECTIVES)
  const [t1, t2] = rng.sample(TRAITS, 2)
  const i1 = INTEREST_NL[c.interests[0]]
  const i2 = INTEREST_NL[c.interests[1] ?? c.interests[0]]
  const retired = c.age >= 66
  const intros: (() => string)[] = [
    () => `${cap(adj)} ${noun} uit ${c.city} die volop van het leven geniet.`,
    () => `Hoi, ik ben ${c.name}, ${c.age} jaar en ik woon in ${c.city}.`,
    () => (retired ? `Ik woon in ${c.city} en geniet volop van mijn pensioen.` : `Ik woon in ${c.city} en werk ${job(rng, c.age)}.`),
    () => `${cap(adj)} ${noun} van ${c.age} met het hart op de goede plek.`,
    () => `Geboren en getogen in ${c.city}, maar altijd in voor iets nieuws.`,
    () => `Ik ben ${c.name}, een ${adj} ${noun} die graag lacht.`,
    () => `${c.age} jaar jong en nog lang niet uitgekeken op de wereld.`,
    () => (retired ? `Sinds mijn pensioen heb ik eindelijk tijd voor ${i1}.` : `Overdag werk ik ${job(rng, c.age)}, 's avonds ben ik graag op pad met vrienden.`),
    () => `Ik ben een ${adj} ${noun} uit de buurt van ${c.city}.`,
  ]
  const place = INTEREST_PLACE[c.interests[0]] ?? rng.pick(GENERIC_PLACES)
  const seconds: (() => string)[] = [
    () => `Ik hou van ${i1}, ${i2} en een goed gesprek.`,
    () => `Mijn grootste hobby's? ${cap(i1)} en ${i2}.`,
    () => `Vrienden omschrijven mij als ${t1} en ${t2}.`,
    () => `Je vindt mij vaak ${place}.`,
    () => `In het weekend draait het bij mij om ${i1}, vrienden en lekker eten.`,
    () => `Ik geniet van de kleine dingen: ${i1}, een zonnige dag en goed gezelschap.`,
    () => `Stuur gerust een berichtje als jij ook van ${i1} houdt!`,
    () => `Humor en eerlijkheid vind ik het allerbelangrijkst.`,
    () => `Ik ben ${t1}, ${t2} en sta open voor nieuwe mensen.`,
    () => `Na een lange dag ontspan ik het liefst met ${UNWIND[c.interests[0]] ?? 'een lange wandeling'}.`,
  ]
  const first = rng.pick(intros)()
  return rng.chance(0.85) ? `${first} ${rng.pick(seconds)()}` : first
}

export function lookingForText(rng: Rng, c: TextContext): string {
  const partner = c.seeking === 'male' ? 'man' : 'vrouw'
  const pronoun = c.seeking === 'male' ? 'hij' : 'ze'
  const padj = rng.pick(PARTNER_ADJECTIVES)
  const i1 = INTEREST_NL[rng.pick(c.interests)]
  const options: (() => string)[] = [
    () => `Een ${padj} ${partner} om leuke dingen mee te ondernemen.`,
    () => `Ik zoek een ${padj} ${partner} met humor en een goed hart.`,
    () => `Op zoek naar een ${padj} ${partner} voor gezellige dates en misschien meer.`,
    () => `Iemand die net als ik van ${i1} houdt.`,
    () => `Een ${partner} die weet wat ${pronoun} wil en graag lacht.`,
    () => `Gewoon een klik, een goed gesprek en dan zien we wel verder.`,
    () => `Een maatje om mee te kletsen, te wandelen en te lachen.`,
    () => `Een ${padj} ${partner} bij mij in de buurt.`,
  ]
  if (c.relationshipStatus === 'single' || c.relationshipStatus === 'divorced' || c.relationshipStatus === 'widowed') {
    options.push(() => `Een serieuze relatie met een ${padj} ${partner}.`)
    options.push(() => `Een ${partner} om samen een nieuw hoofdstuk mee te beginnen.`)
  } else {
    options.push(() => `Een discrete ${padj} ${partner} voor gezellige momenten samen.`)
  }
  return rng.pick(options)()
}
