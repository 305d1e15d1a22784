/**
 * The bench baseline: plain @fastify/static serving one folder, no auth, no other plugin.
 * `node bench/support/plain-static-server.ts <folder> <port>`; prints `ready` when listening.
 */
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const [root, port] = process.argv.slice(2);
if (root === undefined || port === undefined) throw new Error('usage: <folder> <port>');
const app = Fastify();
await app.register(fastifyStatic, { root, prefix: '/videos/', index: false });
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
