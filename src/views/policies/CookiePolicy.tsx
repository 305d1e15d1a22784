import { PolicyPage, type PolicySection } from '../PolicyPage.tsx';
import { ControllerDetails, POLICIES_UPDATED, PolicyTable, privacyLink } from './common.tsx';

/** Every cookie the site sets (SPEC 3 "Cookies", 9), in the order a visitor meets them. */
export const COOKIES = [
  {
    name: 'prihvaceni_kolacici',
    purpose:
      'Pamti da ste prihvatili nužne kolačiće (vrijednost 1), kako vas to ne bismo pitali pri svakom posjetu.',
    lifetime: '100 godina (trajno)',
    type: 'nužni',
  },
  {
    name: 'pristup_dozvoljen',
    purpose:
      'Pamti da ste izjavili da ste zdravstveni djelatnik (vrijednost true). Šalje se samo s naših stranica (SameSite=Strict).',
    lifetime: '1 godina',
    type: 'nužni',
  },
  {
    name: 'tecajevi-prikazuj-sve',
    purpose:
      'Pamti želite li na stranici tečajeva vidjeti i tečajeve u inozemstvu ili samo one u Hrvatskoj.',
    lifetime: '6 mjeseci od zadnje promjene izbora',
    type: 'funkcionalni',
  },
  {
    name: 'jwt',
    purpose:
      'Postavlja se kad se prijavite u korisnički račun; drži vas prijavljenima. Šalje se samo s naših stranica (SameSite=Strict).',
    lifetime: '30 dana; briše se odjavom',
    type: 'nužni (samo za prijavljene korisnike)',
  },
] as const;

const sections: readonly PolicySection[] = [
  {
    id: 'sto-su-kolacici',
    title: 'Što su kolačići',
    content: (
      <p>
        Kolačići su male tekstualne datoteke koje mrežna stranica sprema u vaš preglednik. Pri
        sljedećem posjetu preglednik ih šalje natrag stranici, pa stranica može zapamtiti vaše
        izbore, na primjer da ste već prihvatili uvjete pristupa.
      </p>
    ),
  },
  {
    id: 'koje-kolacice',
    title: 'Koje kolačiće koristimo',
    content: (
      <>
        <p>
          Koristimo isključivo vlastite kolačiće, koje postavljaju naše stranice. Ne koristimo
          analitičke, marketinške ni oglašivačke kolačiće i ne koristimo kolačiće trećih strana.
        </p>
        <PolicyTable
          id="kolacici-tablica"
          caption="Kolačići na ovim stranicama"
          head={['Naziv', 'Svrha', 'Trajanje', 'Vrsta']}
          rows={COOKIES.map((cookie) => [
            <code key="name">{cookie.name}</code>,
            cookie.purpose,
            cookie.lifetime,
            cookie.type,
          ])}
        />
        <h3>Nužni kolačići</h3>
        <p>
          Bez nužnih kolačića stranice ne mogu raditi: pamte vaš pristanak i izjavu da ste
          zdravstveni djelatnik te, kad ste prijavljeni, vašu prijavu. Za njih prema Zakonu o
          elektroničkim komunikacijama nije potrebna privola, ali vas o njima obavještavamo pri
          prvom posjetu.
        </p>
        <h3>Funkcionalni kolačići</h3>
        <p>
          Funkcionalni kolačić <code>tecajevi-prikazuj-sve</code> postavlja se tek kad na stranici
          tečajeva sami promijenite prikaz i služi samo tome da zapamti vaš izbor.
        </p>
      </>
    ),
  },
  {
    id: 'lokalna-pohrana',
    title: 'Lokalna pohrana preglednika',
    content: (
      <p>
        Kad se prijavite u korisnički račun, u lokalnu pohranu vašeg preglednika (local storage)
        spremamo podatke o prijavi: vaše ime, prezime, adresu e-pošte, uloge te pristupni i
        obnavljajući token kojima preglednik dokazuje da ste prijavljeni. Ti podaci ostaju samo u
        vašem pregledniku i brišu se kad se odjavite ili kad prijava istekne (najkasnije nakon 30
        dana bez obnove). Bez prijave ništa ne spremamo u lokalnu pohranu.
      </p>
    ),
  },
  {
    id: 'upravljanje',
    title: 'Kako upravljati kolačićima',
    content: (
      <>
        <p>
          Kolačiće i lokalnu pohranu možete u svakom trenutku obrisati u postavkama preglednika
          (obično pod „Privatnost” ili „Povijest”). Preglednik možete podesiti i tako da kolačiće
          odbija, ali tada stranice neće raditi jer ne mogu zapamtiti nužne izbore: pri svakom
          posjetu ponovno ćete vidjeti prozor dobrodošlice, a prijava u račun neće biti moguća.
        </p>
        <p>Obrada osobnih podataka opisana je u dokumentu {privacyLink}.</p>
      </>
    ),
  },
  {
    id: 'kontakt',
    title: 'Kontakt',
    content: (
      <>
        <p>Za pitanja o kolačićima obratite nam se:</p>
        <ControllerDetails />
      </>
    ),
  },
];

/** /pravila-o-koristenju-kolacica: the cookie policy (SPEC 2, 3 "Cookies", 9). */
export function CookiePolicy() {
  return (
    <PolicyPage
      title="Pravila o korištenju kolačića"
      updated={POLICIES_UPDATED}
      intro={
        <p>
          Ova pravila objašnjavaju koje kolačiće i koju pohranu u pregledniku koriste naše mrežne
          stranice, čemu služe i koliko dugo traju.
        </p>
      }
      sections={sections}
    />
  );
}
