/**
 * Suppliers (SPEC 3 "Company"): the home page's partner and manufacturer strips and the logo grid
 * of /katalozi. Demo content: every company, wordmark and host is invented; the hosts use the
 * reserved `.example` top-level domain so no real company is ever linked.
 * The logos are imported so that Vite gives them hashed URLs; this module is SPA-only.
 */
import alpavera from './images/logos/alpavera.svg';
import arkadent from './images/logos/arkadent.svg';
import clarodent from './images/logos/clarodent.svg';
import istrodent from './images/logos/istrodent.svg';
import kerameo from './images/logos/kerameo.svg';
import lumidenta from './images/logos/lumidenta.svg';
import medivor from './images/logos/medivor.svg';
import nordentis from './images/logos/nordentis.svg';
import orbimed from './images/logos/orbimed.svg';
import polarix from './images/logos/polarix.svg';
import sanovia from './images/logos/sanovia.svg';
import silvaris from './images/logos/silvaris.svg';
import vitrobond from './images/logos/vitrobond.svg';
import zenitra from './images/logos/zenitra.svg';

export interface Company {
  name: string;
  /** Host only, without scheme: the page links to `https://${url}`. */
  url: string;
  /** URL of the logo. */
  img: string;
  isExclusive: boolean;
}

export const companies: readonly Company[] = [
  { name: 'Nordentis', url: 'www.nordentis.example', img: nordentis, isExclusive: true },
  { name: 'Polarix', url: 'www.polarix-implant.example', img: polarix, isExclusive: true },
  { name: 'Lumidenta', url: 'www.lumidenta.example', img: lumidenta, isExclusive: true },
  { name: 'Alpavera', url: 'www.alpavera.example', img: alpavera, isExclusive: false },
  { name: 'Arkadent', url: 'www.arkadent-ortho.example', img: arkadent, isExclusive: false },
  { name: 'Clarodent', url: 'www.clarodent.example', img: clarodent, isExclusive: false },
  { name: 'Istrodent Lab', url: 'www.istrodent-lab.example', img: istrodent, isExclusive: false },
  { name: 'Kerameo', url: 'www.kerameo.example', img: kerameo, isExclusive: false },
  { name: 'Medivor', url: 'www.medivor.example', img: medivor, isExclusive: false },
  { name: 'Orbimed', url: 'www.orbimed-imaging.example', img: orbimed, isExclusive: false },
  { name: 'Sanovia', url: 'www.sanovia.example', img: sanovia, isExclusive: false },
  { name: 'Silvaris Endo', url: 'www.silvaris-endo.example', img: silvaris, isExclusive: false },
  { name: 'Vitrobond', url: 'www.vitrobond.example', img: vitrobond, isExclusive: false },
  { name: 'Zenitra', url: 'www.zenitra.example', img: zenitra, isExclusive: false },
];
