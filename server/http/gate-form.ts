/**
 * The access gate's form as the server answers it (SPEC 4, decision 0026): a visitor who taps the
 * gate's button before the app has hydrated the page (or without JavaScript) posts the form here.
 * With the declaration on, the answer sets the two gate cookies as the gate machine writes them
 * and sends the visitor back to the page the form was on; without it, back to that page marked
 * `?izjava=nedostaje`, whose gate then shows SPEC 5's message (pages.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATE_FORM, GATE_REFUSAL_QUERY, withoutGateRefusal } from '../../src/routes.ts';
import { DomainError, MESSAGES } from './errors.ts';

/** A gate cookie with js-cookie's attributes, as the gate machine's CONSENT_COOKIES holds it. */
export interface GateCookie {
  name: string;
  value: string;
  attributes: { expires: number; path: string; sameSite?: string };
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** The form has one checkbox: its name and value fit in far less. */
const FORM_BODY_LIMIT = 256;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface GateFormOptions {
  consentCookies: readonly GateCookie[];
  /** The site is served over https: the cookies say so. */
  secure: boolean;
}

export async function gateFormRoute(app: FastifyInstance, options: GateFormOptions): Promise<void> {
  // Its own scope: only this route reads HTML forms; the API stays JSON.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      FORM_TYPE,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    scope.post(GATE_FORM.action, async (request, reply) => {
      if (!isSameOrigin(request)) throw new DomainError(403, MESSAGES.forbidden);
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const declared = form.get(GATE_FORM.declarationField) === 'on';
      if (declared) {
        reply.header(
          'set-cookie',
          options.consentCookies.map((cookie) => setCookie(cookie, new Date(), options.secure)),
        );
      }
      return backToThePage(request, reply, declared);
    });
  });
}

/**
 * A form another site made the browser post is refused: the declaration is the visitor's own.
 * Browsers say where a request comes from in Sec-Fetch-Site, older ones in Origin.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The page the form was on (this site's, from the Referer), else the home page; marked as refused
 * when the declaration was missing.
 */
function backToThePage(
  request: FastifyRequest,
  reply: FastifyReply,
  declared: boolean,
): FastifyReply {
  let pathname = '/';
  let search = '';
  try {
    const referer = new URL(request.headers.referer ?? '');
    // "//host/..." would leave the site: only a path of this site is a way back.
    if (referer.host === request.headers.host && !referer.pathname.startsWith('//')) {
      pathname = referer.pathname;
      search = withoutGateRefusal(referer.search);
    }
  } catch {
    // No Referer, or not a URL: the home page.
  }
  if (!declared) search = search ? `${search}&${GATE_REFUSAL_QUERY}` : GATE_REFUSAL_QUERY;
  const location = search ? `${pathname}?${search}` : pathname;
  return reply.code(303).header('cache-control', 'no-store').header('location', location).send();
}

function setCookie(cookie: GateCookie, now: Date, secure: boolean): string {
  const { expires, path, sameSite } = cookie.attributes;
  const parts = [
    `${cookie.name}=${encodeURIComponent(cookie.value)}`,
    `Path=${path}`,
    `Expires=${new Date(now.getTime() + expires * DAY_MS).toUTCString()}`,
  ];
  if (sameSite) parts.push(`SameSite=${sameSite}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
