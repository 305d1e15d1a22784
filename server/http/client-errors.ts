/**
 * Requests Node's HTTP parser refuses before Fastify sees a request (issue 25): an invalid header
 * name, headers over Node's 16 KB limit, both Content-Length and Transfer-Encoding, a request
 * that does not arrive in time. There is no request or reply object then, only the socket, so the
 * answer is written to it by hand, in the error contract's shape, with the security headers and a
 * request id like every other answer (router-errors.ts does the same for the router's errors).
 *
 * What cannot be kept: the request id is always a new one (the client's `x-request-id` is among
 * the headers that failed to parse), no hook runs, and the connection is closed (the parser
 * cannot find the next request in the bytes that follow). A reverse proxy in front refuses most
 * of these itself, in its own format, before they reach us.
 */
import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { DomainError, MESSAGES } from './errors.ts';
import { REQUEST_ID_HEADER } from './logging.ts';

type ClientErrorHandler = NonNullable<FastifyServerOptions['clientErrorHandler']>;

/** Node's error codes for what the parser refused, and how each is answered. */
function refusalOf(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: MESSAGES.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: MESSAGES.requestTimeout };
  return { status: 400, message: MESSAGES.malformedRequest };
}

export function clientErrors(securityHeaders: FastifyHelmetOptions): ClientErrorHandler {
  const headerLines = securityHeaderLines(securityHeaders);
  return function answerClientError(this: FastifyInstance, error, socket) {
    // A reset connection has no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = refusalOf(error.code);
    const requestId = randomUUID();
    // The error's `rawPacket` holds the refused bytes, credentials included: only its code.
    this.log.info({ reqId: requestId, code: error.code, status }, 'request refused by the parser');
    // As Node's own answer: nothing is written into a response already under way on the socket
    // (an earlier keep-alive request), which would corrupt it for the client.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (socket.writable && inFlight?.headersSent !== true) {
      const body = JSON.stringify(new DomainError(status, message).toBody());
      socket.write(
        [
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
          'content-type: application/json; charset=utf-8',
          `content-length: ${Buffer.byteLength(body)}`,
          `${REQUEST_ID_HEADER}: ${requestId}`,
          ...headerLines,
          'connection: close',
          '',
          body,
        ].join('\r\n'),
      );
    }
    socket.destroy();
  };
}

/**
 * The header lines @fastify/helmet adds to every answer, from the same options. They depend on
 * the options only (no nonce or per-request directive), so they are computed once.
 */
function securityHeaderLines(securityHeaders: FastifyHelmetOptions): string[] {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  // The same options @fastify/helmet is given; its types name helmet's CommonJS declarations.
  helmet(securityHeaders as HelmetOptions)(response.req, response, () => {});
  return Object.entries(response.getHeaders()).map(([name, value]) => `${name}: ${String(value)}`);
}
