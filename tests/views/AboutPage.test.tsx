import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { company } from '../../src/data/company.ts';
import { accountingTeam, referents, salesRepresentatives } from '../../src/data/employees.ts';
import { regions } from '../../src/data/regions.ts';
import { messages } from '../../src/messages.ts';
import { AboutPage } from '../../src/views/AboutPage.tsx';

function renderAbout({ mapOffered = false, mapShown = false } = {}) {
  const onToggleMap = vi.fn();
  render(
    <AboutPage
      phone={company.phone}
      supportEmail={company.supportEmail}
      salesRepresentatives={salesRepresentatives}
      referents={referents}
      accountingTeam={accountingTeam}
      regions={regions}
      mapOffered={mapOffered}
      mapShown={mapShown}
      onToggleMap={onToggleMap}
      map={<p>KARTA</p>}
    />,
  );
  return onToggleMap;
}

/** The cards of a team's list (a card holds a list of contacts of its own). */
const cards = (title: string) =>
  within(screen.getByRole('list', { name: title }))
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('person-card'));

describe('AboutPage', () => {
  it('is titled O nama and shows the company phone and support e-mail as links', () => {
    renderAbout();
    expect(screen.getByRole('heading', { level: 1, name: 'O nama' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: company.phone })).toHaveAttribute(
      'href',
      `tel:${company.phone.replaceAll(' ', '')}`,
    );
    expect(screen.getByRole('link', { name: company.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${company.supportEmail}`,
    );
  });

  it('lists every sales representative: photo, academic title, name, description, e-mail, phone, regions', () => {
    renderAbout();
    const items = cards(messages.about.salesRepresentatives);
    expect(items).toHaveLength(salesRepresentatives.length);
    for (const [index, person] of salesRepresentatives.entries()) {
      const card = items[index] as HTMLElement;
      const name = `${person.firstName} ${person.lastName}`;
      expect(within(card).getByRole('heading', { level: 3, name })).toBeInTheDocument();
      expect(card.querySelector('img')).toHaveAttribute('src', person.image);
      expect(card.querySelector('img')).toHaveAttribute('width', '120');
      if (person.academicTitle) expect(card).toHaveTextContent(person.academicTitle);
      expect(card).toHaveTextContent(person.description);
      expect(within(card).getByRole('link', { name: person.email })).toHaveAttribute(
        'href',
        `mailto:${person.email}`,
      );
      if (person.phone) {
        expect(within(card).getByRole('link', { name: person.phone })).toHaveAttribute(
          'href',
          `tel:${person.phone.replaceAll(' ', '')}`,
        );
      }
      const regionNames = person.regions.map(
        (id) => regions.find((region) => region.regionId === id)?.regionName,
      );
      expect(card).toHaveTextContent(`${messages.about.regions}: ${regionNames.join(', ')}`);
    }
  });

  it('lists the referents and the accounting and finance team with photo and name', () => {
    renderAbout();
    for (const [title, people] of [
      [messages.about.referents, referents],
      [messages.about.accounting, accountingTeam],
    ] as const) {
      const items = cards(title);
      expect(items).toHaveLength(people.length);
      for (const [index, person] of people.entries()) {
        const card = items[index] as HTMLElement;
        expect(
          within(card).getByRole('heading', { name: `${person.firstName} ${person.lastName}` }),
        ).toBeInTheDocument();
        expect(card.querySelector('img')).toHaveAttribute('src', person.image);
        if (person.phone)
          expect(within(card).getByRole('link', { name: person.phone })).toBeVisible();
      }
    }
  });

  it('offers no map switch below desktop width', () => {
    renderAbout({ mapOffered: false, mapShown: true });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByText('KARTA')).not.toBeInTheDocument();
    expect(cards(messages.about.salesRepresentatives)).toHaveLength(salesRepresentatives.length);
  });

  it('at desktop width the switch shows the map in place of the representatives list', () => {
    const onToggleMap = renderAbout({ mapOffered: true, mapShown: false });
    const mapSwitch = screen.getByRole('switch', { name: messages.about.mapSwitch });
    expect(mapSwitch).not.toBeChecked();
    mapSwitch.click();
    expect(onToggleMap).toHaveBeenCalledOnce();
  });

  it('shows the map it is given when the switch is on', () => {
    renderAbout({ mapOffered: true, mapShown: true });
    expect(screen.getByRole('switch', { name: messages.about.mapSwitch })).toBeChecked();
    const sales = screen.getByRole('region', { name: messages.about.salesRepresentatives });
    expect(within(sales).getByText('KARTA')).toBeVisible();
    expect(
      screen.queryByRole('list', { name: messages.about.salesRepresentatives }),
    ).not.toBeInTheDocument();
  });
});
