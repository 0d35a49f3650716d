// Geography: ISO 3166-2 regions with real cities inside them, their approximate coordinates, and how a pool's
// members spread over its countries.
import { Rng } from './random'

export type City = readonly [name: string, lat: number, lon: number]
export interface Region {
  code: string
  weight: number
  cities: readonly City[]
}

export const GEO: Record<string, readonly Region[]> = {
  NL: [
    { code: 'NL-NH', weight: 17, cities: [['Amsterdam', 52.3676, 4.9041], ['Haarlem', 52.3874, 4.6462], ['Alkmaar', 52.6324, 4.7534], ['Hilversum', 52.2292, 5.1669], ['Zaandam', 52.442, 4.8292], ['Hoorn', 52.6424, 5.0597], ['Den Helder', 52.9563, 4.76]] },
    { code: 'NL-ZH', weight: 21, cities: [['Rotterdam', 51.9244, 4.4777], ['Den Haag', 52.0705, 4.3007], ['Leiden', 52.1601, 4.497], ['Delft', 52.0116, 4.3571], ['Dordrecht', 51.8133, 4.6901], ['Zoetermeer', 52.0575, 4.4931], ['Gouda', 52.0115, 4.7105]] },
    { code: 'NL-UT', weight: 8, cities: [['Utrecht', 52.0907, 5.1214], ['Amersfoort', 52.1561, 5.3878], ['Nieuwegein', 52.0292, 5.0806], ['Zeist', 52.0907, 5.2332], ['Veenendaal', 52.0271, 5.5583]] },
    { code: 'NL-NB', weight: 15, cities: [['Eindhoven', 51.4416, 5.4697], ['Tilburg', 51.5555, 5.0913], ['Breda', 51.5719, 4.7683], ["'s-Hertogenbosch", 51.6978, 5.3037], ['Helmond', 51.4793, 5.657], ['Oss', 51.765, 5.5181]] },
    { code: 'NL-GE', weight: 12, cities: [['Arnhem', 51.9851, 5.8987], ['Nijmegen', 51.8126, 5.8372], ['Apeldoorn', 52.2112, 5.9699], ['Ede', 52.0402, 5.6649], ['Doetinchem', 51.965, 6.2886], ['Zutphen', 52.1385, 6.2013]] },
    { code: 'NL-GR', weight: 3.5, cities: [['Groningen', 53.2194, 6.5665], ['Hoogezand', 53.1617, 6.7597], ['Veendam', 53.1067, 6.8792], ['Delfzijl', 53.33, 6.9187], ['Stadskanaal', 52.9896, 6.9503]] },
    { code: 'NL-FR', weight: 4, cities: [['Leeuwarden', 53.2012, 5.7999], ['Sneek', 53.0325, 5.6589], ['Heerenveen', 52.9597, 5.9242], ['Drachten', 53.1026, 6.0986], ['Harlingen', 53.1744, 5.4237]] },
    { code: 'NL-DR', weight: 3, cities: [['Assen', 52.9925, 6.5649], ['Emmen', 52.7792, 6.9069], ['Hoogeveen', 52.7227, 6.4759], ['Meppel', 52.6956, 6.1944]] },
    { code: 'NL-OV', weight: 7, cities: [['Zwolle', 52.5168, 6.083], ['Enschede', 52.2215, 6.8937], ['Deventer', 52.255, 6.1639], ['Hengelo', 52.2658, 6.7931], ['Almelo', 52.3567, 6.6625], ['Kampen', 52.555, 5.9114]] },
    { code: 'NL-FL', weight: 2.5, cities: [['Almere', 52.3508, 5.2647], ['Lelystad', 52.5185, 5.4714], ['Dronten', 52.525, 5.7181], ['Emmeloord', 52.7108, 5.748]] },
    { code: 'NL-ZE', weight: 2.3, cities: [['Middelburg', 51.4988, 3.6136], ['Vlissingen', 51.4426, 3.5736], ['Goes', 51.504, 3.8889], ['Terneuzen', 51.3358, 3.8276]] },
    { code: 'NL-LI', weight: 6, cities: [['Maastricht', 50.8514, 5.691], ['Venlo', 51.3704, 6.1724], ['Heerlen', 50.8882, 5.9795], ['Sittard', 50.9983, 5.8692], ['Roermond', 51.1942, 5.987], ['Weert', 51.2517, 5.7069]] },
  ],
  BE: [
    { code: 'BE-VAN', weight: 16, cities: [['Antwerpen', 51.2194, 4.4025], ['Mechelen', 51.0259, 4.4776], ['Turnhout', 51.3227, 4.9447], ['Lier', 51.1313, 4.5704], ['Mol', 51.1911, 5.1166], ['Geel', 51.1614, 4.9897]] },
    { code: 'BE-VOV', weight: 13, cities: [['Gent', 51.0543, 3.7174], ['Aalst', 50.9378, 4.0403], ['Sint-Niklaas', 51.165, 4.1437], ['Dendermonde', 51.0286, 4.1011], ['Oudenaarde', 50.8456, 3.605], ['Lokeren', 51.1036, 3.9917]] },
    { code: 'BE-VWV', weight: 10, cities: [['Brugge', 51.2093, 3.2247], ['Kortrijk', 50.8279, 3.2649], ['Oostende', 51.2154, 2.9286], ['Roeselare', 50.9469, 3.1227], ['Ieper', 50.8503, 2.885], ['Knokke-Heist', 51.3456, 3.2869]] },
    { code: 'BE-VBR', weight: 10, cities: [['Leuven', 50.8798, 4.7005], ['Vilvoorde', 50.9281, 4.4258], ['Halle', 50.7339, 4.2345], ['Tienen', 50.8072, 4.9376], ['Aarschot', 50.9866, 4.8365], ['Zaventem', 50.8836, 4.4728]] },
    { code: 'BE-VLI', weight: 8, cities: [['Hasselt', 50.9307, 5.3325], ['Genk', 50.965, 5.5008], ['Sint-Truiden', 50.8164, 5.1866], ['Tongeren', 50.7805, 5.4644], ['Lommel', 51.2306, 5.3136], ['Maasmechelen', 50.9655, 5.6943]] },
    { code: 'BE-BRU', weight: 11, cities: [['Brussel', 50.8503, 4.3517], ['Elsene', 50.8333, 4.3667], ['Schaarbeek', 50.8676, 4.3774], ['Anderlecht', 50.8333, 4.3072], ['Ukkel', 50.8025, 4.3375], ['Etterbeek', 50.8361, 4.3861]] },
    { code: 'BE-WHT', weight: 12, cities: [['Charleroi', 50.4108, 4.4446], ['Mons', 50.4542, 3.9523], ['Tournai', 50.6056, 3.3878], ['La Louvière', 50.4797, 4.1883], ['Mouscron', 50.7446, 3.2068]] },
    { code: 'BE-WLG', weight: 10, cities: [['Liège', 50.6326, 5.5797], ['Verviers', 50.5891, 5.8623], ['Seraing', 50.5833, 5.5], ['Huy', 50.5186, 5.24], ['Spa', 50.4921, 5.8643], ['Eupen', 50.628, 6.035]] },
    { code: 'BE-WNA', weight: 4, cities: [['Namur', 50.4674, 4.8718], ['Dinant', 50.2606, 4.9122], ['Gembloux', 50.5614, 4.6913], ['Ciney', 50.2947, 5.1003], ['Philippeville', 50.1961, 4.5431]] },
    { code: 'BE-WLX', weight: 2.5, cities: [['Arlon', 49.6833, 5.8167], ['Bastogne', 50.0035, 5.7195], ['Marche-en-Famenne', 50.227, 5.344], ['Durbuy', 50.3529, 5.4567], ['Bouillon', 49.7938, 5.0676]] },
    { code: 'BE-WBR', weight: 3.5, cities: [['Wavre', 50.7167, 4.6], ['Nivelles', 50.5983, 4.3285], ['Ottignies-Louvain-la-Neuve', 50.6684, 4.6118], ['Waterloo', 50.7147, 4.3992], ["Braine-l'Alleud", 50.6837, 4.368]] },
  ],
  DE: [
    { code: 'DE-BE', weight: 7, cities: [['Berlin', 52.52, 13.405]] },
    { code: 'DE-HH', weight: 4, cities: [['Hamburg', 53.5511, 9.9937]] },
    { code: 'DE-NW', weight: 18, cities: [['Köln', 50.9375, 6.9603], ['Düsseldorf', 51.2277, 6.7735], ['Dortmund', 51.5136, 7.4653], ['Essen', 51.4556, 7.0116], ['Bonn', 50.7374, 7.0982], ['Münster', 51.9607, 7.6261], ['Aachen', 50.7753, 6.0839]] },
    { code: 'DE-BY', weight: 13, cities: [['München', 48.1351, 11.582], ['Nürnberg', 49.4521, 11.0767], ['Augsburg', 48.3705, 10.8978], ['Regensburg', 49.0134, 12.1016], ['Würzburg', 49.7913, 9.9534]] },
    { code: 'DE-HE', weight: 6, cities: [['Frankfurt am Main', 50.1109, 8.6821], ['Wiesbaden', 50.0782, 8.2398], ['Kassel', 51.3127, 9.4797], ['Darmstadt', 49.8728, 8.6512], ['Marburg', 50.8021, 8.7667]] },
    { code: 'DE-NI', weight: 8, cities: [['Hannover', 52.3759, 9.732], ['Braunschweig', 52.2689, 10.5268], ['Osnabrück', 52.2799, 8.0472], ['Oldenburg', 53.1435, 8.2146], ['Göttingen', 51.5413, 9.9158]] },
    { code: 'DE-BW', weight: 11, cities: [['Stuttgart', 48.7758, 9.1829], ['Karlsruhe', 49.0069, 8.4037], ['Mannheim', 49.4875, 8.466], ['Freiburg im Breisgau', 47.999, 7.8421], ['Heidelberg', 49.3988, 8.6724]] },
  ],
}

/** How members of a pool are spread over its countries (unlisted countries weigh 1). */
export const COUNTRY_WEIGHT: Record<string, number> = { NL: 6.5, BE: 3.5, DE: 4 }

export interface Place {
  country: string
  region: string
  city: string
  latitude: string
  longitude: string
}

export function pickPlace(rng: Rng, country: string): Place {
  const region = rng.weighted(GEO[country].map((r) => [r, r.weight] as const))
  // The main city of a region is the most likely one.
  const [city, lat, lon] = rng.weighted(region.cities.map((c, i) => [c, i === 0 ? 3 : 1] as const))
  const jitter = () => (rng.next() - 0.5) * 0.02
  return { country, region: region.code, city, latitude: (lat + jitter()).toFixed(6), longitude: (lon + jitter()).toFixed(6) }
}
