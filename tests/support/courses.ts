/** Courses as GET /courses answers them, for the machine and view tests. */
import type { Course } from '../../src/api/contract.ts';

export function aCourse(overrides: Partial<Course> & Pick<Course, 'id' | 'title'>): Course {
  return {
    description: 'Praktični tečaj za doktore dentalne medicine.',
    lecturer: 'dr. sc. Ana Horvat',
    location: 'Zagreb, Hotel Esplanade',
    imagePath: `/media/courses/${overrides.id}.webp`,
    imageCardPath: `/media/courses/${overrides.id}-card.webp`,
    pdfPath: null,
    startDate: '2027-03-12T08:00:00.000Z',
    endDate: '2027-03-12T16:00:00.000Z',
    price: 120,
    country: { isoCode: 'HR' },
    createdAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}
