/**
 * The request a piece of server code runs for, without passing it down: the audit log reads
 * its caller and address from here, so a service records a write in one line without a
 * parameter for them (docs/decisions/0055-audit-log.md).
 *
 * Node's AsyncLocalStorage follows promises and callbacks. Fastify reads a JSON body from the
 * socket's events, which run outside the request's context, so the context is entered again
 * before validation, as @fastify/request-context does.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';

export interface CurrentRequest {
  request: FastifyRequest;
  /** The app's clock, so a row's time is the one the write used. */
  now: Clock;
}

const current = new AsyncLocalStorage<CurrentRequest>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/** Makes each request of `app` (and its child plugins) the current one while it is handled. */
export function trackCurrentRequest(app: FastifyInstance, now: Clock): void {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run({ request, now }, () => {
      const resource = new AsyncResource('current-request');
      resources.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource === undefined) done();
    else resource.runInAsyncScope(done);
  });
}

/** The request being handled; undefined outside one (a job, the CLI, a test of a service). */
export function currentRequest(): CurrentRequest | undefined {
  return current.getStore();
}
