/**
 * The EU-funding strip at the bottom of the home page. Demo content: both logos are drawn for
 * this project (scripts/make-drawn-assets.ts), not copies of official artwork.
 */
import programmeLogo from './images/eu/operativni-program.svg';
import euEmblem from './images/eu/sufinancira-eu.svg';

export interface EuFundingLogo {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export const euFundingLogos: readonly EuFundingLogo[] = [
  { src: euEmblem, alt: 'Sufinancira Europska unija', width: 300, height: 90 },
  {
    src: programmeLogo,
    alt: 'Europski fondovi, Operativni program 2021. – 2027.',
    width: 300,
    height: 90,
  },
];

export const euFundingNotice =
  'Izradu ove mrežne stranice sufinancirala je Europska unija iz Europskog fonda za regionalni razvoj.';
