/**
 * Every call of `createApi` against a fake `fetch`: the method, path, query and body SPEC 7 names,
 * and the answer as parsed. The containers' tests fake these calls, so this is where their wire
 * shape is pinned.
 */
import { describe, expect, it } from 'vitest';
import { aCourse } from '../../tests/support/courses.ts';
import { anEducation } from '../../tests/support/educations.ts';
import { createApi } from './api.ts';
import { createApiClient } from './client.ts';
import { createEducationFormData, type CreateEducationRequest } from './educationRequests.ts';
import type { AuthResponse, Education, ProductPage } from './contract.ts';

interface Sent {
  method: string;
  path: string;
  contentType: string | null;
  body: unknown;
}

/** A fake server answering each "METHOD /path?query" with its JSON (or 204 when none). */
function apiAgainst(answers: Record<string, unknown> = {}) {
  const sent: Sent[] = [];
  const client = createApiClient({
    baseURL: 'http://test/api/v1',
    session: {
      getTokens: () => null,
      onTokensRefreshed: () => undefined,
      onAuthExpired: () => undefined,
    },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const contentType = request.headers.get('Content-Type');
      const body = contentType?.startsWith('multipart/form-data')
        ? Object.fromEntries(
            [...(await request.formData()).entries()].map(([name, value]) => [
              name,
              typeof value === 'string' ? value : `file:${value.name}`,
            ]),
          )
        : (await request.text()) || undefined;
      // As sent: URL's `search` would hide a bare trailing '?'.
      const path = request.url.slice(`${url.origin}/api/v1`.length);
      sent.push({
        method: request.method,
        path,
        contentType,
        body: typeof body === 'string' ? JSON.parse(body) : body,
      });
      const answer = answers[`${request.method} ${path}`];
      return answer === undefined
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify(answer), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
    },
  });
  return { api: createApi(client), sent };
}

const auth: AuthResponse = {
  id: 1,
  name: 'Ana',
  surname: 'Anić',
  email: 'ana@primjer.hr',
  roles: ['user'],
  accessToken: 'a',
  refreshToken: 'r',
};

describe('users', () => {
  it('logs in and completes a registration with the user and tokens as answered', async () => {
    const { api, sent } = apiAgainst({
      'POST /users/login': auth,
      'POST /users/complete-registration': auth,
    });
    const login = { email: 'ana@primjer.hr', password: 'Lozinka1!', recaptchaToken: 't' };
    expect(await api.users.login(login)).toEqual(auth);
    const registration = {
      name: 'Ana',
      surname: 'Anić',
      password: 'Lozinka1!',
      invitationToken: 'i',
    };
    expect(await api.users.completeRegistration(registration)).toEqual(auth);
    expect(sent).toEqual([
      { method: 'POST', path: '/users/login', contentType: 'application/json', body: login },
      {
        method: 'POST',
        path: '/users/complete-registration',
        contentType: 'application/json',
        body: registration,
      },
    ]);
  });

  it('validates an invitation token and reads the invited name', async () => {
    const { api, sent } = apiAgainst({
      'POST /users/validate-registration': { name: 'Ana', surname: 'Anić' },
    });
    expect(await api.users.validateRegistration('token-1')).toEqual({
      name: 'Ana',
      surname: 'Anić',
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/users/validate-registration',
      body: { invitationToken: 'token-1' },
    });
  });

  it('sends the reset request, the new password, the invitation and the revoke', async () => {
    const { api, sent } = apiAgainst();
    await api.users.requestPasswordReset({ email: 'ana@primjer.hr', recaptchaToken: 't' });
    await api.users.changePassword({ newPassword: 'Lozinka1!', resetToken: 'r' });
    const invitation = {
      email: 'ivo@primjer.hr',
      roles: ['user' as const],
      firstName: 'Ivo',
      lastName: null,
      gender: null,
    };
    await api.users.invite(invitation);
    await api.users.revokeToken({ refreshToken: 'r1' });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/users/request-password-reset',
        body: { email: 'ana@primjer.hr', recaptchaToken: 't' },
      },
      {
        method: 'PUT',
        path: '/users/change-password',
        body: { newPassword: 'Lozinka1!', resetToken: 'r' },
      },
      { method: 'POST', path: '/users/invite', body: invitation },
      { method: 'POST', path: '/users/revoke-token', body: { refreshToken: 'r1' } },
    ]);
  });
});

describe('campaigns', () => {
  it('looks a campaign up by its name, escaped, and answers its id', async () => {
    const { api, sent } = apiAgainst({ 'GET /campaigns/by-name/Te%C4%8Dajevi%202': { id: 7 } });
    expect(await api.campaigns.campaignIdByName('Tečajevi 2')).toBe(7);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/campaigns/by-name/Te%C4%8Dajevi%202' });
  });

  it('subscribes with POST and unsubscribes with DELETE and a JSON body', async () => {
    const { api, sent } = apiAgainst();
    const subscription = {
      email: 'a@b.hr',
      campaignId: 7,
      recaptchaToken: 't',
      sourcePage: '/katalozi',
    };
    await api.campaigns.subscribe(subscription);
    const unsubscription = { email: 'a@b.hr', campaignId: 7, unsubscribeToken: 'u' };
    await api.campaigns.unsubscribe(unsubscription);
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/campaigns/subscriptions', body: subscription },
      { method: 'DELETE', path: '/campaigns/subscriptions', body: unsubscription },
    ]);
  });
});

describe('courses and countries', () => {
  it('lists courses and countries as answered', async () => {
    const course = aCourse({ id: 3, title: 'Endodoncija' });
    const { api } = apiAgainst({
      'GET /courses': [course],
      'GET /countries': [{ isoCode: 'HR' }, { isoCode: 'SI' }],
    });
    expect(await api.courses.listCourses()).toEqual([course]);
    expect(await api.countries.listCountries()).toEqual([{ isoCode: 'HR' }, { isoCode: 'SI' }]);
  });

  it('creates a course as multipart with the SPEC 7 field names, the PDF only when given', async () => {
    const course = aCourse({ id: 4, title: 'Protetika' });
    const { api, sent } = apiAgainst({ 'POST /courses': course });
    const request = {
      title: 'Protetika',
      description: 'Opis',
      countryIsoCode: 'HR',
      lecturer: 'dr. Ana',
      location: 'Zagreb',
      startDate: '2031-03-12T08:00:00.000Z',
      endDate: '2031-03-12T16:00:00.000Z',
      price: '12.5',
      image: new File(['jpeg'], 'naslovna.jpg', { type: 'image/jpeg' }),
    };
    expect(await api.courses.createCourse({ ...request, pdf: null })).toEqual(course);
    await api.courses.createCourse({
      ...request,
      pdf: new File(['%PDF'], 'program.pdf', { type: 'application/pdf' }),
    });
    const fields = {
      Title: 'Protetika',
      Description: 'Opis',
      CountryIsoCode: 'HR',
      Lecturer: 'dr. Ana',
      Location: 'Zagreb',
      StartDate: '2031-03-12T08:00:00.000Z',
      EndDate: '2031-03-12T16:00:00.000Z',
      Price: '12.5',
      Image: 'file:naslovna.jpg',
    };
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/courses' });
    expect(sent[0]?.body).toEqual(fields);
    expect(sent[1]?.body).toEqual({ ...fields, Pdf: 'file:program.pdf' });
  });

  it('deletes a course by its id', async () => {
    const { api, sent } = apiAgainst();
    await api.courses.deleteCourse(12);
    expect(sent[0]).toMatchObject({ method: 'DELETE', path: '/courses/12' });
  });
});

describe('products', () => {
  const page: ProductPage = {
    items: [],
    pageNumber: 2,
    pageSize: 10,
    totalPages: 3,
    totalCount: 25,
  };

  it('asks for the page and size given, and for neither when none is given', async () => {
    const { api, sent } = apiAgainst({
      'GET /products?pageSize=10&pageNumber=2': page,
      'GET /products': page,
      'GET /products?pageNumber=1': page,
    });
    expect(await api.products.listProducts({ pageSize: 10, pageNumber: 2 })).toEqual(page);
    await api.products.listProducts();
    await api.products.listProducts({ pageNumber: 1 });
    expect(sent.map(({ path }) => path)).toEqual([
      '/products?pageSize=10&pageNumber=2',
      '/products',
      '/products?pageNumber=1',
    ]);
  });
});

describe('partners', () => {
  const partner = {
    id: 5,
    name: 'Adria Dental',
    logoUrl: '/media/partners/abcdefghijklmnopqrstuv-card.webp',
    websiteUrl: 'https://adria.example',
  };

  it('lists the partners as answered', async () => {
    const { api, sent } = apiAgainst({ 'GET /partners': [partner] });
    expect(await api.partners.listPartners()).toEqual([partner]);
    expect(sent).toEqual([
      { method: 'GET', path: '/partners', contentType: null, body: undefined },
    ]);
  });

  it('creates a partner as multipart with the SPEC 7 field names', async () => {
    const { api, sent } = apiAgainst({ 'POST /partners': partner });
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    expect(
      await api.partners.createPartner({
        name: 'Adria Dental',
        websiteUrl: 'https://adria.example',
        logo,
      }),
    ).toEqual(partner);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/partners',
      body: { Name: 'Adria Dental', WebsiteUrl: 'https://adria.example', Logo: 'file:logo.png' },
    });
    expect(sent[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('changes a partner with PUT, the logo only when one is chosen', async () => {
    const { api, sent } = apiAgainst({ 'PUT /partners/5': partner });
    const logo = new File(['png'], 'novi.png', { type: 'image/png' });
    const change = { id: 5, name: 'Adria Dental', websiteUrl: 'https://adria.example' };
    expect(await api.partners.updatePartner({ ...change, logo: null })).toEqual(partner);
    await api.partners.updatePartner({ ...change, logo });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'PUT',
        path: '/partners/5',
        body: { Name: 'Adria Dental', WebsiteUrl: 'https://adria.example' },
      },
      {
        method: 'PUT',
        path: '/partners/5',
        body: { Name: 'Adria Dental', WebsiteUrl: 'https://adria.example', Logo: 'file:novi.png' },
      },
    ]);
  });

  it('deletes a partner, moving its educations when told to', async () => {
    const { api, sent } = apiAgainst();
    await api.partners.deletePartner({ id: 5, reassignTo: null });
    await api.partners.deletePartner({ id: 5, reassignTo: 7 });
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'DELETE /partners/5',
      'DELETE /partners/5?reassignTo=7',
    ]);
  });
});

describe('product writes (staff)', () => {
  const product = {
    id: 3,
    name: 'Kofferdam set',
    imageUrl: '/media/products/x-card.webp',
    isShownOnHomepage: true,
    isHighlighted: false,
  };

  it('creates a product as multipart with the SPEC 7 field names and an empty description', async () => {
    const { api, sent } = apiAgainst({ 'POST /products': product });
    const image = new File(['jpeg'], 'kofferdam.jpg', { type: 'image/jpeg' });
    const request = { name: 'Kofferdam set', image, isShownOnHomepage: true, isHighlighted: false };
    expect(await api.products.createProduct(request)).toEqual(product);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/products',
        contentType: expect.stringMatching(/^multipart\/form-data/),
        body: {
          Name: 'Kofferdam set',
          Image: 'file:kofferdam.jpg',
          IsShownOnHomepage: 'true',
          IsHighlighted: 'false',
        },
      },
    ]);
    // The fake server's form parser drops empty fields: the form as handed to fetch has it.
    const forms: FormData[] = [];
    const client = createApiClient({
      baseURL: 'http://test/api/v1',
      session: { getTokens: () => null, onTokensRefreshed: () => {}, onAuthExpired: () => {} },
      fetch: async (_input, init) => {
        if (init?.body instanceof FormData) forms.push(init.body);
        return new Response(JSON.stringify(product), {
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    await createApi(client).products.createProduct(request);
    expect(forms[0]?.get('Description')).toBe('');
  });

  it('patches one flag as merge-patch JSON and answers the product as stored', async () => {
    const { api, sent } = apiAgainst({ 'PATCH /products/3': { ...product, isHighlighted: true } });
    expect(await api.products.patchProduct(3, { isHighlighted: true })).toEqual({
      ...product,
      isHighlighted: true,
    });
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/products/3',
        contentType: 'application/merge-patch+json',
        body: { isHighlighted: true },
      },
    ]);
  });

  it('deletes a product by its id', async () => {
    const { api, sent } = apiAgainst();
    await api.products.deleteProduct(3);
    expect(sent).toEqual([
      { method: 'DELETE', path: '/products/3', contentType: null, body: undefined },
    ]);
  });
});

describe('educations', () => {
  const education: Education = {
    id: 5,
    title: 'Implantologija',
    description: 'Osnove implantologije',
    lecturer: 'dr. Ana Anić',
    dateOfRecording: '2024-03',
    createdAt: '2025-01-02T10:00:00.000Z',
    country: { isoCode: 'HR' },
    subtitleLanguage: null,
    partner: { id: 2, name: 'Partner', logoUrl: '/media/partners/p.webp' },
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    thumbnailUrl: null,
    stream: null,
    captions: [],
  };

  it('lists educations, reads one and its access rights with GET as answered', async () => {
    const { api, sent } = apiAgainst({
      'GET /educations': [education],
      'GET /educations/5': education,
      'GET /educations/5/access-rights': [{ user: { id: 3 } }],
    });
    expect(await api.educations.listEducations()).toEqual([education]);
    expect(await api.educations.getEducation(5)).toEqual(education);
    expect(await api.educations.listAccessRights(5)).toEqual([{ user: { id: 3 } }]);
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /educations',
      'GET /educations/5',
      'GET /educations/5/access-rights',
    ]);
  });

  it('creates an education from the form as multipart and answers it as stored', async () => {
    const { api, sent } = apiAgainst({ 'POST /educations': education });
    const form = new FormData();
    form.append('Title', 'Implantologija');
    form.append('VideoUploadId', 'abc123');
    form.append('InitialAccessUserIds', '3');
    expect(await api.educations.createEducation(form)).toEqual(education);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/educations',
        contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
        body: { Title: 'Implantologija', VideoUploadId: 'abc123', InitialAccessUserIds: '3' },
      },
    ]);
  });

  it('patches an education as merge-patch JSON, replaces its rights with PUT and deletes it', async () => {
    const { api, sent } = apiAgainst({
      'PATCH /educations/5': { ...education, title: 'Novo' },
      'PUT /educations/5/access-rights': [{ user: { id: 3 } }],
    });
    expect(
      await api.educations.updateEducation(5, { title: 'Novo', dateOfRecording: null }),
    ).toEqual({ ...education, title: 'Novo' });
    expect(await api.educations.updateAccessRights(5, [3])).toEqual([{ user: { id: 3 } }]);
    await api.educations.deleteEducation(5);
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/educations/5',
        contentType: 'application/merge-patch+json',
        body: { title: 'Novo', dateOfRecording: null },
      },
      {
        method: 'PUT',
        path: '/educations/5/access-rights',
        contentType: 'application/json',
        body: { userIds: [3] },
      },
      { method: 'DELETE', path: '/educations/5', contentType: null, body: undefined },
    ]);
  });

  it('refuses an answer whose recording month is not a year and month', async () => {
    const { api } = apiAgainst({
      'GET /educations/5': { ...education, dateOfRecording: '2024-13' },
    });
    await expect(api.educations.getEducation(5)).rejects.toThrow();
  });
});

describe('newsletters (staff)', () => {
  const summary = {
    id: 4,
    subject: 'Dentalia Istaknuta ponuda',
    templateName: 'Dentalia Istaknuta ponuda (2027-03-01T10:00:00.000Z)',
    campaignId: 2,
    campaignName: 'Catalogs',
    scheduledAt: '2027-03-12T08:00:00.000Z',
    createdAt: '2027-03-01T10:00:00.000Z',
    status: 'scheduled' as const,
    counts: { pending: 3, sent: 0, failed: 0, skipped: 0, cancelled: 0, uncertain: 0 },
    undeliverable: [{ email: 'ivo@example.com', reason: '550 5.1.1 No such user' }],
  };

  it('uploads a product image as multipart with the SPEC 7 field names', async () => {
    const answer = { productTitle: 'Kompozit', productImageUrl: 'http://test/media/n/a.jpg' };
    const { api, sent } = apiAgainst({ 'POST /newsletters/image': answer });
    const image = new File(['png'], 'kompozit.png', { type: 'image/png' });
    expect(await api.newsletters.uploadImage('Kompozit', image)).toEqual(answer);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/newsletters/image',
        contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
        body: { ProductTitle: 'Kompozit', ProductImage: 'file:kompozit.png' },
      },
    ]);
  });

  it('creates a newsletter as JSON and lists them as answered', async () => {
    const { api, sent } = apiAgainst({
      'POST /newsletters': summary,
      'GET /newsletters': [summary],
    });
    const request = {
      subject: summary.subject,
      campaignId: 2,
      templateName: summary.templateName,
      scheduledAt: summary.scheduledAt,
      singleValues: { name: summary.subject, body: 'Poštovani,' },
      listValues: [{ title: 'Kompozit', price: '12.50 €', imageUrl: 'http://test/media/n/a.jpg' }],
    };
    expect(await api.newsletters.createNewsletter(request)).toEqual(summary);
    expect(await api.newsletters.listNewsletters()).toEqual([summary]);
    expect(sent).toEqual([
      { method: 'POST', path: '/newsletters', contentType: 'application/json', body: request },
      { method: 'GET', path: '/newsletters', contentType: null, body: undefined },
    ]);
  });

  it('refuses a listed newsletter whose status is not one of the contract', async () => {
    const { api } = apiAgainst({ 'GET /newsletters': [{ ...summary, status: 'lost' }] });
    await expect(api.newsletters.listNewsletters()).rejects.toThrow();
  });

  it('reads a newsletter to change and sends the change as PUT', async () => {
    const details = {
      id: 4,
      subject: summary.subject,
      templateName: summary.templateName,
      campaignId: 2,
      scheduledAt: summary.scheduledAt,
      status: 'scheduled',
      singleValues: { name: summary.subject, body: 'Poštovani,' },
      listValues: [{ title: 'Kompozit', priceCents: 4990, imageUrl: 'http://test/media/n/a.jpg' }],
    };
    const { api, sent } = apiAgainst({ 'GET /newsletters/4': details });
    expect(await api.newsletters.getNewsletter(4)).toEqual(details);
    const request = {
      subject: summary.subject,
      campaignId: 2,
      templateName: summary.templateName,
      scheduledAt: summary.scheduledAt,
      singleValues: details.singleValues,
      listValues: [{ title: 'Kompozit', price: '49,90 €', imageUrl: 'http://test/media/n/a.jpg' }],
    };
    await expect(api.newsletters.updateNewsletter(4, request)).resolves.toBeUndefined();
    expect(sent).toEqual([
      { method: 'GET', path: '/newsletters/4', contentType: null, body: undefined },
      { method: 'PUT', path: '/newsletters/4', contentType: 'application/json', body: request },
    ]);
  });

  it('cancels, previews and sends a test of one newsletter by its id', async () => {
    const preview = {
      subject: summary.subject,
      html: '<p>Poštovani,</p>',
      text: 'Poštovani,',
      documentUrl: '/api/v1/newsletters/4/preview/document?user=3&expires=1&signature=abc',
    };
    const { api, sent } = apiAgainst({ 'GET /newsletters/4/preview': preview });
    await expect(api.newsletters.cancelNewsletter(4)).resolves.toBeUndefined();
    expect(await api.newsletters.previewNewsletter(4)).toEqual(preview);
    await expect(api.newsletters.sendTestNewsletter(4)).resolves.toBeUndefined();
    expect(sent).toEqual([
      { method: 'POST', path: '/newsletters/4/cancel', contentType: null, body: undefined },
      { method: 'GET', path: '/newsletters/4/preview', contentType: null, body: undefined },
      { method: 'POST', path: '/newsletters/4/test', contentType: null, body: undefined },
    ]);
  });
});

describe('education admin', () => {
  it('lists the users of a role, escaped in the query', async () => {
    const users = [{ id: 7, name: 'Ana', surname: 'Babić', email: 'korisnik@example.com' }];
    const { api, sent } = apiAgainst({ 'GET /users?role=user': users });
    expect(await api.users.listUsers('user')).toEqual(users);
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /users?role=user']);
  });

  it('sends a new education with the field names of the contract, optional ones only when set', async () => {
    const { api, sent } = apiAgainst({
      'POST /educations': anEducation({ id: 40, title: 'Implantologija' }),
    });
    const request: CreateEducationRequest = {
      title: 'Implantologija',
      description: 'Cijelo predavanje.',
      lecturer: 'dr. Ivo Kovač',
      dateOfRecording: null,
      countryIsoCode: 'HR',
      subtitleLanguage: null,
      partnerId: 3,
      video: { videoUploadId: 'abc123' },
      thumbnail: new File(['x'], 'naslovna.png', { type: 'image/png' }),
      initialAccessUserIds: [],
    };
    await api.educations.createEducation(createEducationFormData(request));
    await api.educations.createEducation(
      createEducationFormData({
        ...request,
        dateOfRecording: '2024-03',
        subtitleLanguage: 'engleski',
        video: { videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        thumbnail: null,
        initialAccessUserIds: [7, 8],
      }),
    );
    expect(sent.map(({ body }) => body)).toEqual([
      {
        Title: 'Implantologija',
        Description: 'Cijelo predavanje.',
        Lecturer: 'dr. Ivo Kovač',
        CountryIsoCode: 'HR',
        PartnerId: '3',
        VideoUploadId: 'abc123',
        Thumbnail: 'file:naslovna.png',
      },
      {
        Title: 'Implantologija',
        Description: 'Cijelo predavanje.',
        Lecturer: 'dr. Ivo Kovač',
        DateOfRecording: '2024-03',
        CountryIsoCode: 'HR',
        SubtitleLanguage: 'engleski',
        PartnerId: '3',
        VideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        // Object.fromEntries keeps the last of a repeated field.
        InitialAccessUserIds: '8',
      },
    ]);
  });
});
