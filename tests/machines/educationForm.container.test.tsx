/**
 * What the education form's container alone decides (its mutation run's survivors, issue 30):
 * which calls a new education's form makes, the toast of a failed load, and the note that there
 * are no users to choose from only when there are none. The fakes here are strict: an API call
 * they do not name fails the test.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { Partner, UserListItem } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EducationFormContainer } from '../../src/app/EducationFormContainer.tsx';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educationAdmin;
const user = userEvent.setup();

const ADMIN: UserListItem = { id: 1, name: 'Ana', surname: 'Horvat', email: 'admin@dentalia.hr' };
const IVA: UserListItem = { id: 7, name: 'Iva', surname: 'Kovač', email: 'iva@primjer.hr' };
const PARTNER: Partner = {
  id: 3,
  name: 'Alpavera',
  logoUrl: '/media/partners/a.webp',
  websiteUrl: 'https://a.hr',
};

const listCountries = fakePromiseActor<{ isoCode: string }[], undefined>();
const listUsers = fakePromiseActor<UserListItem[], string>();

/** The create page, with only the calls a new education's form may make. */
function renderCreateForm() {
  listCountries.reset();
  listUsers.reset();
  return renderWithEffects(<EducationFormContainer educationId={null} currentUser={ADMIN} />, {
    path: '/admin/educations/create',
    api: {
      countries: { listCountries: () => listCountries.fn(undefined) },
      partners: { listPartners: () => Promise.resolve([PARTNER]) },
      users: { listUsers: listUsers.fn },
    },
  });
}

it('a new education asks for the countries, the partners and the plain users, nothing else', async () => {
  renderCreateForm();
  expect(listUsers.calls).toEqual(['user']);
  expect(listCountries.calls).toHaveLength(1);
  await listUsers.resolve([IVA]);
  await listCountries.resolve([{ isoCode: 'HR' }]);
  expect(await screen.findByRole('switch', { name: text.restrict })).toBeVisible();
});

it('a form that cannot be loaded says so in place and in an error toast', async () => {
  const app = renderCreateForm();
  await listUsers.resolve([IVA]);
  await listCountries.reject(new ApiError(503, { errors: ['Service unavailable.'] }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text.loadFailed);
  expect(app.notices).toHaveLength(1);
  expect(app.notices[0]?.tone).toBe('error');
});

it('says to invite users first only when there are none to choose from', async () => {
  renderCreateForm();
  await listUsers.resolve([IVA]);
  await listCountries.resolve([{ isoCode: 'HR' }]);
  await user.click(await screen.findByRole('switch', { name: text.restrict }));
  expect(screen.getByRole('combobox', { name: text.users })).toBeVisible();
  expect(screen.queryByText(text.noUsers)).not.toBeInTheDocument();
});
