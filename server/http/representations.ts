/**
 * One answer kept in memory in each encoding a browser may ask for, compressed once when it is
 * made instead of once per request, each with a strong ETag (the cached course list,
 * docs/decisions/0008, and the server-rendered pages, docs/decisions/0021).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compression gains nothing worth a header. */
const MIN_COMPRESSIBLE_BYTES = 1024;

/** By preference: brotli is smaller, gzip is understood everywhere. */
const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof COMPRESSED_ENCODINGS)[number] | 'identity';

export interface Representation {
  body: Buffer;
  /** Strong ETag of this encoding, quoted. */
  etag: string;
}

export type Representations = Partial<Record<Encoding, Representation>> & {
  identity: Representation;
};

/**
 * The body and its compressed copies. The ETag is a hash of the bytes, so every process gives
 * the same tag for the same answer.
 */
export async function representationsOf(identity: Buffer): Promise<Representations> {
  const representations = identityOnly(identity);
  Object.assign(representations, await compressedCopies(identity, representations));
  return representations;
}

/**
 * One page after another, so that brotli takes one core and leaves the other to the start-up,
 * which it would otherwise slow by as much as it saved.
 */
let laterCompressions: Promise<unknown> = Promise.resolve();

/**
 * The body now, its compressed copies once made: for the pages rendered at start, so that the
 * server listens without waiting for brotli (some 30 ms a page on a slow core, 370 ms for all,
 * issue 31). Until then every browser gets the identity, under the identity's own ETag.
 */
export function representationsCompressedLater(identity: Buffer): Representations {
  const representations = identityOnly(identity);
  laterCompressions = laterCompressions
    .then(() => compressedCopies(identity, representations))
    .then(
      (copies) => Object.assign(representations, copies),
      // Compressing bytes in memory fails only when memory does; the identity still serves.
      () => undefined,
    );
  return representations;
}

function identityOnly(identity: Buffer): Representations {
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { identity: { body: identity, etag: `"${hash}"` } };
}

async function compressedCopies(
  identity: Buffer,
  { identity: { etag } }: Representations,
): Promise<Partial<Representations>> {
  if (identity.length < MIN_COMPRESSIBLE_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const tagged = (encoding: string) => `${etag.slice(0, -1)}-${encoding}"`;
  return { br: { body: br, etag: tagged('br') }, gzip: { body: gz, etag: tagged('gzip') } };
}

interface HasRepresentations {
  representations: Representations;
}

/** The encoding to answer with, from an Accept-Encoding header and what the answer has. */
export function negotiateEncoding(
  header: string | undefined,
  answer: HasRepresentations,
): Encoding {
  const offered = COMPRESSED_ENCODINGS.filter((encoding) => answer.representations[encoding]);
  return negotiate(header ?? '', offered) ?? 'identity';
}

/** Whether an If-None-Match header names any encoding of this answer (RFC 9110 13.1.2). */
export function matchesIfNoneMatch(
  header: string | undefined,
  answer: HasRepresentations,
): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const current = Object.values(answer.representations).map((r) => r.etag);
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => current.includes(tag));
}

/**
 * Answers with the representation the browser accepts, revalidated on every use (`no-cache`),
 * or 304 when the browser holds it already. `vary` names the request headers the answer
 * depends on besides Accept-Encoding.
 */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: HasRepresentations,
  { contentType, vary = [] }: { contentType: string; vary?: readonly string[] },
) {
  const encoding = negotiateEncoding(request.headers['accept-encoding'], answer);
  const representation = answer.representations[encoding] ?? answer.representations.identity;
  reply
    .header('cache-control', 'no-cache')
    .header('vary', ['accept-encoding', ...vary].join(', '))
    .header('etag', representation.etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer)) {
    return reply.code(304).send();
  }
  reply.header('content-type', contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(representation.body);
}
