import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { company } from '../data/company.ts';
import { Footer } from '../views/Footer.tsx';
import { EffectsProvider, type Effects } from './effects.tsx';
import { useFooterYear } from './useFooterYear.ts';

/** The footer as the app renders it, on a clock of its own (the only effect it reads). */
function FooterAt({ now, renderYear }: { now: Date; renderYear: number | undefined }) {
  return (
    <EffectsProvider effects={{ now: () => now } as Effects}>
      <FooterWithYear renderYear={renderYear} />
    </EffectsProvider>
  );
}

function FooterWithYear({ renderYear }: { renderYear: number | undefined }) {
  return <Footer company={company} year={useFooterYear(renderYear)} />;
}

const copyright = () => screen.getByText(/^©/).textContent;

afterEach(() => {
  document.body.replaceChildren();
});

it('hydrates the year the page was rendered in, then shows the clock’s year', async () => {
  const lastEvening = new Date('2026-12-31T22:59:00Z');
  const newYear = new Date('2027-01-01T08:00:00Z');
  const container = document.createElement('div');
  container.innerHTML = renderToString(<FooterAt now={lastEvening} renderYear={2026} />);
  document.body.append(container);
  expect(copyright()).toContain('© 2026');

  const mismatches: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, <FooterAt now={newYear} renderYear={2026} />, {
      onRecoverableError: (error) => mismatches.push(error),
    }),
  );

  expect(mismatches).toEqual([]);
  expect(copyright()).toContain('© 2027');
  act(() => root.unmount());
});

it('shows the clock’s year on a page the browser renders itself', () => {
  const html = renderToString(
    <FooterAt now={new Date('2027-03-01T10:00:00Z')} renderYear={undefined} />,
  );
  expect(html).toContain('© <!-- -->2027');
});
