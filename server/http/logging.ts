/**
 * Structured logs (pino through Fastify) with request ids. Secrets never reach a log line:
 * credentials in headers and bodies are redacted by path, and the secrets of logged URLs are
 * masked: token-like query parameters (the unsubscribe and activation links carry them) and the
 * signature of a signed stream path (which opens the stream to anyone who has it, until it expires).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import type { LogLevel } from '../config.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

const SENSITIVE_FIELDS = [
  'password',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'resetToken',
  'invitationToken',
  'unsubscribeToken',
  'recaptchaToken',
  'secret',
];

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

const SENSITIVE_QUERY_PARAMETER = /token|password|secret|key|signature/i;

/** `/educations/{id}/stream/{stream key}/{user}/{expires}/` and then the signature. */
const SIGNED_STREAM_PATH = /(\/educations\/[^/?]+\/stream\/[^/?]+\/[^/?]+\/[^/?]+\/)[^/?]+/;

/** A client's id is honoured (so logs join across services) only when it looks like one. */
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface LogDestination {
  write(line: string): void;
}

export function loggingOptions(
  level: LogLevel,
  stream: LogDestination | undefined,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: {
      level,
      ...(stream && { stream }),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: maskSecretsInUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    requestIdHeader: false,
    genReqId: (request: RawRequestDefaultExpression) => {
      const offered = request.headers[REQUEST_ID_HEADER];
      return typeof offered === 'string' && ACCEPTABLE_REQUEST_ID.test(offered)
        ? offered
        : randomUUID();
    },
  };
}

export function maskSecretsInUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(
    SIGNED_STREAM_PATH,
    '$1redacted',
  );
  if (queryStart === -1) return path;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of new Set(query.keys())) {
    if (SENSITIVE_QUERY_PARAMETER.test(name)) query.set(name, 'redacted');
  }
  return `${path}?${query.toString()}`;
}
