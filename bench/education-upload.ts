/**
 * `npm run bench:education-upload [-- --mib 1024] [--baseline DIR] [--profile-dir DIR]`: a 1 GiB
 * education video uploaded to the real server (`server/main.ts`, demo seed, temporary data
 * folder) through the plain multipart form of POST /educations and through tus
 * (`/api/v1/uploads`, one PATCH, as tus-js-client sends it with its default chunk size),
 * alternating which goes first over three rounds so that the machine's noise falls on both alike;
 * beside them, as the ceiling of loopback plus disk on this machine in this run, a bare node:http
 * server streaming the same bytes to a file (bench/support/plain-upload-server.ts). Reported per
 * way: throughput (bytes of the video over the time from the first byte sent to the created
 * education), the server's resident memory (/proc VmRSS, sampled every 20 ms) growth over its
 * idle level, and the server's CPU time per GiB (on a shared machine steadier than the
 * throughput, which the other processes' load decides). Then a tus upload whose connection is
 * killed at 50 % resumes from the offset the server reports (HEAD), and the stored video's
 * SHA-256 must equal the source's. Goals: >= 150 MB/s on loopback and RSS growth <= 64 MiB for
 * both ways. `--baseline DIR` adds the tus way of another checkout (its own server and data
 * folder), so that a change to the upload path is measured against the code before it in the
 * same run; `--profile-dir DIR` writes a CPU profile of our server there. Every server runs with
 * the Node options `npm start` gives production (heap sizes decide how often streaming collects).
 */
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import { VIDEO_FOLDER } from '../server/educations/videos.ts';
import { spawn } from 'node:child_process';
import {
  NODE_24,
  PROJECT_ROOT,
  freePort,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/server-process.ts';
import { loginAsAdministrator, REQUEST_TIMEOUT_MS } from './support/api-client.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { cpuMs } from './support/process-cpu.ts';
import { startEnvironment, startFlags } from './support/start-flags.ts';

const { values: flags } = parseArgs({
  options: {
    mib: { type: 'string', default: '1024' },
    /** A folder for a CPU profile of the server (`--cpu-prof`), to open in Chrome's DevTools. */
    'profile-dir': { type: 'string' },
    /** Another checkout with its node_modules (for instance /work/main): its tus way beside ours. */
    baseline: { type: 'string' },
  },
});
const profileDir = flags['profile-dir'];
const BASELINE = flags.baseline === undefined ? undefined : path.resolve(flags.baseline);
const VIDEO_MIB = Number(flags.mib);
if (!(VIDEO_MIB >= 16 && VIDEO_MIB <= 4096)) throw new Error('--mib: 16 to 4096');
const VIDEO_BYTES = VIDEO_MIB * 1024 * 1024;
const ROUNDS = 3;
const GOALS = { megabytesPerSecond: 150, rssGrowthMib: 64 };
exitUnlessDoneWithin(30 * 60 * 1000, 'bench:education-upload');

const residentMib = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** A valid MP4 of `bytes` bytes: `ftyp`, a small `moov`, and an `mdat` of varied bytes. */
async function writeVideo(file: string, bytes: number): Promise<string> {
  const box = (type: string, size: number) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(size, 0);
    header.write(type, 4, 'latin1');
    return header;
  };
  const ftyp = Buffer.concat([box('ftyp', 20), Buffer.from('isom\0\0\x02\0isom', 'latin1')]);
  const moov = Buffer.concat([box('moov', 108), Buffer.alloc(100)]);
  const head = Buffer.concat([ftyp, moov, box('mdat', bytes - ftyp.length - moov.length)]);
  // 1 MiB of pseudo-random bytes, each repetition shifted: no two MiB alike.
  const block = Buffer.alloc(1024 * 1024);
  let seed = 7;
  for (let index = 0; index < block.length; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    block[index] = seed & 0xff;
  }
  const hash = createHash('sha256');
  async function* contents() {
    hash.update(head);
    yield head;
    let written = head.length;
    for (let round = 0; written < bytes; round += 1) {
      const piece = Buffer.from(block.subarray(0, Math.min(block.length, bytes - written)));
      piece[0] = round & 0xff;
      piece[1] = (round >> 8) & 0xff;
      hash.update(piece);
      yield piece;
      written += piece.length;
    }
  }
  await pipeline(contents, createWriteStream(file));
  return hash.digest('hex');
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

interface Sent {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * One request with `body` (buffers, then the video file from `start`); `onProgress` sees the
 * video bytes sent so far and may kill the connection.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body: { before?: Buffer; file?: { path: string; start: number }; after?: Buffer } = {},
  onProgress: (sent: number, kill: () => void) => void = () => {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method, headers });
    call.setTimeout(10 * 60_000, () => call.destroy(new Error(`${method} ${url}: timed out`)));
    call.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    call.on('error', reject);
    (async () => {
      if (body.before) call.write(body.before);
      if (body.file) {
        let sent = 0;
        const progress = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            sent += chunk.length;
            onProgress(sent, () => call.destroy(new Error('killed')));
            callback(null, chunk);
          },
        });
        await pipeline(
          createReadStream(body.file.path, { start: body.file.start }),
          progress,
          call,
          {
            end: false,
          },
        );
      }
      call.end(body.after);
    })().catch(reject);
  });
}

const contentLength = (parts: readonly (Buffer | undefined)[], fileBytes: number) =>
  parts.reduce((sum, part) => sum + (part?.length ?? 0), fileBytes);

const educationFields = (partnerId: number, label: string) => ({
  Title: `Predavanje ${label}`,
  Description: 'Snimka predavanja za mjerenje prijenosa.',
  Lecturer: 'dr. Ana Anić',
  CountryIsoCode: 'HR',
  PartnerId: String(partnerId),
});

interface Target {
  name: string;
  server: ServerProcess;
  dataDir: string;
  pid: number;
  base: string;
  auth: { authorization: string };
  partnerId: number;
  videos: string;
}

/** The server of checkout `root` on a data folder of its own, logged in as the administrator. */
async function startTarget(name: string, root: string, nodeFlags: string[]): Promise<Target> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-education-upload-'));
  const password = generateStrongPassword();
  const server = await spawnServer(
    {
      ...(await startEnvironment(root)),
      DATA_DIR: folder,
      DEMO_PASSWORD: password,
      EDUCATION_VIDEO_MAX_BYTES: String(VIDEO_BYTES),
    },
    { root, nodeFlags: [...startFlags(root), ...nodeFlags] },
  );
  await waitForHealth(server, 60_000);
  const base = server.baseUrl;
  const token = await loginAsAdministrator(base, password);
  const partners = (await (
    await fetch(`${base}/api/v1/partners`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  ).json()) as { id: number }[];
  return {
    name,
    server,
    dataDir: folder,
    pid: server.child.pid ?? 0,
    base,
    auth: { authorization: `Bearer ${token}` },
    partnerId: partners[0]?.id ?? 0,
    videos: path.join(folder, VIDEO_FOLDER),
  };
}

const targets: Target[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-education-upload-'));
const plainPort = await freePort();
const plainFolder = mkdtempSync(path.join(dataDir, 'plain-'));
const plain = spawn(
  NODE_24,
  [
    ...startFlags(PROJECT_ROOT),
    path.join(PROJECT_ROOT, 'bench/support/plain-upload-server.ts'),
    plainFolder,
    String(plainPort),
  ],
  {
    env: { ...process.env, ...(await startEnvironment(PROJECT_ROOT)) },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
try {
  await new Promise<void>((resolve, reject) => {
    plain.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    plain.once('exit', () => reject(new Error('the plain upload server stopped')));
  });
  const ours = await startTarget(
    'ours',
    PROJECT_ROOT,
    profileDir === undefined
      ? []
      : ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', 'server.cpuprofile'],
  );
  targets.push(ours);
  if (BASELINE !== undefined) targets.push(await startTarget('baseline', BASELINE, []));
  const source = path.join(dataDir, 'source.mp4');
  const sourceHash = await writeVideo(source, VIDEO_BYTES);

  /** The video file a new education got: the one the folder did not have before. */
  const storedHashAfter = async (target: Target, before: string[]) => {
    const added = readdirSync(target.videos).filter((file) => !before.includes(file));
    if (added.length !== 1) throw new Error(`expected one new video, found ${added.length}`);
    return sha256Of(path.join(target.videos, added[0] ?? ''));
  };

  async function multipartUpload(target: Target, label: string): Promise<void> {
    const boundary = `----bench${Date.now()}`;
    const fields = Object.entries(educationFields(target.partnerId, label))
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
    const before = Buffer.from(
      `${fields}--${boundary}\r\nContent-Disposition: form-data; name="Video"; filename="predavanje.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const after = Buffer.from(`\r\n--${boundary}--\r\n`);
    const answer = await send(
      `${target.base}/api/v1/educations`,
      'POST',
      {
        ...target.auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': contentLength([before, after], VIDEO_BYTES),
      },
      { before, file: { path: source, start: 0 }, after },
    );
    if (answer.status !== 201) throw new Error(`multipart: ${answer.status} ${answer.body}`);
  }

  async function createTusUpload(target: Target): Promise<string> {
    const created = await send(`${target.base}/api/v1/uploads`, 'POST', {
      ...target.auth,
      'tus-resumable': '1.0.0',
      'upload-length': VIDEO_BYTES,
      'content-length': 0,
    });
    if (created.status !== 201) throw new Error(`tus creation: ${created.status} ${created.body}`);
    return new URL(String(created.headers.location), target.base).href;
  }

  const patch = (
    target: Target,
    url: string,
    offset: number,
    onProgress?: (sent: number, kill: () => void) => void,
  ) =>
    send(
      url,
      'PATCH',
      {
        ...target.auth,
        'tus-resumable': '1.0.0',
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
        'content-length': VIDEO_BYTES - offset,
      },
      { file: { path: source, start: offset } },
      onProgress,
    );

  async function createFromUpload(target: Target, url: string, label: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(educationFields(target.partnerId, label)))
      form.append(name, value);
    form.append('VideoUploadId', url.split('/').pop() ?? '');
    const response = await fetch(`${target.base}/api/v1/educations`, {
      method: 'POST',
      headers: target.auth,
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status !== 201)
      throw new Error(`create: ${response.status} ${await response.text()}`);
  }

  async function tusUpload(target: Target, label: string): Promise<void> {
    const url = await createTusUpload(target);
    const answer = await patch(target, url, 0);
    if (answer.status !== 204) throw new Error(`tus PATCH: ${answer.status} ${answer.body}`);
    await createFromUpload(target, url, label);
  }

  const way = (name: string, target: Target, run: typeof tusUpload) => ({
    name,
    target,
    run,
    seconds: [] as number[],
    growthMib: [] as number[],
    cpuMs: [] as number[],
    hashes: [] as boolean[],
  });
  const ways = [
    way('multipart POST /educations', ours, multipartUpload),
    way('tus /api/v1/uploads', ours, tusUpload),
    ...targets.slice(1).map((baseline) => way('tus, baseline checkout', baseline, tusUpload)),
  ];
  const plainSeconds: number[] = [];
  const plainCpuMs: number[] = [];
  async function plainUpload() {
    const cpuBefore = cpuMs(plain.pid ?? 0);
    const started = performance.now();
    const answer = await send(
      `http://127.0.0.1:${plainPort}/`,
      'POST',
      { 'content-length': VIDEO_BYTES },
      { file: { path: source, start: 0 } },
    );
    if (answer.status !== 204) throw new Error(`plain upload: ${answer.status}`);
    plainSeconds.push((performance.now() - started) / 1000);
    plainCpuMs.push(cpuMs(plain.pid ?? 0) - cpuBefore);
    rmSync(plainFolder, { recursive: true, force: true });
    mkdirSync(plainFolder);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ways : [...ways].reverse();
    if (round % 2 === 0) await plainUpload();
    for (const current of order) {
      const { target } = current;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const idle = residentMib(target.pid);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, residentMib(target.pid))), 20);
      const before = readdirSync(target.videos);
      const cpuBefore = cpuMs(target.pid);
      const started = performance.now();
      try {
        await current.run(target, `${current.name} ${round}`);
      } finally {
        clearInterval(sampler);
      }
      current.seconds.push((performance.now() - started) / 1000);
      current.growthMib.push(peak - idle);
      current.cpuMs.push(cpuMs(target.pid) - cpuBefore);
      current.hashes.push((await storedHashAfter(target, before)) === sourceHash);
    }
    if (round % 2 === 1) await plainUpload();
  }

  // A dropped connection at 50 %: the rest goes from the offset the server reports.
  const url = await createTusUpload(ours);
  const killed = await patch(ours, url, 0, (sent, kill) => {
    if (sent >= VIDEO_BYTES / 2) kill();
  }).then(
    () => false,
    () => true,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const head = await send(url, 'HEAD', { ...ours.auth, 'tus-resumable': '1.0.0' });
  const offset = Number(head.headers['upload-offset']);
  const resumed = await patch(ours, url, offset);
  const before = readdirSync(ours.videos);
  await createFromUpload(ours, url, 'resumed');
  const resumedIntact = (await storedHashAfter(ours, before)) === sourceHash;

  const mb = VIDEO_BYTES / 1e6;
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  console.log(
    `\n${VIDEO_MIB} MiB video, ${ROUNDS} alternating rounds per way; ` +
      targets.map((target) => `${target.name}: pid ${target.pid}`).join(', ') +
      (BASELINE === undefined ? '' : ` (baseline ${BASELINE})`) +
      '\n',
  );
  console.table(
    ways.map((current) => ({
      way: current.name,
      'MB/s per round': current.seconds.map((s) => (mb / s).toFixed(0)).join(', '),
      'MB/s median': (mb / median(current.seconds)).toFixed(0),
      'RSS growth MiB per round': current.growthMib.map((g) => g.toFixed(1)).join(', '),
      'server CPU s per GiB, median': (median(current.cpuMs) / 1000 / (VIDEO_MIB / 1024)).toFixed(
        2,
      ),
      'stored = source (SHA-256)': current.hashes.every(Boolean) ? 'yes' : 'NO',
    })),
  );
  const ceiling = mb / median(plainSeconds);
  console.log(
    `bare node:http to a file (ceiling of this machine now): ${plainSeconds.map((s) => (mb / s).toFixed(0)).join(', ')} MB/s, median ${ceiling.toFixed(0)}; ` +
      `its CPU s per GiB, median ${(median(plainCpuMs) / 1000 / (VIDEO_MIB / 1024)).toFixed(2)}`,
  );
  console.log(
    `throughput / ceiling: ${ways.map((current) => `${current.name} x${(mb / median(current.seconds) / ceiling).toFixed(2)}`).join(', ')}`,
  );
  const [multipart, tus, tusBaseline] = ways as [
    (typeof ways)[0],
    (typeof ways)[0],
    (typeof ways)[0]?,
  ];
  console.log(
    `time ratios of the medians: tus / multipart x${(median(tus.seconds) / median(multipart.seconds)).toFixed(2)}` +
      (tusBaseline === undefined
        ? ''
        : `, tus / tus of the baseline x${(median(tus.seconds) / median(tusBaseline.seconds)).toFixed(2)}` +
          ` (server CPU x${(median(tus.cpuMs) / median(tusBaseline.cpuMs)).toFixed(2)})`),
  );
  console.log(
    `killed at 50 %: ${killed ? 'yes' : 'NO'}; server offset after the kill ${offset} of ${VIDEO_BYTES} ` +
      `(${((100 * offset) / VIDEO_BYTES).toFixed(1)} %); resumed PATCH ${resumed.status}; ` +
      `stored = source (SHA-256): ${resumedIntact ? 'yes' : 'NO'}`,
  );
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  );
  const verdict = [multipart, tus].map((current) => {
    const rate = mb / median(current.seconds);
    const growth = Math.max(...current.growthMib);
    return (
      `${current.name}: ${rate.toFixed(0)} MB/s >= ${GOALS.megabytesPerSecond}: ${rate >= GOALS.megabytesPerSecond ? 'met' : 'MISSED'}; ` +
      `RSS growth ${growth.toFixed(1)} MiB <= ${GOALS.rssGrowthMib}: ${growth <= GOALS.rssGrowthMib ? 'met' : 'MISSED'}`
    );
  });
  console.log(`goals:\n  ${verdict.join('\n  ')}`);
  if (!killed || !resumedIntact || !ways.every((current) => current.hashes.every(Boolean)))
    process.exitCode = 1;
} finally {
  plain.kill('SIGTERM');
  for (const target of targets) {
    target.server.child.kill('SIGTERM');
    await target.server.exited;
    rmSync(target.dataDir, { recursive: true, force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
}
