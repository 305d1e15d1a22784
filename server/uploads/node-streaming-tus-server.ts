/**
 * A tus server whose PATCH bodies flow from the Node request to the data store as Node streams
 * (issue 13, decision 0023). @tus/server 2 wraps every Node request in a web Request (srvx) and
 * its PATCH handler turns the body back into a Node stream (`Readable.toWeb`, then
 * `Readable.fromWeb`): two adapters and a promise per chunk, 1.4 times the CPU of the same chain
 * on the Node stream, and on a shared machine CPU is the upload's throughput. Everything else
 * (headers, hooks, locks, offsets, the size limit, answers) stays tus's own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS, Server, StreamLimiter, type CancellationContext, type Upload } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';

type WriteToStore = (
  body: ReadableStream | Readable | null,
  upload: Upload,
  maxFileSize: number,
  context: CancellationContext,
) => Promise<number>;

/** The PATCH handler's protected `writeToStore`, which @tus/server does not export a class for. */
interface PatchHandlerInternals {
  store: Server['datastore'];
  writeToStore: WriteToStore;
}

export class NodeStreamingTusServer extends Server {
  constructor(...args: ConstructorParameters<typeof Server>) {
    super(...args);
    const patch = this.handlers.PATCH as unknown as PatchHandlerInternals;
    const webStreamWrite = patch.writeToStore.bind(patch);
    patch.writeToStore = (body, upload, maxFileSize, context) =>
      body instanceof Readable
        ? writeNodeBody(patch.store, body, upload, maxFileSize, context)
        : webStreamWrite(body, upload, maxFileSize, context);
  }

  /** As tus's own `handle`, except that a PATCH request's `body` is the Node request itself. */
  override async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const webRequest = new NodeRequest({ req: request, res: response });
    if (request.method === 'PATCH') {
      // An own property shadows srvx's getter, which would start `Readable.toWeb` on first read.
      Object.defineProperty(webRequest, 'body', { value: request });
    }
    await sendNodeResponse(response, await this.handleWeb(webRequest));
  }
}

/**
 * tus's `writeToStore` (@tus/server 2.4, BaseHandler) on a Node stream: a PassThrough between
 * the request and the store, so that a failed write answers the client instead of destroying
 * its socket; the size limit; an aborted request ends the write with what arrived. Progress
 * events (POST_RECEIVE) are not emitted: nothing here listens to them.
 */
async function writeNodeBody(
  store: Server['datastore'],
  body: Readable,
  upload: Upload,
  maxFileSize: number,
  context: CancellationContext,
): Promise<number> {
  if (context.signal.aborted) throw ERRORS.ABORTED;
  const proxy = new PassThrough();
  let sourceError: unknown;
  body.on('error', (error) => {
    sourceError = error;
    body.unpipe(proxy);
    if (!context.signal.aborted) proxy.destroy(error);
  });
  const onAbort = () => {
    body.unpipe(proxy);
    if (!proxy.destroyed) proxy.end();
  };
  context.signal.addEventListener('abort', onAbort, { once: true });
  try {
    // A function at the end of a pipeline is given the stream before it, the limiter.
    return await pipeline(body.pipe(proxy), new StreamLimiter(maxFileSize), (limited) =>
      store.write(limited as StreamLimiter, upload.id, upload.offset),
    );
  } catch (error) {
    body.unpipe(proxy);
    const aborted =
      (sourceError !== undefined && error === sourceError) ||
      (error instanceof Error && error.name === 'AbortError');
    throw aborted ? ERRORS.ABORTED : error;
  } finally {
    context.signal.removeEventListener('abort', onAbort);
  }
}
