import { describe, expect, it } from 'vitest';
import { documentHead, parseEducationId, routes, SITE_DESCRIPTION } from './routes.ts';

/** The route column of SPEC 2's route table, as the specification writes it. */
const SPEC_ROUTES = [
  '/',
  '/info',
  '/katalozi',
  '/tecajevi',
  '/tecajevi/galerija',
  '/pravila-privatnosti',
  '/obrada-podataka',
  '/pravila-o-koristenju-kolacica',
  '/login',
  '/logout',
  '/aktiviraj-racun/{invitationToken}',
  '/resetiraj-lozinku/{resetToken}',
  '/newsletter-odjava/{campaign}',
  '/edukacije/',
  '/edukacije/{educationId}',
  '/admin',
  '/admin/newsletter',
  '/admin/course',
  '/admin/user',
  '/admin/user/popis',
  '/admin/products',
  '/admin/educations',
  // SPEC 2 writes these three in one row: "/admin/educations/create, /update, /delete".
  '/admin/educations/create',
  '/admin/educations/update',
  '/admin/educations/delete',
  '/admin/educations/update/{formUpdateId}',
  '/admin/partners',
  // Issue 29: the audit log, for administrators.
  '/admin/zapisnik',
];

const asSpecWritesIt = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

describe('the route table', () => {
  it('holds every route of SPEC 2 and no other', () => {
    const table = Object.values(routes).map((route) => asSpecWritesIt(route.pattern));
    expect([...table].sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('builds a fixed route as its pattern', () => {
    expect(routes.home.href()).toBe('/');
    expect(routes.gallery.href()).toBe('/tecajevi/galerija');
    expect(routes.educations.href()).toBe('/edukacije/');
  });

  it('puts each parameter in its place, encoded as one path segment', () => {
    expect(routes.activation.href({ invitationToken: 'a-B_9' })).toBe('/aktiviraj-racun/a-B_9');
    expect(routes.adminEducationEdit.href({ formUpdateId: '42' })).toBe(
      '/admin/educations/update/42',
    );
    expect(routes.unsubscribe.href({ campaign: 'a/b?c' })).toBe('/newsletter-odjava/a%2Fb%3Fc');
  });

  it('gives the path before the first parameter as the base', () => {
    expect(routes.activation.base).toBe('/aktiviraj-racun');
    expect(routes.unsubscribe.base).toBe('/newsletter-odjava');
    expect(routes.adminEducationEdit.base).toBe('/admin/educations/update');
    expect(routes.login.base).toBe('/login');
  });
});

describe('the education id of the route', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['999999999999999', 999999999999999],
  ])('reads %s as %d', (text, id) => {
    expect(parseEducationId(text)).toBe(id);
  });

  it.each(['0', '01', '-1', '1.5', '1e3', ' 1', 'abc', '', '1234567890123456'])(
    'reads %j as no education',
    (text) => {
      expect(parseEducationId(text)).toBeNaN();
    },
  );
});

describe('the head of each page (issue 32)', () => {
  it('names every route differently, in Croatian, with the brand after it', () => {
    const titles = Object.values(routes).map((route) => route.head.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(documentHead('/tecajevi', 'Dentalia').title).toBe('Tečajevi – Dentalia');
  });

  it('finds the route of a path with parameters, a trailing slash or none', () => {
    expect(documentHead('/info/', 'D').title).toBe('O nama – D');
    expect(documentHead('/edukacije', 'D').title).toBe('Video edukacije – D');
    expect(documentHead('/edukacije/7', 'D').title).toBe('Video edukacija – D');
    expect(documentHead('/aktiviraj-racun/abc', 'D').title).toBe('Aktivacija računa – D');
    expect(documentHead('/admin/educations/update/3', 'D').title).toBe('Uredi edukaciju – D');
    expect(documentHead('/admin/educations/update', 'D').title).toBe(
      'Odaberi edukaciju za uređivanje – D',
    );
  });

  it('names a path no route has as not found, and falls back to the site description', () => {
    expect(documentHead('/nema/ove', 'D')).toEqual({
      title: 'Stranica nije pronađena – D',
      description: SITE_DESCRIPTION,
    });
    expect(documentHead('/info', 'D').description).not.toBe(SITE_DESCRIPTION);
  });
});
