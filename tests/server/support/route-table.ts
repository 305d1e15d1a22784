/**
 * The route table of the authorization matrix, shared by the tests that walk every route: the
 * callers (logged in through the real login route with a solved robot check), one row per route
 * with a request that succeeds for a caller who may make it and the status each caller gets, and
 * the app they run against. `useRouteTable()` builds it once for the calling test file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AuthResponse, Course, Product } from '../../../src/api/contract.ts';
import { imageFile, multipart } from '../media-fixtures.ts';
import { campaignIdByName, newsletterRequest, uploadNewsletterImage } from './newsletters.ts';
import {
  ADMIN,
  EMPLOYEE,
  USER,
  login,
  postJson,
  recordedMail,
  recordingMailer,
  seedAccounts,
  solveRobotCheck,
  tokenInMail,
} from './accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import {
  previewDocuments,
  type PreviewDocuments,
} from '../../../server/newsletters/preview-documents.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import {
  claimTranscode,
  findTranscode,
  insertTranscode,
  settleTranscode,
} from '../../../server/transcodes/store.ts';
import {
  streamUrls as signedStreamUrls,
  type StreamUrls,
} from '../../../server/transcodes/stream-urls.ts';
import { newStreamKey } from '../../../server/transcodes/streams.ts';
import type { BuildAppOptions } from '../../../server/app.ts';

export const CALLERS = ['anonymous', 'user', 'otherUser', 'employee', 'administrator'] as const;
export type Caller = (typeof CALLERS)[number];
export type Expected = Record<Caller, number>;

const everyone = (status: number): Expected => ({
  anonymous: status,
  user: status,
  otherUser: status,
  employee: status,
  administrator: status,
});
/** Open to employees and administrators only. */
const staff = (status: number): Expected => ({
  anonymous: 401,
  user: 403,
  otherUser: 403,
  employee: status,
  administrator: status,
});
const administrators = (status: number): Expected => ({ ...staff(403), administrator: status });
/** The demo user's restricted education: its user and administrators; for others it is missing. */
const restrictedToUser: Expected = {
  anonymous: 401,
  user: 200,
  otherUser: 404,
  employee: 404,
  administrator: 200,
};

export interface Row {
  expected: Expected;
  /** A request that succeeds for a caller who may make it; built fresh for every cell. */
  request(caller: Caller): Promise<InjectOptions> | InjectOptions;
}

let root: string;
const mailer = recordingMailer();
const registered = new Set<string>();
let testApp: TestApp;
const accessTokens: Partial<Record<Caller, string>> = {};
let refreshToken: string;
let pendingInvitation: string;
let mediaPath: string;
const userIds = {} as Record<Exclude<Caller, 'anonymous'>, number>;
let restrictedEducationId: number;
let restrictedStreamKey: string;
let streamUrls: StreamUrls;
let partnerId: number;
let previewUrls: PreviewDocuments;
let newsletterImageUrl: string;
let newsletterId: number;
let png: Buffer;
let serial = 0;
const unique = (prefix: string) => `${prefix}.${(serial += 1)}@example.com`;

const STRONG = 'Zubar-Sigurno-77';
/** The first bytes of an MP4: what a tus upload's first PATCH must begin with (issue 27). */
const VIDEO_SIGNATURE = Buffer.from('00000018667479706d703432', 'hex');
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:01.000\nDobar dan\n';
const SPA_INDEX = '<!doctype html><html lang="hr"><title>Dentalia</title>';
const SPA_SCRIPT = 'console.log(1);\n';

function writeSpaBuild(root: string): string {
  const spaDir = path.join(root, 'dist');
  mkdirSync(path.join(spaDir, 'assets'), { recursive: true });
  writeFileSync(path.join(spaDir, 'index.html'), SPA_INDEX);
  writeFileSync(path.join(spaDir, 'assets', 'index-B4x9kQ2z.js'), SPA_SCRIPT);
  return spaDir;
}

function api(
  method: InjectOptions['method'],
  url: string,
  payload?: object | string,
): InjectOptions {
  return {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined && { payload }),
  };
}

async function invitationToken(roles: string[] = ['user'], email = unique('pozvan')) {
  const response = await postJson(
    testApp.app,
    '/users/invite',
    { email, roles },
    { token: accessTokens.administrator },
  );
  expect(response.statusCode, response.body).toBe(204);
  return tokenInMail(mailer.sent.at(-1), 'aktiviraj-racun');
}

/** A new waiting invitation of role user, by its id (what an employee may resend or revoke). */
async function userInvitationId(): Promise<number> {
  const email = unique('pozivnica');
  await invitationToken(['user'], email);
  const row = await testApp.db
    .selectFrom('invitations')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new account's first session, through an invitation (no login limit is spent). */
async function registeredSession(email = unique('novi')): Promise<AuthResponse> {
  const response = await testApp.app.inject(
    api('POST', '/users/complete-registration', {
      name: 'Nova',
      surname: 'Korisnica',
      password: STRONG,
      invitationToken: await invitationToken(['user'], email),
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthResponse>();
}

async function newCourseId(): Promise<number> {
  const body = await multipart(courseForm());
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/courses',
    headers: { ...body.headers, authorization: `Bearer ${accessTokens.administrator}` },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Course>().id;
}

function productForm() {
  return {
    Name: 'Kofferdam set',
    Description: '',
    Image: { bytes: png, filename: 'kofferdam.png', type: 'image/png' },
    IsShownOnHomepage: 'true',
    IsHighlighted: 'false',
  };
}

async function newProductId(): Promise<number> {
  const body = await multipart(productForm());
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: { ...body.headers, authorization: `Bearer ${accessTokens.employee}` },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>().id;
}

async function newPartnerId(): Promise<number> {
  const body = await multipart({
    Name: `Partner ${(serial += 1)}`,
    WebsiteUrl: 'https://partner.example',
    Logo: { bytes: png, filename: 'logo.png', type: 'image/png' },
  });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/partners',
    headers: { ...body.headers, authorization: `Bearer ${accessTokens.employee}` },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

function courseForm() {
  const start = new Date(Date.now() + 10 * 24 * 3_600_000);
  return {
    Title: 'Endodoncija',
    Description: 'Strojna obrada kanala.',
    Lecturer: 'dr. Ana Anić',
    Location: 'Split',
    StartDate: start.toISOString(),
    EndDate: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
    Price: '',
    Image: { bytes: png, filename: 'naslovna.png', type: 'image/png' },
  };
}

function educationForm() {
  return {
    Title: 'Ergonomija rada',
    Description: 'Predavanje o ergonomiji.',
    Lecturer: 'dr. Ana Anić',
    CountryIsoCode: 'HR',
    PartnerId: String(partnerId),
    VideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  };
}

async function newEducationId(): Promise<number> {
  const body = await multipart(educationForm());
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/educations',
    headers: { ...body.headers, authorization: `Bearer ${accessTokens.administrator}` },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** An education whose transcode failed (a video-site education given a job, for the retry). */
async function failedTranscodeId(): Promise<number> {
  const educationId = await newEducationId();
  const at = new Date();
  await insertTranscode(testApp.db, {
    educationId,
    videoKey: 'x.mp4',
    streamKey: newStreamKey(),
    at,
  });
  const claimed = await claimTranscode(testApp.db, 'route-table', at, 60_000);
  expect(claimed?.education_id).toBe(educationId);
  await settleTranscode(
    testApp.db,
    { educationId, owner: 'route-table' },
    { state: 'failed', failure: 'the file is incomplete' },
    at,
  );
  return educationId;
}

const tusHeaders = (headers: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  ...headers,
});

/** A new tus upload of the demo administrator (12 bytes), as its path under /api/v1. */
async function newUploadPath(): Promise<string> {
  const response = await testApp.app.inject({
    ...api('POST', '/uploads'),
    headers: tusHeaders({
      'upload-length': String(VIDEO_SIGNATURE.length),
      authorization: `Bearer ${accessTokens.administrator}`,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
  return location.slice('/api/v1'.length);
}

async function subscription() {
  const email = unique('pretplata');
  const campaignId = await campaignId_();
  const response = await postJson(testApp.app, '/campaigns/subscriptions', {
    email,
    campaignId,
    recaptchaToken: await solveRobotCheck(testApp.app),
  });
  expect(response.statusCode, response.body).toBe(204);
  const unsubscribeToken = /unsubscribeToken=([\w-]+)/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
  if (!unsubscribeToken) throw new Error('no unsubscribe token in the confirmation mail');
  return { email, campaignId, unsubscribeToken };
}

async function newsletterPayload() {
  const catalogs = await campaignIdByName(testApp.app, 'Catalogs');
  return newsletterRequest(catalogs, [newsletterImageUrl], new Date());
}

async function newNewsletterId(): Promise<number> {
  const response = await postJson(testApp.app, '/newsletters', await newsletterPayload(), {
    token: accessTokens.employee,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function campaignId_(): Promise<number> {
  const response = await testApp.app.inject(api('GET', '/campaigns/by-name/Courses'));
  return response.json<{ id: number }>().id;
}

/** Every route of the server but the HEAD twins of GET routes, `METHOD url` as registered. */
const GET_AND_WRITE_ROWS: Record<string, Row> = {
  'GET /api/v1/health': { expected: everyone(200), request: () => api('GET', '/health') },
  'GET /api/v1/health/ready': {
    expected: everyone(200),
    request: () => api('GET', '/health/ready'),
  },
  'GET /api/v1/config': { expected: everyone(200), request: () => api('GET', '/config') },
  'GET /api/v1/captcha/challenge': {
    expected: everyone(200),
    request: () => api('GET', '/captcha/challenge'),
  },
  'POST /api/v1/users/login': {
    expected: everyone(200),
    request: async () =>
      api('POST', '/users/login', {
        email: USER,
        password: 'Demo-Lozinka-42',
        recaptchaToken: await solveRobotCheck(testApp.app),
      }),
  },
  'POST /api/v1/users/refresh-token': {
    // A chain of rotations of one session: each cell spends the token the last one received.
    expected: everyone(200),
    request: () => api('POST', '/users/refresh-token', { refreshToken }),
  },
  'POST /api/v1/users/revoke-token': {
    expected: everyone(204),
    request: async () => {
      const session = await registeredSession();
      return api('POST', '/users/revoke-token', { refreshToken: session.refreshToken });
    },
  },
  'POST /api/v1/users/validate-registration': {
    expected: everyone(200),
    request: () =>
      api('POST', '/users/validate-registration', { invitationToken: pendingInvitation }),
  },
  'POST /api/v1/users/complete-registration': {
    expected: everyone(200),
    request: async () =>
      api('POST', '/users/complete-registration', {
        name: 'Nova',
        surname: 'Korisnica',
        password: STRONG,
        invitationToken: await invitationToken(),
      }),
  },
  'POST /api/v1/users/request-password-reset': {
    expected: everyone(204),
    request: async () =>
      api('POST', '/users/request-password-reset', {
        email: unique('zaboravio'),
        recaptchaToken: await solveRobotCheck(testApp.app),
      }),
  },
  'PUT /api/v1/users/change-password': {
    // Open, proven by the mailed token: anyone holding one may use it.
    expected: everyone(204),
    request: async () => {
      const email = unique('mijenja');
      await registeredSession(email);
      const sent = mailer.sent.length;
      const reset = await postJson(testApp.app, '/users/request-password-reset', {
        email,
        recaptchaToken: await solveRobotCheck(testApp.app),
      });
      expect(reset.statusCode, reset.body).toBe(204);
      const resetToken = tokenInMail(await recordedMail(mailer, sent + 1), 'resetiraj-lozinku');
      return api('PUT', '/users/change-password', { newPassword: `${STRONG}!`, resetToken });
    },
  },
  'POST /api/v1/users/invite': {
    expected: staff(204),
    request: () => api('POST', '/users/invite', { email: unique('novi'), roles: ['user'] }),
  },
  'GET /api/v1/users': { expected: administrators(200), request: () => api('GET', '/users') },
  'GET /api/v1/users/invitations': {
    expected: staff(200),
    request: () => api('GET', '/users/invitations'),
  },
  'POST /api/v1/users/invitations/:id/resend': {
    expected: staff(204),
    request: async () => api('POST', `/users/invitations/${await userInvitationId()}/resend`),
  },
  'POST /api/v1/users/invitations/:id/revoke': {
    expected: staff(204),
    request: async () => api('POST', `/users/invitations/${await userInvitationId()}/revoke`),
  },
  'GET /api/v1/users/accounts': {
    expected: staff(200),
    request: () => api('GET', '/users/accounts'),
  },
  'POST /api/v1/users/:id/deactivate': {
    // A fresh account of role user per cell: what an employee may deactivate too.
    expected: staff(204),
    request: async () => api('POST', `/users/${(await registeredSession()).id}/deactivate`),
  },
  'PUT /api/v1/users/:id/role': {
    expected: administrators(204),
    request: async () =>
      api('PUT', `/users/${(await registeredSession()).id}/role`, { role: 'user' }),
  },
  'GET /api/v1/countries': { expected: everyone(200), request: () => api('GET', '/countries') },
  'GET /api/v1/courses': { expected: everyone(200), request: () => api('GET', '/courses') },
  'POST /api/v1/courses': {
    expected: administrators(201),
    request: async () => {
      const body = await multipart(courseForm());
      return {
        method: 'POST',
        url: '/api/v1/courses',
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  'DELETE /api/v1/courses/:id': {
    expected: administrators(204),
    request: async () => api('DELETE', `/courses/${await newCourseId()}`),
  },
  'GET /api/v1/campaigns/by-name/:campaignName': {
    expected: everyone(200),
    request: () => api('GET', '/campaigns/by-name/Catalogs'),
  },
  'POST /api/v1/campaigns/subscriptions': {
    expected: everyone(204),
    request: async () =>
      api('POST', '/campaigns/subscriptions', {
        email: unique('novosti'),
        campaignId: await campaignId_(),
        recaptchaToken: await solveRobotCheck(testApp.app),
      }),
  },
  'DELETE /api/v1/campaigns/subscriptions': {
    expected: everyone(204),
    request: async () => api('DELETE', '/campaigns/subscriptions', await subscription()),
  },
  'POST /api/v1/campaigns/subscriptions/one-click': {
    expected: everyone(204),
    request: async () => {
      const { email, campaignId, unsubscribeToken } = await subscription();
      const query = new URLSearchParams({
        email,
        campaignId: String(campaignId),
        unsubscribeToken,
      });
      return {
        method: 'POST',
        url: `/api/v1/campaigns/subscriptions/one-click?${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      };
    },
  },
  'GET /api/v1/products': { expected: everyone(200), request: () => api('GET', '/products') },
  'POST /api/v1/products': {
    expected: staff(201),
    request: async () => {
      const body = await multipart(productForm());
      return {
        method: 'POST',
        url: '/api/v1/products',
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  'PATCH /api/v1/products/:id': {
    expected: staff(200),
    request: async () => ({
      ...api('PATCH', `/products/${await newProductId()}`, { isHighlighted: true }),
      headers: { 'content-type': 'application/merge-patch+json' },
    }),
  },
  'DELETE /api/v1/products/:id': {
    expected: staff(204),
    request: async () => api('DELETE', `/products/${await newProductId()}`),
  },
  'GET /api/v1/partners': { expected: everyone(200), request: () => api('GET', '/partners') },
  'POST /api/v1/partners': {
    expected: staff(201),
    request: async () => {
      const body = await multipart({
        Name: `Partner ${(serial += 1)}`,
        WebsiteUrl: 'https://partner.example',
        Logo: { bytes: png, filename: 'logo.png', type: 'image/png' },
      });
      return {
        method: 'POST',
        url: '/api/v1/partners',
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  'PUT /api/v1/partners/:id': {
    expected: staff(200),
    request: async () => {
      const id = await newPartnerId();
      const body = await multipart({
        Name: `Partner ${(serial += 1)}`,
        WebsiteUrl: 'https://p.example',
      });
      return {
        method: 'PUT',
        url: `/api/v1/partners/${id}`,
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  'DELETE /api/v1/partners/:id': {
    expected: staff(204),
    request: async () => api('DELETE', `/partners/${await newPartnerId()}`),
  },
  // The demo user's restricted education: hidden from other users and employees as if missing.
  'GET /api/v1/educations': {
    expected: { ...everyone(200), anonymous: 401 },
    request: () => api('GET', '/educations'),
  },
  'GET /api/v1/educations/:id': {
    expected: restrictedToUser,
    request: () => api('GET', `/educations/${restrictedEducationId}`),
  },
  'GET /api/v1/educations/:id/access-rights': {
    expected: administrators(200),
    request: () => api('GET', `/educations/${restrictedEducationId}/access-rights`),
  },
  // Education writes and the tus endpoint of their videos: administrators only (issue 13).
  'POST /api/v1/educations': {
    expected: administrators(201),
    request: async () => {
      const body = await multipart(educationForm());
      return {
        method: 'POST',
        url: '/api/v1/educations',
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  'PATCH /api/v1/educations/:id': {
    expected: administrators(200),
    request: async () => ({
      ...api(
        'PATCH',
        `/educations/${await newEducationId()}`,
        JSON.stringify({ title: 'Novi naslov' }),
      ),
      headers: { 'content-type': 'application/merge-patch+json' },
    }),
  },
  'PUT /api/v1/educations/:id/thumbnail': {
    expected: administrators(200),
    request: async () => {
      const body = await multipart({
        Thumbnail: { bytes: await imageFile('png', 64, 36), filename: 'sličica.png' },
      });
      return {
        method: 'PUT',
        url: `/api/v1/educations/${await newEducationId()}/thumbnail`,
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  'PUT /api/v1/educations/:id/access-rights': {
    expected: administrators(200),
    request: async () =>
      api('PUT', `/educations/${await newEducationId()}/access-rights`, {
        userIds: [userIds.user],
      }),
  },
  'DELETE /api/v1/educations/:id': {
    expected: administrators(204),
    request: async () => api('DELETE', `/educations/${await newEducationId()}`),
  },
  // The HLS stream's signed path is the credential (a video element sends no bearer token, and
  // the uploaded original is never served, decision 0049): each caller uses one made for them,
  // an anonymous holder the demo user's.
  'GET /api/v1/educations/:id/stream/:streamKey/:user/:expires/:signature/*': {
    expected: { ...restrictedToUser, anonymous: 200 },
    request: (caller) => ({
      method: 'GET',
      url: `${streamUrls.prefix(
        restrictedEducationId,
        restrictedStreamKey,
        userIds[caller === 'anonymous' ? 'user' : caller],
      )}master.m3u8`,
    }),
  },
  'POST /api/v1/educations/:id/transcode/retry': {
    expected: administrators(200),
    request: async () => api('POST', `/educations/${await failedTranscodeId()}/transcode/retry`),
  },
  'PUT /api/v1/educations/:id/captions/:language': {
    expected: administrators(200),
    request: () => ({
      ...api('PUT', `/educations/${restrictedEducationId}/captions/hr`, CAPTIONS),
      headers: { 'content-type': 'text/vtt' },
    }),
  },
  'DELETE /api/v1/educations/:id/captions/:language': {
    expected: administrators(204),
    request: async () => {
      const put = await testApp.app.inject({
        ...api('PUT', `/educations/${restrictedEducationId}/captions/en`, CAPTIONS),
        headers: {
          'content-type': 'text/vtt',
          authorization: `Bearer ${accessTokens.administrator}`,
        },
      });
      expect(put.statusCode, put.body).toBe(200);
      return api('DELETE', `/educations/${restrictedEducationId}/captions/en`);
    },
  },
  'POST /api/v1/uploads': {
    expected: administrators(201),
    request: () => ({ ...api('POST', '/uploads'), headers: tusHeaders({ 'upload-length': '4' }) }),
  },
  'OPTIONS /api/v1/uploads': {
    expected: administrators(204),
    request: () => ({ ...api('OPTIONS', '/uploads'), headers: tusHeaders() }),
  },
  'PATCH /api/v1/uploads/:id': {
    expected: administrators(204),
    request: async () => ({
      ...api('PATCH', await newUploadPath(), VIDEO_SIGNATURE),
      headers: tusHeaders({
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
    }),
  },
  'HEAD /api/v1/uploads/:id': {
    expected: administrators(200),
    request: async () => ({ ...api('HEAD', await newUploadPath()), headers: tusHeaders() }),
  },
  'DELETE /api/v1/uploads/:id': {
    expected: administrators(204),
    request: async () => ({ ...api('DELETE', await newUploadPath()), headers: tusHeaders() }),
  },
  'OPTIONS /api/v1/uploads/:id': {
    expected: administrators(204),
    request: async () => ({ ...api('OPTIONS', await newUploadPath()), headers: tusHeaders() }),
  },
  'POST /api/v1/newsletters/image': {
    expected: staff(201),
    request: async () => {
      const body = await multipart({
        ProductTitle: 'Kompozit',
        ProductImage: { bytes: png, filename: 'proizvod.png', type: 'image/png' },
      });
      return {
        method: 'POST',
        url: '/api/v1/newsletters/image',
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  'POST /api/v1/newsletters': {
    expected: staff(201),
    request: async () => api('POST', '/newsletters', await newsletterPayload()),
  },
  'GET /api/v1/newsletters': { expected: staff(200), request: () => api('GET', '/newsletters') },
  'GET /api/v1/newsletters/:id': {
    expected: staff(200),
    request: () => api('GET', `/newsletters/${newsletterId}`),
  },
  'PUT /api/v1/newsletters/:id': {
    expected: staff(204),
    request: async () =>
      api('PUT', `/newsletters/${await newNewsletterId()}`, await newsletterPayload()),
  },
  'POST /api/v1/newsletters/:id/cancel': {
    expected: staff(204),
    request: async () => api('POST', `/newsletters/${await newNewsletterId()}/cancel`),
  },
  'GET /api/v1/newsletters/:id/preview': {
    expected: staff(200),
    request: () => api('GET', `/newsletters/${newsletterId}/preview`),
  },
  // The signed URL is the credential (a frame sends no bearer token): each caller uses one made
  // for them, an anonymous holder an employee's; one made for a non-staff user is refused.
  'GET /api/v1/newsletters/:id/preview/document': {
    expected: { ...staff(200), anonymous: 200 },
    request: (caller) => ({
      method: 'GET',
      url: previewUrls.sign(newsletterId, userIds[caller === 'anonymous' ? 'employee' : caller]),
    }),
  },
  'POST /api/v1/newsletters/:id/test': {
    expected: staff(204),
    request: () => api('POST', `/newsletters/${newsletterId}/test`),
  },
  // The audit log says what each staff member did: administrators only (issue 29).
  'GET /api/v1/audit-log': {
    expected: administrators(200),
    request: () => api('GET', '/audit-log?kind=product&pageSize=5'),
  },
  'GET /api/v1/audit-log/people': {
    expected: administrators(200),
    request: () => api('GET', '/audit-log/people'),
  },
  // Uploaded files are public by design (course images and PDFs); restricted media would get
  // signed URLs and rows of their own here.
  'GET /media/*': { expected: everyone(200), request: () => ({ method: 'GET', url: mediaPath }) },
  'GET /index.html': {
    expected: everyone(200),
    request: () => ({ method: 'GET', url: '/index.html' }),
  },
  // No account opens the metrics: a scraper outside this machine needs METRICS_TOKEN, which is
  // unset here (tests/server/metrics.test.ts: the token, loopback and proxied requests).
  'GET /metrics': {
    expected: everyone(403),
    request: () => ({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' }),
  },
  'GET /': { expected: everyone(200), request: () => ({ method: 'GET', url: '/' }) },
  'GET /assets/index-B4x9kQ2z.js': {
    expected: everyone(200),
    request: () => ({ method: 'GET', url: '/assets/index-B4x9kQ2z.js' }),
  },
};

/** Fastify answers HEAD wherever it answers GET: the same callers, the same statuses. */
export const ROWS: Record<string, Row> = {
  ...GET_AND_WRITE_ROWS,
  ...Object.fromEntries(
    Object.entries(GET_AND_WRITE_ROWS)
      .filter(([route]) => route.startsWith('GET '))
      .map(([route, row]) => [
        route.replace(/^GET /, 'HEAD '),
        {
          expected: row.expected,
          request: async (caller: Caller) => ({ ...(await row.request(caller)), method: 'HEAD' }),
        } satisfies Row,
      ]),
  ),
};

/**
 * Not routes but answers every caller can reach: the SPA's history fallback for page addresses
 * (login-only pages too: the SPA asks the API, which decides) and the JSON 404 elsewhere.
 */
export const FALLBACKS: Record<string, Row> = {
  'GET /admin/course (SPA fallback)': {
    expected: everyone(200),
    request: () => ({ method: 'GET', url: '/admin/course', headers: { accept: 'text/html' } }),
  },
  'GET /api/v1/nothing-here': {
    expected: everyone(404),
    request: () => api('GET', '/nothing-here'),
  },
  'GET /media/courses/missing.webp': {
    expected: everyone(404),
    request: () => ({ method: 'GET', url: '/media/courses/missing.webp' }),
  },
};

export function withCaller(options: InjectOptions, caller: Caller): InjectOptions {
  const token = accessTokens[caller];
  if (token === undefined) return options;
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } };
}

export interface RouteTable {
  readonly app: FastifyInstance;
  readonly db: TestApp['db'];
  readonly dataDir: string;
  /** `METHOD url` of every route the app registered, learnt from Fastify's `onRoute` hook. */
  readonly registered: ReadonlySet<string>;
  /** Each caller's access token (none for `anonymous`) and user id. */
  readonly accessTokens: Readonly<Partial<Record<Caller, string>>>;
  readonly userIds: Readonly<Record<Exclude<Caller, 'anonymous'>, number>>;
}

/** Keeps the one session the refresh-token row rotates in step with the answers it got. */
export function noteAnswer(route: string, response: LightMyRequestResponse): void {
  if (refreshToken && route === 'POST /api/v1/users/refresh-token' && response.statusCode === 200) {
    refreshToken = response.json<AuthResponse>().refreshToken;
  }
}

/**
 * Builds the app, the callers and the rows' fixtures before the file's tests, and removes them
 * after. Limits are the app's own unless `rateLimits` replaces them (a test sending many
 * requests per route); `env` adds to the app's configuration.
 */
export function useRouteTable(
  options: { rateLimits?: BuildAppOptions['rateLimits']; env?: Record<string, string> } = {},
): RouteTable {
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dental-routes-'));
    const dataDir = path.join(root, 'var');
    mkdirSync(dataDir);
    testApp = await createTestApp(dataDir, {
      spaDir: writeSpaBuild(root),
      mailer,
      ...(options.rateLimits !== undefined && { rateLimits: options.rateLimits }),
      // Every POST and PATCH row opens an upload of the demo administrator that nobody finishes:
      // the cap of unfinished uploads (tests/server/upload-limits.test.ts) is not what this tests.
      env: { EDUCATION_UNFINISHED_UPLOADS_MAX: '1000', ...options.env },
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) registered.add(`${method} ${route.url}`);
      },
    });
    await seedAccounts(testApp.db, dataDir, () => new Date());
    png = await imageFile('png', 400, 300);
    const admin = await login(testApp.app, ADMIN);
    accessTokens.administrator = admin.accessToken;
    const employee = await login(testApp.app, EMPLOYEE);
    accessTokens.employee = employee.accessToken;
    const user = await login(testApp.app, USER);
    accessTokens.user = user.accessToken;
    refreshToken = user.refreshToken;
    const otherUser = await registeredSession();
    accessTokens.otherUser = otherUser.accessToken;
    Object.assign(userIds, {
      user: user.id,
      otherUser: otherUser.id,
      employee: employee.id,
      administrator: admin.id,
    });
    const restricted = await testApp.db
      .selectFrom('education_access_rights')
      .select('education_id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    restrictedEducationId = restricted.education_id;
    const transcode = await findTranscode(testApp.db, restrictedEducationId);
    restrictedStreamKey = transcode?.stream_key ?? '';
    streamUrls = signedStreamUrls({
      jwtSecret: loadSecrets(testApp.config).jwtSecret,
      lifetimeHours: 1,
      basePath: '/api/v1',
      now: () => new Date(),
    });
    const partners = await testApp.app.inject(api('GET', '/partners'));
    partnerId = partners.json<{ id: number }[]>()[0]?.id ?? 0;
    previewUrls = previewDocuments({
      jwtSecret: loadSecrets(testApp.config).jwtSecret,
      basePath: '/api/v1',
      now: () => new Date(),
    });
    pendingInvitation = await invitationToken();
    newsletterImageUrl = (await uploadNewsletterImage(testApp.app, admin.accessToken))
      .productImageUrl;
    newsletterId = await newNewsletterId();
    const courses = (await testApp.app.inject(api('GET', '/courses'))).json<Course[]>();
    mediaPath = courses[0]?.imagePath ?? '';
    expect(mediaPath).toMatch(/^\/media\//);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    rmSync(root, { recursive: true, force: true });
  });

  return {
    get app() {
      return testApp.app;
    },
    get db() {
      return testApp.db;
    },
    get dataDir() {
      return testApp.config.dataDir;
    },
    registered,
    accessTokens,
    userIds,
  };
}
