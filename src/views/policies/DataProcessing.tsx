import { PolicyPage, type PolicySection } from '../PolicyPage.tsx';
import {
  ControllerDetails,
  POLICIES_UPDATED,
  PolicyTable,
  PrivacyMail,
  SupervisoryAuthority,
  cookiesLink,
  privacyLink,
} from './common.tsx';

const sections: readonly PolicySection[] = [
  {
    id: 'voditelj',
    title: 'Voditelj obrade i kontakt',
    content: (
      <>
        <p>
          Ova obavijest daje se na temelju članaka 13. i 14. Opće uredbe o zaštiti podataka.
          Voditelj obrade je:
        </p>
        <ControllerDetails />
      </>
    ),
  },
  {
    id: 'pregled-obrada',
    title: 'Pregled obrada',
    content: (
      <>
        <p>
          U tablici su navedene sve obrade osobnih podataka koje provodimo putem ovih stranica i u
          poslovanju s kupcima, s podacima koje obrađujemo, pravnom osnovom i rokom čuvanja.
        </p>
        <PolicyTable
          id="obrade-tablica"
          caption="Obrade osobnih podataka"
          head={['Svrha', 'Podaci', 'Pravna osnova', 'Rok čuvanja']}
          rows={[
            [
              'Pristup stranicama (izjava o zdravstvenom djelatniku i nužni kolačići)',
              'izbor pohranjen u kolačićima u vašem pregledniku',
              'legitimni interes (čl. 6. st. 1. t. f): stručne informacije o proizvodima namijenjene su zdravstvenim djelatnicima',
              'kolačić prihvaceni_kolacici 100 godina (trajno), pristup_dozvoljen 1 godina',
            ],
            [
              'Sigurnost i rad stranica',
              'IP adresa, vrijeme, tražena adresa, vrsta preglednika',
              'legitimni interes (čl. 6. st. 1. t. f)',
              'najviše 6 mjeseci',
            ],
            [
              'Newsletter o tečajevima ili katalogu',
              'adresa e-pošte; dokaz privole: vrijeme, stranica, kampanja, IP adresa, preglednik',
              'privola (čl. 6. st. 1. t. a)',
              'do odjave; dokaz privole i odjave dok traju mogući zahtjevi',
            ],
            [
              'Korisnički račun i video edukacije',
              'ime, prezime, e-pošta, uloga, sažetak lozinke, prijave i odjave, pravo pristupa edukacijama',
              'izvršenje ugovora (čl. 6. st. 1. t. b)',
              'dok račun postoji',
            ],
            [
              'Poziv za otvaranje računa i obnova lozinke',
              'ime, prezime, e-pošta, jednokratna poveznica',
              'izvršenje ugovora (čl. 6. st. 1. t. b)',
              'do iskorištenja ili isteka poveznice',
            ],
            [
              'Narudžbe, isporuke i računi',
              'ime i prezime, naziv ordinacije ili ustanove, adresa, OIB, podaci o narudžbi i plaćanju',
              'izvršenje ugovora i zakonska obveza (čl. 6. st. 1. t. b i c)',
              '11 godina (računi i knjigovodstvene isprave)',
            ],
            [
              'Jednostrani raskid ugovora i reklamacije',
              'ime i prezime, kontakt podaci, podaci o proizvodu i zahtjevu',
              'zakonska obveza (čl. 6. st. 1. t. c)',
              '1 godina od rješavanja zahtjeva',
            ],
            [
              'Nagradne igre',
              'ime i prezime, kontakt podaci, podaci o dobitku',
              'zakonska obveza i izvršenje pravila igre (čl. 6. st. 1. t. b i c)',
              '5 godina od završetka igre',
            ],
            [
              'Prijave na tečajeve i upiti',
              'ime i prezime, kontakt podaci, sadržaj upita',
              'izvršenje ugovora ili radnje prije sklapanja ugovora (čl. 6. st. 1. t. b)',
              'do završetka tečaja ili odgovora na upit, osim podataka s računa',
            ],
          ]}
        />
      </>
    ),
  },
  {
    id: 'obvezni-podaci',
    title: 'Morate li nam dati podatke',
    content: (
      <p>
        Davanje podataka je dobrovoljno. Bez podataka potrebnih za ugovor (na primjer adrese za
        isporuku ili OIB-a za račun) ne možemo izvršiti narudžbu ni izdati račun, a bez adrese
        e-pošte ne možemo vam slati newsletter. Bez prihvaćanja nužnih kolačića stranice ne mogu
        raditi.
      </p>
    ),
  },
  {
    id: 'automatizirano',
    title: 'Automatizirano odlučivanje',
    content: (
      <p>
        Ne donosimo odluke koje se temelje isključivo na automatiziranoj obradi, uključujući izradu
        profila, a koje bi za vas imale pravne ili slične značajne učinke.
      </p>
    ),
  },
  {
    id: 'izvrsitelji',
    title: 'Izvršitelji obrade i prijenos podataka',
    content: (
      <p>
        Podatke za nas obrađuju samo izvršitelji s kojima imamo ugovor o obradi podataka prema
        članku 28. Opće uredbe: pružatelj usluge smještaja stranica, pružatelj usluge slanja e-pošte
        i knjigovodstveni servis. Provjera da niste robot izvodi se na našem poslužitelju, bez treće
        strane. Podatke ne prenosimo izvan Europskog gospodarskog prostora.
      </p>
    ),
  },
  {
    id: 'prava',
    title: 'Vaša prava i kako ih ostvariti',
    content: (
      <>
        <p>
          Imate pravo na pristup, ispravak, brisanje, ograničenje obrade, prenosivost podataka i
          prigovor te pravo u svakom trenutku povući privolu. Newsletter možete otkazati poveznicom
          za odjavu koja se nalazi u svakom newsletteru ili porukom na <PrivacyMail />. Sva prava
          detaljno su opisana u dokumentu {privacyLink}, a kolačići u dokumentu {cookiesLink}.
        </p>
        <SupervisoryAuthority />
      </>
    ),
  },
];

/** /obrada-podataka: the notice on data processing (SPEC 2). */
export function DataProcessing() {
  return (
    <PolicyPage
      title="Obrada podataka"
      updated={POLICIES_UPDATED}
      intro={
        <p>
          Ovdje na jednom mjestu nalazite sve obrade osobnih podataka koje provodimo: u koju svrhu,
          koje podatke, na kojoj pravnoj osnovi i koliko ih dugo čuvamo.
        </p>
      }
      sections={sections}
    />
  );
}
