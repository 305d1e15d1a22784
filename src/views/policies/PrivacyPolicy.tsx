import { company } from '../../data/company.ts';
import { PolicyPage, type PolicySection } from '../PolicyPage.tsx';
import {
  ControllerDetails,
  POLICIES_UPDATED,
  PolicyTable,
  PrivacyMail,
  SupervisoryAuthority,
  cookiesLink,
  processingLink,
} from './common.tsx';

const sections: readonly PolicySection[] = [
  {
    id: 'voditelj-obrade',
    title: 'Tko je voditelj obrade',
    content: (
      <>
        <p>
          Voditelj obrade vaših osobnih podataka na ovim mrežnim stranicama je društvo čiji su
          podaci navedeni u nastavku. Za sva pitanja o osobnim podacima i za ostvarivanje svojih
          prava javite nam se na navedenu adresu e-pošte ili poštom na adresu sjedišta, s naznakom
          „Zaštita osobnih podataka”.
        </p>
        <ControllerDetails />
      </>
    ),
  },
  {
    id: 'koje-podatke',
    title: 'Koje podatke prikupljamo i zašto',
    content: (
      <>
        <p>
          Prikupljamo samo podatke koji su nam potrebni za određenu svrhu. Ne prodajemo ih, ne
          koristimo ih za oglašavanje i ne izrađujemo profile posjetitelja. Detaljan pregled svake
          obrade (svrha, pravna osnova, rok čuvanja) nalazi se na stranici {processingLink}.
        </p>
        <ul>
          <li>
            <strong>Pristup stranicama.</strong> Kad potvrdite da ste zdravstveni djelatnik i
            prihvatite nužne kolačiće, taj se izbor pamti u vašem pregledniku (kolačići, vidi{' '}
            {cookiesLink}). Poslužitelj pri svakom zahtjevu bilježi IP adresu, vrijeme i traženu
            adresu stranice radi sigurnosti i otklanjanja kvarova.
          </li>
          <li>
            <strong>Newsletter.</strong> Ako se prijavite na newsletter o tečajevima ili o katalogu,
            čuvamo vašu adresu e-pošte i dokaz privole (vidi poglavlje o newsletteru).
          </li>
          <li>
            <strong>Korisnički račun.</strong> Račune otvaramo samo na poziv. Za račun čuvamo ime,
            prezime, adresu e-pošte, ulogu i sažetak (hash) lozinke; samu lozinku nikada ne spremamo
            niti je možemo pročitati. Bilježimo i prijave te odjave radi sigurnosti računa.
          </li>
          <li>
            <strong>Video edukacije.</strong> Za edukacije ograničene na odabrane korisnike čuvamo
            popis korisnika kojima je edukacija dostupna.
          </li>
          <li>
            <strong>Poslovanje s kupcima.</strong> Kad naručujete proizvode, prijavljujete se na
            tečaj, izjavljujete reklamaciju ili sudjelujete u nagradnoj igri, obrađujemo podatke
            potrebne za tu svrhu (ime i prezime, naziv ordinacije ili ustanove, adresa, OIB, kontakt
            podaci, podaci o narudžbi i plaćanju).
          </li>
          <li>
            <strong>Upiti.</strong> Kad nam pišete ili nas nazovete, koristimo vaše podatke samo da
            bismo odgovorili na upit.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'pravne-osnove',
    title: 'Pravne osnove obrade',
    content: (
      <>
        <p>
          Osobne podatke obrađujemo na temelju članka 6. stavka 1. Opće uredbe o zaštiti podataka:
        </p>
        <ul>
          <li>
            <strong>privola</strong> (točka a): newsletter; privolu možete povući u svakom trenutku,
            bez utjecaja na zakonitost obrade prije povlačenja;
          </li>
          <li>
            <strong>izvršenje ugovora</strong> (točka b): korisnički račun i video edukacije,
            narudžbe, prijave na tečajeve, reklamacije;
          </li>
          <li>
            <strong>pravna obveza</strong> (točka c): računi i knjigovodstvene isprave, obveze prema
            potrošačima i pravila nagradnih igara;
          </li>
          <li>
            <strong>legitimni interes</strong> (točka f): sigurnost stranica i računa, zaštita od
            zlouporabe obrazaca (provjera da niste robot) i dokazivanje dane privole.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'rokovi-cuvanja',
    title: 'Koliko dugo čuvamo podatke',
    content: (
      <>
        <p>
          Podatke čuvamo samo onoliko koliko je potrebno za svrhu zbog koje su prikupljeni ili
          koliko to propisi zahtijevaju, a zatim ih brišemo ili trajno anonimiziramo.
        </p>
        <PolicyTable
          id="rokovi-tablica"
          caption="Rokovi čuvanja osobnih podataka"
          head={['Podaci', 'Rok čuvanja']}
          rows={[
            [
              'Izjave o jednostranom raskidu ugovora i reklamacije',
              '1 godina od rješavanja zahtjeva',
            ],
            ['Podaci sudionika nagradnih igara', '5 godina od završetka nagradne igre'],
            ['Računi i knjigovodstvene isprave', '11 godina od kraja poslovne godine'],
            [
              'Newsletter: adresa e-pošte',
              'do odjave; nakon odjave čuvamo samo dokaz privole i odjave dok traju mogući zahtjevi',
            ],
            ['Korisnički račun', 'dok račun postoji; nakon zatvaranja računa podatke brišemo'],
            ['Zapisi poslužitelja (IP adresa, vrijeme, adresa stranice)', 'najviše 6 mjeseci'],
          ]}
        />
      </>
    ),
  },
  {
    id: 'newsletter',
    title: 'Newsletter: privola i odjava',
    content: (
      <>
        <p>
          Newsletter vam šaljemo samo ako ste se na njega sami prijavili na našim stranicama (na
          stranici tečajeva ili na stranici kataloga). Prijavom dajete privolu da vam na navedenu
          adresu e-pošte šaljemo obavijesti o tečajevima, odnosno o proizvodima i katalogu.
        </p>
        <p>
          Da bismo mogli dokazati da ste privolu dali, uz adresu e-pošte čuvamo vrijeme prijave,
          stranicu na kojoj ste se prijavili, newsletter na koji ste se prijavili (kampanju), IP
          adresu i podatke o pregledniku s kojeg je prijava poslana.
        </p>
        <p>
          <strong>Odjava.</strong> Svaki newsletter sadrži poveznicu za odjavu; jedan klik na nju
          odjavljuje vas s tog newslettera. Odjaviti se možete i porukom na <PrivacyMail />. Nakon
          odjave više vam ne šaljemo taj newsletter.
        </p>
      </>
    ),
  },
  {
    id: 'provjera-robota',
    title: 'Provjera da niste robot',
    content: (
      <p>
        Obrasci za prijavu, obnovu lozinke i newsletter zaštićeni su provjerom da niste robot.
        Zadano koristimo provjeru koju poslužujemo sami (ALTCHA): vaš preglednik riješi malu
        računsku zadaću, a pritom se nikakvi podaci ne šalju trećim stranama i ne postavljaju se
        kolačići. Ako bismo umjesto nje uključili uslugu treće strane, to ćemo navesti na ovoj
        stranici prije uključivanja.
      </p>
    ),
  },
  {
    id: 'primatelji',
    title: 'Kome dajemo podatke',
    content: (
      <>
        <p>
          Vaše podatke ne prodajemo niti ih ustupamo za oglašavanje. Pristup im imaju samo
          zaposlenici kojima su potrebni za posao te izvršitelji obrade s kojima imamo ugovor o
          obradi podataka: pružatelj usluge smještaja stranica (hosting), pružatelj usluge slanja
          e-pošte te knjigovodstveni servis. Tijelima javne vlasti podatke dajemo samo kad to zakon
          propisuje.
        </p>
        <p>Podatke obrađujemo i čuvamo u Europskoj uniji. Ne prenosimo ih u treće zemlje.</p>
      </>
    ),
  },
  {
    id: 'djeca',
    title: 'Maloljetne osobe',
    content: (
      <p>
        Stranice su namijenjene zdravstvenim djelatnicima. Osoba mlađa od 16 godina ne smije nam
        davati osobne podatke (na primjer prijavom na newsletter) bez privole roditelja ili
        skrbnika. Ako saznamo da smo takve podatke primili bez privole, odmah ćemo ih obrisati.
      </p>
    ),
  },
  {
    id: 'sigurnost',
    title: 'Sigurnost podataka i lozinka',
    content: (
      <>
        <p>
          Stranice su dostupne samo šifriranom vezom (HTTPS). Lozinke čuvamo isključivo u obliku
          sažetka dobivenog algoritmom Argon2id, a pristup podacima imaju samo ovlašteni
          zaposlenici.
        </p>
        <p>
          I vi možete pridonijeti sigurnosti: odaberite lozinku od{' '}
          <strong>najmanje 8 znakova</strong> (preporučujemo i dulju), s velikim i malim slovima,
          brojkama i posebnim znakovima, nemojte je koristiti ni na jednoj drugoj stranici i nikome
          je ne otkrivajte. Nakon korištenja zajedničkog računala odjavite se. Mi vas nikada nećemo
          tražiti lozinku porukom ili telefonom.
        </p>
      </>
    ),
  },
  {
    id: 'vasa-prava',
    title: 'Vaša prava',
    content: (
      <>
        <p>U vezi sa svojim osobnim podacima imate pravo:</p>
        <ul>
          <li>
            <strong>na pristup</strong>: saznati obrađujemo li vaše podatke i dobiti njihovu kopiju;
          </li>
          <li>
            <strong>na ispravak</strong> netočnih i dopunu nepotpunih podataka;
          </li>
          <li>
            <strong>na brisanje</strong> („pravo na zaborav”) kad podaci više nisu potrebni, kad
            povučete privolu ili kad se obrađuju nezakonito, osim kad ih moramo čuvati po zakonu;
          </li>
          <li>
            <strong>na ograničenje obrade</strong>, na primjer dok provjeravamo točnost podataka;
          </li>
          <li>
            <strong>na prenosivost</strong>: dobiti podatke koje ste nam dali u strukturiranom,
            strojno čitljivom obliku ili zatražiti da ih prenesemo drugom voditelju obrade;
          </li>
          <li>
            <strong>na prigovor</strong> obradi koja se temelji na legitimnom interesu;
          </li>
          <li>
            <strong>povući privolu</strong> u bilo kojem trenutku (na primjer odjavom s
            newslettera).
          </li>
        </ul>
        <p>
          Zahtjev pošaljite na <PrivacyMail /> ili poštom na adresu {company.shortName}. Odgovorit
          ćemo bez odgađanja, a najkasnije u roku od mjesec dana. Ostvarivanje prava je besplatno.
          Kako bismo zaštitili vaše podatke, možemo zatražiti da potvrdite svoj identitet.
        </p>
        <SupervisoryAuthority />
      </>
    ),
  },
  {
    id: 'izmjene',
    title: 'Izmjene pravila',
    content: (
      <p>
        Ova pravila možemo mijenjati kad se promijene naše usluge ili propisi. Datum zadnje izmjene
        naveden je na vrhu stranice. O bitnim izmjenama obavijestit ćemo korisnike registriranih
        računa i pretplatnike newslettera e-poštom.
      </p>
    ),
  },
];

/** /pravila-privatnosti: the privacy policy (SPEC 2, 9 "Privacy text"). */
export function PrivacyPolicy() {
  return (
    <PolicyPage
      title="Pravila privatnosti"
      updated={POLICIES_UPDATED}
      intro={
        <p>
          Zaštita vaših osobnih podataka nam je važna. U ovim pravilima objašnjavamo koje podatke
          prikupljamo kad koristite naše mrežne stranice, zašto ih prikupljamo, koliko ih dugo
          čuvamo i koja prava imate prema Općoj uredbi o zaštiti podataka (Uredba (EU) 2016/679,
          „GDPR”) i Zakonu o provedbi Opće uredbe o zaštiti podataka.
        </p>
      }
      sections={sections}
    />
  );
}
