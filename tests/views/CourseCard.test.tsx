import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Course } from '../../src/api/contract.ts';
import { CourseCard } from '../../src/views/CourseCard.tsx';
import { coursePrice, isSingleDay, knownTime } from '../../src/views/courseFormat.ts';
import { aCourse } from '../support/courses.ts';

const renderCard = (course: Course, canDelete = false, onAskDelete = vi.fn()) => {
  render(<CourseCard course={course} eagerImage canDelete={canDelete} onAskDelete={onAskDelete} />);
  return screen.getByRole('article', { name: course.title });
};

/** The card's facts as 'term: value' lines. */
const facts = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('CourseCard', () => {
  it('shows a single-day course as one date with its hours, in Zagreb time', () => {
    // 08:00 and 16:00 UTC are 09:00 and 17:00 in Zagreb in March (CET).
    const card = renderCard(
      aCourse({
        id: 1,
        title: 'Endodoncija u praksi',
        startDate: '2027-03-12T08:00:00.000Z',
        endDate: '2027-03-12T16:00:00.000Z',
      }),
    );
    expect(facts(card)).toEqual([
      'Datum: petak, 12. ožujka 2027.',
      'Vrijeme: 09:00 – 17:00',
      'Mjesto: Zagreb, Hotel Esplanade',
      'Predavač: dr. sc. Ana Horvat',
      'Cijena: 120,00\u00a0€',
    ]);
  });

  it('shows a multi-day course with start and end, each with its known time', () => {
    // Summer time (CEST): 07:30 UTC is 09:30 in Zagreb; 22:00 UTC is 00:00 there, so unknown.
    const card = renderCard(
      aCourse({
        id: 2,
        title: 'Protetika kroz tri dana',
        startDate: '2027-06-10T07:30:00.000Z',
        endDate: '2027-06-11T22:00:00.000Z',
      }),
    );
    expect(facts(card).slice(0, 2)).toEqual([
      'Početak: četvrtak, 10. lipnja 2027. u 09:30',
      'Završetak: subota, 12. lipnja 2027.',
    ]);
    expect(within(card).getAllByRole('time')[0]).toHaveAttribute(
      'datetime',
      '2027-06-10T07:30:00.000Z',
    );
  });

  it('hides the hours of a single-day course whose times are unknown (00:00)', () => {
    const card = renderCard(
      aCourse({
        id: 3,
        title: 'Radionica',
        startDate: '2027-01-14T23:00:00.000Z',
        endDate: '2027-01-15T16:00:00.000Z',
      }),
    );
    expect(facts(card).slice(0, 2)).toEqual([
      'Datum: petak, 15. siječnja 2027.',
      'Vrijeme: do 17:00',
    ]);
    const unknown = renderCard(
      aCourse({
        id: 4,
        title: 'Cijeli dan',
        startDate: '2027-01-14T23:00:00.000Z',
        endDate: '2027-01-14T23:00:00.000Z',
      }),
    );
    expect(facts(unknown)[0]).toBe('Datum: petak, 15. siječnja 2027.');
    expect(within(unknown).queryByText('Vrijeme')).not.toBeInTheDocument();
  });

  it('says Besplatno for price 0 and shows no price when none is given', () => {
    expect(facts(renderCard(aCourse({ id: 5, title: 'Besplatan', price: 0 })))).toContain(
      'Cijena: Besplatno',
    );
    expect(facts(renderCard(aCourse({ id: 6, title: 'Bez cijene', price: null })))).not.toContain(
      expect.stringMatching(/^Cijena/),
    );
  });

  it('names the country only outside Croatia', () => {
    expect(facts(renderCard(aCourse({ id: 7, title: 'U Zagrebu' })))).not.toContain(
      expect.stringMatching(/^Država/),
    );
    expect(
      facts(renderCard(aCourse({ id: 8, title: 'Na Bledu', country: { isoCode: 'SI' } }))),
    ).toContain('Država: Slovenija');
  });

  it('lists several lecturers under a plural term', () => {
    const card = renderCard(
      aCourse({ id: 9, title: 'Dvojac', lecturer: 'dr. Ana Horvat,dr. Ivo Kovač ,' }),
    );
    expect(facts(card)).toContain('Predavači: dr. Ana Horvat, dr. Ivo Kovač');
  });

  it('keeps the paragraphs and line breaks of the description', () => {
    const card = renderCard(
      aCourse({
        id: 10,
        title: 'Opis',
        description: 'Prvi odlomak.\nDrugi redak.\n\n\nDrugi odlomak.',
      }),
    );
    const paragraphs = card.querySelectorAll('.course-card__description p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual([
      'Prvi odlomak.\nDrugi redak.',
      'Drugi odlomak.',
    ]);
  });

  it('links the PDF in a new tab, and the publication date', () => {
    const card = renderCard(
      aCourse({
        id: 11,
        title: 'S programom',
        pdfPath: '/media/courses/11.pdf',
        createdAt: '2026-11-20T23:30:00.000Z',
      }),
    );
    const pdf = within(card).getByRole('link', { name: /Program tečaja \(PDF\)/ });
    expect(pdf).toHaveAttribute('href', '/media/courses/11.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAccessibleName('Program tečaja (PDF) (otvara se u novoj kartici)');
    expect(within(card).getByText(/^Objavljeno/)).toHaveTextContent(
      'Objavljeno 21. studenoga 2026.',
    );
    expect(
      within(renderCard(aCourse({ id: 12, title: 'Bez programa' }))).queryByRole('link'),
    ).toBeNull();
  });

  it('sizes the cover image and loads only the first one eagerly', () => {
    const course = aCourse({ id: 13, title: 'Slika' });
    render(
      <CourseCard course={course} eagerImage={false} canDelete={false} onAskDelete={vi.fn()} />,
    );
    const image = screen.getByRole('article').querySelector('img');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '338');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('src', '/media/courses/13-card.webp');
    expect(image?.getAttribute('srcset')).toContain('/media/courses/13.webp 1600w');
  });

  it('gives only administrators the delete button, which names the course', async () => {
    const onAskDelete = vi.fn();
    const course = aCourse({ id: 14, title: 'Za brisanje' });
    const visitorCard = renderCard(course, false);
    expect(within(visitorCard).queryByRole('button')).not.toBeInTheDocument();
    const adminCard = renderCard({ ...course, id: 15, title: 'Za brisanje 2' }, true, onAskDelete);
    await userEvent.click(
      within(adminCard).getByRole('button', { name: 'Obriši tečaj Za brisanje 2' }),
    );
    expect(onAskDelete).toHaveBeenCalledWith(15);
  });
});

describe('course formatting', () => {
  it('treats 00:00 in Zagreb as an unknown time, whatever the UTC time', () => {
    expect(knownTime('2027-01-14T23:00:00.000Z')).toBeNull();
    expect(knownTime('2027-07-14T22:00:00.000Z')).toBeNull();
    expect(knownTime('2027-07-14T23:00:00.000Z')).toBe('01:00');
  });

  it('decides single-day by the Zagreb date', () => {
    expect(isSingleDay('2027-03-12T08:00:00.000Z', '2027-03-12T22:59:00.000Z')).toBe(true);
    expect(isSingleDay('2027-03-12T08:00:00.000Z', '2027-03-12T23:00:00.000Z')).toBe(false);
  });

  it('formats euros the Croatian way', () => {
    // Intl puts a no-break space before the euro sign.
    expect(coursePrice(1234.5)).toBe('1.234,50\u00a0€');
    expect(coursePrice(0)).toBe('Besplatno');
    expect(coursePrice(null)).toBeNull();
  });
});
