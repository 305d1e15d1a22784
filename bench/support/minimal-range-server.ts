/**
 * The floor of bench:education-video: node:http and fs.createReadStream, nothing else. Answers
 * `GET /videos/<name>` with `Range: bytes=<first>-<last>` by a 206 of that slice of the file in
 * `<folder>`; no validation beyond what the bench sends, no framework, no checks: what any Node
 * server pays at least for one ranged read on this machine.
 * `node bench/support/minimal-range-server.ts <folder> <port>`; prints `ready` when listening.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const [folder, port] = process.argv.slice(2);
if (folder === undefined || port === undefined) throw new Error('usage: <folder> <port>');

const server = createServer((request, response) => {
  const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
  const name = path.basename(request.url ?? '');
  if (range === null || !request.url?.startsWith('/videos/')) {
    response.writeHead(400).end();
    return;
  }
  const file = path.join(folder, name);
  const first = Number(range[1]);
  const last = Number(range[2]);
  response.writeHead(206, {
    'content-type': 'video/mp4',
    'content-length': last - first + 1,
    'content-range': `bytes ${first}-${last}/${statSync(file).size}`,
    'accept-ranges': 'bytes',
  });
  createReadStream(file, { start: first, end: last }).pipe(response);
});
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
