/**
 * /admin/educations inside the admin shell (SPEC 2, 6; issue 13): exactly /admin/educations goes
 * on to create in place of itself, the children have their tabs, an edit address that names no
 * education is not found, and an employee gets what the other administrator-only screens give.
 */
import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Education, Role } from '../../src/api/contract.ts';
import { AdminContainer } from '../../src/app/AdminContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { messages } from '../../src/messages.ts';
import { TRANSCODE_POLL_MS } from '../../src/machines/transcodes.ts';
import { uploaded } from '../support/educationMedia.tsx';
import { fakePromiseActor } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educationAdmin;
const pending = () => new Promise<never>(() => {});

function renderAt(
  path: string,
  roles: Role[],
  educations: Record<string, unknown> = {},
  users: Record<string, unknown> = {},
  lists: { countries?: Record<string, unknown>; partners?: Record<string, unknown> } = {},
) {
  const session: StoredSession = {
    user: { id: 1, name: 'Ivana', surname: 'Horvat', email: 'admin@dentalia.hr', roles },
    tokens: { accessToken: 'a', refreshToken: 'r' },
  };
  return renderWithEffects(<AdminContainer />, {
    path,
    session,
    api: {
      campaigns: { campaignIdByName: pending },
      newsletters: { listNewsletters: pending },
      countries: { listCountries: pending, ...lists.countries },
      partners: { listPartners: pending, ...lists.partners },
      users: { listUsers: pending, ...users },
      educations: {
        listEducations: pending,
        getEducation: pending,
        listAccessRights: pending,
        ...educations,
      },
    },
  });
}

/** The education admin's code loads on demand: slow on a busy machine. */
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const tab = (name: string) =>
  screen.getByRole('navigation', { name: text.tabsLabel }).querySelector(`a[href$="${name}"]`);

describe('the education admin routes', { timeout: 15_000 }, () => {
  // The screens are lazy chunks: their first transform on a busy machine took longer than a
  // test's wait. Loaded once here, the routes below still go through the lazy imports.
  beforeAll(async () => {
    await Promise.all([
      import('../../src/app/EducationFormContainer.tsx'),
      import('../../src/app/EducationPickerContainer.tsx'),
      import('../../src/app/EducationDeleteContainer.tsx'),
    ]);
  }, 120_000);

  it('goes from exactly /admin/educations to create, replacing it', async () => {
    const app = renderAt('/admin/educations', ['administrator']);
    expect(await heading(text.createTitle)).toBeInTheDocument();
    expect(app.history).toEqual(['/admin/educations/create']);
    expect(screen.getByRole('link', { name: 'Edukacije' })).toHaveAttribute('aria-current', 'page');
    expect(tab('/create')).toHaveAttribute('aria-current', 'page');
  });

  it('opens the picker, the delete screen and the form of one education', async () => {
    const picker = renderAt('/admin/educations/update', ['administrator']);
    expect(await heading(text.pickerTitle)).toBeInTheDocument();
    expect(tab('/update')).toHaveAttribute('aria-current', 'page');
    picker.unmount();
    const remover = renderAt('/admin/educations/delete', ['administrator']);
    expect(await heading(text.deleteTitle)).toBeInTheDocument();
    remover.unmount();
    renderAt('/admin/educations/update/12', ['administrator']);
    expect(await heading(text.editTitle)).toBeInTheDocument();
    expect(tab('/update')).toHaveAttribute('aria-current', 'page');
  });

  it('shows the not-found page for an edit address without an education id', async () => {
    renderAt('/admin/educations/update/abc', ['administrator']);
    expect(await heading('Stranica nije pronađena')).toBeInTheDocument();
  });

  it('fetches the education once when the edit page opens, and again only for a poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const getEducation = fakePromiseActor<Education, number>();
      // Issue 29: the edit form also offers the countries and partners to change them to.
      const listCountries = vi.fn(() => Promise.resolve([{ isoCode: 'SI' }]));
      const listPartners = vi.fn(() => Promise.resolve([]));
      renderAt(
        '/admin/educations/update/7',
        ['administrator'],
        { getEducation: getEducation.fn, listAccessRights: () => Promise.resolve([]) },
        { listUsers: () => Promise.resolve([]) },
        { countries: { listCountries }, partners: { listPartners } },
      );
      expect(await heading(text.editTitle)).toBeInTheDocument();
      // The form, the transcode state and the captions: one request for the three.
      await vi.waitFor(() => expect(getEducation.calls).toEqual([7]));
      await getEducation.resolve(uploaded('processing', [], 42));
      expect(await screen.findByDisplayValue('Protetika')).toBeInTheDocument();
      expect(screen.getByText('U obradi… 42 %')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: text.captionsTitle })).toBeInTheDocument();
      expect(getEducation.calls).toEqual([7]);
      expect(listCountries).toHaveBeenCalledTimes(1);
      expect(listPartners).toHaveBeenCalledTimes(1);
      // The transcode watch polls on its own.
      await act(() => vi.advanceTimersByTimeAsync(TRANSCODE_POLL_MS));
      expect(getEducation.calls).toEqual([7, 7]);
      expect(listCountries).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends an employee to the first entry, as the course form does', async () => {
    const app = renderAt('/admin/educations/create', ['employee']);
    expect(app.history).toEqual(['/admin/newsletter']);
    expect(screen.queryByRole('link', { name: 'Edukacije' })).not.toBeInTheDocument();
  });
});
