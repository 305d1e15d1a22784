/**
 * The bench baseline of stream segments: Fastify with @fastify/static serving one folder, no
 * signature, no access check: what the same files cost without ours.
 * `node bench/support/plain-static-server.ts <folder> <port>`; prints `ready` when listening.
 */
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const [folder, port] = process.argv.slice(2);
if (folder === undefined || port === undefined) throw new Error('usage: <folder> <port>');
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: folder, prefix: '/stream/', cacheControl: false });
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
