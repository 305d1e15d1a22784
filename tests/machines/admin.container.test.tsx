import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Role } from '../../src/api/contract.ts';
import { AdminContainer } from '../../src/app/AdminContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { messages } from '../../src/messages.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { setViewportWidth } from '../support/viewport.ts';

const pending = () => new Promise<never>(() => undefined);
/** The first entry's screen (Newsletter) asks for its data, which never comes here. */
const PENDING_CALLS = {
  campaigns: { campaignIdByName: pending },
  newsletters: { listNewsletters: pending },
  auditLog: { listAuditLog: pending, listAuditPeople: pending },
};

function renderAdmin(path: string, roles: Role[]) {
  const user = { id: 7, name: 'Ana', surname: 'Horvat', email: 'ana@dentalia.hr', roles };
  const session: StoredSession = { user, tokens: { accessToken: 'a', refreshToken: 'r' } };
  return renderWithEffects(<AdminContainer />, { path, session, api: PENDING_CALLS });
}

/** A screen's code loads on demand: slow on a busy machine. */
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

it('sends an employee who opens Edukacije to the first entry instead (SPEC "Admin")', () => {
  const app = renderAdmin('/admin/educations', ['employee']);
  expect(app.history).toEqual(['/admin/newsletter']);
});

it('opens Zapisnik for an administrator (issue 29)', { timeout: 15_000 }, async () => {
  const app = renderAdmin('/admin/zapisnik', ['administrator']);
  expect(await heading(messages.auditLog.heading)).toBeVisible();
  expect(app.location()).toBe('/admin/zapisnik');
});

afterEach(() => {
  vi.restoreAllMocks();
  setViewportWidth(1024);
  document.head.querySelector('style[data-test="sticky-header"]')?.remove();
});

it('on a narrow screen scrolled down already, stops the content right below the sticky header (SPEC "Admin")', () => {
  setViewportWidth(599);
  // The page is scrolled 200 px down; the content starts 300 px below the window's top; the sticky
  // header takes 64 px (the content's scroll-margin-top).
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(200);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return DOMRect.fromRect({ y: this.classList.contains('admin__content') ? 300 : 0 });
  });
  const style = document.createElement('style');
  style.dataset['test'] = 'sticky-header';
  style.textContent = '.admin__content { scroll-margin-top: 64px; }';
  document.head.append(style);
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  renderAdmin('/admin/nepoznato', ['employee']);
  fireEvent.click(screen.getByRole('link', { name: 'Korisnici' }));
  // 300 + 200 - 64 px, less than SPEC's 4 entries * 75 + 225 px.
  expect(scrollTo.mock.calls).toEqual([[{ top: 436, behavior: 'smooth' }]]);
});
