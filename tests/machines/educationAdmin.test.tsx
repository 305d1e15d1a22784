/**
 * /admin/educations inside the admin shell (SPEC 2, 6; issue 13): exactly /admin/educations goes
 * on to create in place of itself, the children have their tabs, an edit address that names no
 * education is not found, and an employee gets what the other administrator-only screens give.
 */
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/api/contract.ts';
import { AdminContainer } from '../../src/app/AdminContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { messages } from '../../src/messages.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educationAdmin;
const pending = () => new Promise<never>(() => {});

function renderAt(path: string, roles: Role[]) {
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
      countries: { listCountries: pending },
      partners: { listPartners: pending },
      users: { listUsers: pending },
      educations: { listEducations: pending, getEducation: pending, listAccessRights: pending },
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

  it('sends an employee to the first entry, as the course form does', async () => {
    const app = renderAt('/admin/educations/create', ['employee']);
    expect(app.history).toEqual(['/admin/newsletter']);
    expect(screen.queryByRole('link', { name: 'Edukacije' })).not.toBeInTheDocument();
  });
});
