/**
 * The bench baseline of uploads: node:http streaming each request body into a new file of one
 * folder and answering 204, no parsing, no checks: the ceiling of loopback plus disk.
 * `node bench/support/plain-upload-server.ts <folder> <port>`; prints `ready` when listening.
 */
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const [folder, port] = process.argv.slice(2);
if (folder === undefined || port === undefined) throw new Error('usage: <folder> <port>');
let uploads = 0;
const server = createServer((request, response) => {
  uploads += 1;
  pipeline(request, createWriteStream(path.join(folder, `upload-${uploads}.bin`))).then(
    () => response.writeHead(204).end(),
    () => response.writeHead(500).end(),
  );
});
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
