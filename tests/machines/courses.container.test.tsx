import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { Course } from '../../src/api/contract.ts';
import { CoursesContainer } from '../../src/app/CoursesContainer.tsx';
import { PageDataContext } from '../../src/app/pageBootstrap.ts';
import { aCourse } from '../support/courses.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const rendered = [
  aCourse({ id: 1, title: 'Endodoncija u praksi' }),
  aCourse({ id: 2, title: 'Protetika na implantatima', createdAt: '2026-11-01T10:00:00.000Z' }),
];

it('starts from the courses the server rendered the page with and sends no GET /courses (decision 0021)', () => {
  const listCourses = vi.fn(() => new Promise<Course[]>(() => undefined));
  renderWithEffects(
    <PageDataContext value={{ courses: rendered }}>
      <CoursesContainer />
    </PageDataContext>,
    { path: '/tecajevi', api: { courses: { listCourses } } },
  );
  // The first render already shows the cards, newest first, as the server's HTML did.
  expect(
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
  ).toEqual(['Protetika na implantatima', 'Endodoncija u praksi']);
  expect(listCourses).not.toHaveBeenCalled();
});

it('starts from the rendered courses with the visitor’s choice of courses abroad', () => {
  const abroad = aCourse({ id: 3, title: 'Ortodoncija u Ljubljani', country: { isoCode: 'SI' } });
  renderWithEffects(
    <PageDataContext value={{ courses: [...rendered, abroad] }}>
      <CoursesContainer />
    </PageDataContext>,
    {
      path: '/tecajevi',
      cookies: { 'tecajevi-prikazuj-sve': 'true' },
      api: { courses: { listCourses: () => new Promise<Course[]>(() => undefined) } },
    },
  );
  expect(screen.getByRole('heading', { level: 2, name: abroad.title })).toBeVisible();
  expect(screen.getByRole('switch')).toBeChecked();
});
