/**
 * Staff shown on the about-us page (SPEC 2 "About us", SPEC 3 "Employee"). Demo content: the
 * people are invented and their portraits are drawn avatars (scripts/make-drawn-assets.ts).
 * The portraits are imported so that Vite gives them hashed URLs; this module is SPA-only.
 */
import anaMatic from './images/portraits/ana-matic.webp';
import darioLovric from './images/portraits/dario-lovric.webp';
import filipRadic from './images/portraits/filip-radic.webp';
import ivanaKolar from './images/portraits/ivana-kolar.webp';
import karloSimunovic from './images/portraits/karlo-simunovic.webp';
import lucijaPeric from './images/portraits/lucija-peric.webp';
import majaKnezevic from './images/portraits/maja-knezevic.webp';
import markoVukovic from './images/portraits/marko-vukovic.webp';
import nikolinaSaric from './images/portraits/nikolina-saric.webp';
import petraJuric from './images/portraits/petra-juric.webp';
import sanjaPavic from './images/portraits/sanja-pavic.webp';
import tomislavBabic from './images/portraits/tomislav-babic.webp';
import vesnaKralj from './images/portraits/vesna-kralj.webp';
import type { RegionId } from './regions.ts';

export interface Employee {
  firstName: string;
  lastName: string;
  phone?: string;
  /** URL of a small portrait. */
  image: string;
}

export interface SalesRepresentative extends Employee {
  /** Empty when the person has no academic title. */
  academicTitle: string;
  description: string;
  email: string;
  regions: readonly RegionId[];
}

export const salesRepresentatives: readonly SalesRepresentative[] = [
  {
    firstName: 'Petra',
    lastName: 'Jurić',
    academicTitle: 'dr. med. dent.',
    description:
      'Savjetuje ordinacije o kompozitnim materijalima, adhezivima i restaurativnoj stomatologiji.',
    email: 'petra.juric@dentalia.hr',
    phone: '+385 91 555 0101',
    regions: [1],
    image: petraJuric,
  },
  {
    firstName: 'Tomislav',
    lastName: 'Babić',
    academicTitle: 'mag. oec.',
    description:
      'Brine o opremanju ordinacija: stomatološke jedinice, rendgenski uređaji i servisni ugovori.',
    email: 'tomislav.babic@dentalia.hr',
    phone: '+385 98 555 0102',
    regions: [1, 2],
    image: tomislavBabic,
  },
  {
    firstName: 'Lucija',
    lastName: 'Perić',
    academicTitle: 'bacc. med. techn.',
    description:
      'Pomaže timovima u odabiru sredstava za dezinfekciju, sterilizaciju i zaštitu pacijenata.',
    email: 'lucija.peric@dentalia.hr',
    phone: '+385 99 555 0103',
    regions: [2],
    image: lucijaPeric,
  },
  {
    firstName: 'Marko',
    lastName: 'Vuković',
    academicTitle: 'dr. med. dent.',
    description:
      'Specijalizirao se za implantologiju i protetiku; organizira radionice za ordinacije i laboratorije.',
    email: 'marko.vukovic@dentalia.hr',
    phone: '+385 91 555 0104',
    regions: [3],
    image: markoVukovic,
  },
  {
    firstName: 'Ivana',
    lastName: 'Kolar',
    academicTitle: '',
    description:
      'Zadužena za dentalne laboratorije: keramike, legure, gipseve i otisne materijale.',
    email: 'ivana.kolar@dentalia.hr',
    phone: '+385 95 555 0105',
    regions: [3, 4],
    image: ivanaKolar,
  },
  {
    firstName: 'Ana',
    lastName: 'Matić',
    academicTitle: 'mag. pharm.',
    description:
      'Savjetuje o endodonciji, profilaksi i izbjeljivanju zuba te vodi ponudu potrošnog materijala.',
    email: 'ana.matic@dentalia.hr',
    phone: '+385 98 555 0106',
    regions: [4, 5],
    image: anaMatic,
  },
  {
    firstName: 'Karlo',
    lastName: 'Šimunović',
    academicTitle: 'dr. med. dent.',
    description:
      'Pokriva ordinacije na jugu: ortodontski materijali, instrumenti i rotirajući instrumenti.',
    email: 'karlo.simunovic@dentalia.hr',
    phone: '+385 91 555 0107',
    regions: [5],
    image: karloSimunovic,
  },
];

export const referents: readonly Employee[] = [
  { firstName: 'Maja', lastName: 'Knežević', phone: '+385 42 555 021', image: majaKnezevic },
  { firstName: 'Filip', lastName: 'Radić', phone: '+385 42 555 022', image: filipRadic },
  { firstName: 'Nikolina', lastName: 'Šarić', phone: '+385 42 555 023', image: nikolinaSaric },
];

export const accountingTeam: readonly Employee[] = [
  { firstName: 'Vesna', lastName: 'Kralj', phone: '+385 42 555 031', image: vesnaKralj },
  { firstName: 'Dario', lastName: 'Lovrić', image: darioLovric },
  { firstName: 'Sanja', lastName: 'Pavić', image: sanjaPavic },
];
