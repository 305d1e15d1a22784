/** `npm run admin:create` as a real process, its password piped in on standard input. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { login, postJson, testClock } from './support/accounts.ts';
import { NODE_24, PROJECT_ROOT } from './support/server-process.ts';
import { useTempDir } from './support/temp-dir.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const SCRIPT = path.join(PROJECT_ROOT, 'server', 'cli', 'create-admin.ts');
const PASSWORD = 'Prvi-Admin-2024';

async function createAdmin(args: string[], stdin = '') {
  const { dataDir, databaseUrl } = await testDatabase(tempDir());
  const child = spawn(NODE_24, [SCRIPT, ...args], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }),
      PUBLIC_URL: 'https://dentalia.example',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

async function app() {
  const clock = testClock();
  testApp = await createTestApp(tempDir(), {
    env: { PUBLIC_URL: 'https://dentalia.example' },
    now: clock.now,
  });
  return testApp.app;
}

// Each test starts the CLI as its own Node process, up to four times: seconds of CPU apiece on
// two shared cores, more than vitest's default 5 s when the machine is busy.
describe('npm run admin:create', { timeout: 30_000 }, () => {
  it('creates an administrator with the piped password, who can log in', async () => {
    const result = await createAdmin(
      ['Sefica@Dentalia.hr', '--name', 'Vesna', '--surname', 'Perić'],
      `${PASSWORD}\n`,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Administrator sefica@dentalia.hr created.');
    expect(result.stdout).not.toContain(PASSWORD);
    expect(await login(await app(), 'sefica@dentalia.hr', PASSWORD)).toMatchObject({
      name: 'Vesna',
      surname: 'Perić',
      roles: ['administrator'],
    });
  });

  it('--invite prints an activation link that registers an administrator', async () => {
    const result = await createAdmin(['sefica@dentalia.hr', '--invite']);
    expect(result.code).toBe(0);
    const token = /https:\/\/dentalia\.example\/aktiviraj-racun\/([\w-]{43})/.exec(
      result.stdout,
    )?.[1];
    expect(token).toBeDefined();
    const response = await postJson(await app(), '/users/complete-registration', {
      name: 'Vesna',
      surname: 'Perić',
      password: PASSWORD,
      invitationToken: token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ roles: ['administrator'] });
  });

  it('refuses a weak password, a registered e-mail, a foreign domain, missing arguments', async () => {
    const weak = await createAdmin(['sefica@dentalia.hr'], 'kratka\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Password must be at least 8 characters long.');

    expect((await createAdmin(['sefica@dentalia.hr'], PASSWORD)).code).toBe(0);
    const again = await createAdmin(['SEFICA@dentalia.hr'], PASSWORD);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('User sefica@dentalia.hr is already registered.');

    const foreign = await createAdmin(['boss@example.com'], PASSWORD);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain("Email must belong to the domain 'dentalia.hr'");

    const usage = await createAdmin([]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run admin:create -- <email>');
  });
});
