/**
 * Turns every failure into one of the two error shapes of the wire contract: never an HTML
 * page, never a stack trace, and a 500 only for what is truly unexpected (logged, with the
 * request id, and answered without its message).
 */
import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { isUnstorableText } from '../db/dialect.ts';
import { DomainError, MESSAGES, OverloadedError, ValidationError } from './errors.ts';

/** Fastify's own client errors, answered with our stable messages instead of its wording. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.malformedJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  // The router's own wording repeats the address; ours does not echo what was sent.
  FST_ERR_BAD_URL: MESSAGES.malformedUrl,
  FST_ERR_MAX_PARAM_LENGTH: MESSAGES.parameterTooLong,
};

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof OverloadedError) {
    // Shed load is not an outage to log per request: the load-shedding plugin warns once.
    return reply
      .code(503)
      .header('retry-after', String(OverloadedError.RETRY_AFTER_SECONDS))
      .send(error.toBody());
  }
  if (error instanceof DomainError || error instanceof ValidationError) {
    // A 5xx domain error is an outage the caller is told about (mail, robot check): log it.
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return reply.code(error.statusCode).send(error.toBody());
  }
  if (error.validation) {
    const fields = fieldErrors(error.validation, error.validationContext ?? 'body');
    return reply.code(400).send(new ValidationError(fields).toBody());
  }
  const status = error.statusCode ?? 500;
  // 4xx errors from Fastify and its plugins describe the request, not the server: safe to say.
  if (status >= 400 && status < 500) {
    const message = CLIENT_ERROR_MESSAGES[error.code] ?? error.message;
    return reply.code(status).send(new DomainError(status, message).toBody());
  }
  if (isUnstorableText(error)) {
    return reply.code(400).send(new DomainError(400, MESSAGES.unstorableText).toBody());
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(new DomainError(500, MESSAGES.internal).toBody());
}

export function handleNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(new DomainError(404, MESSAGES.notFound).toBody());
}

/** Groups schema issues by field, named as in the request: `Email`, `products[0].title`. */
function fieldErrors(
  issues: FastifySchemaValidationError[],
  context: string,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldName(issue.instancePath) || context;
    (fields[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((segment, index) => {
      if (/^\d+$/.test(segment)) return `[${segment}]`;
      return index === 0 ? segment : `.${segment}`;
    })
    .join('');
}
