/**
 * `npm run admin:create -- <email> [--name <name>] [--surname <surname>] [--invite]`
 *
 * Creates an administrator, the first one of a fresh installation in particular (accounts
 * otherwise exist only by invitation). The password is asked for with hidden input on a
 * terminal, or read from standard input when piped (`printf '%s' "$PASSWORD" | npm run ...`),
 * never taken from the command line, where `ps` and shell history would show it. With
 * `--invite` it prints an activation link instead, for the administrator to set a password.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { newPasswordProblems } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/password.ts';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { MESSAGES } from '../http/errors.ts';
import { invitationLink } from '../users/mail.ts';
import { parseEmail } from '../mail/address.ts';
import { newInvitation } from '../users/service.ts';
import { createUser, isRegistered } from '../users/store.ts';

const USAGE =
  'Usage: npm run admin:create -- <email> [--name <name>] [--surname <surname>] [--invite]';

class UsageError extends Error {}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      invite: { type: 'boolean', default: false },
      name: { type: 'string', default: 'Administrator' },
      surname: { type: 'string', default: '' },
    },
  });
  if (positionals.length !== 1 || positionals[0] === undefined) throw new UsageError(USAGE);
  const email = parseEmail(positionals[0]);
  const config = loadConfig(process.env);
  if (email === undefined) throw new UsageError(MESSAGES.invalidEmail);
  // The same rule as for invitations: staff accounts belong to the staff domain.
  if (!email.endsWith(`@${config.staffEmailDomain}`)) {
    throw new UsageError(MESSAGES.staffDomainRequired(config.staffEmailDomain));
  }

  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    if (await isRegistered(db, email)) throw new UsageError(MESSAGES.alreadyRegistered(email));

    if (values.invite) {
      const { token } = await newInvitation(db, systemClock(), {
        email,
        firstName: null,
        lastName: null,
        gender: null,
        roles: ['administrator'],
        invitedBy: null,
      });
      console.log(`Open this link within 7 days to activate the administrator ${email}:`);
      console.log(invitationLink(config.publicUrl, token));
      return;
    }

    const password = await readPassword();
    const problems = await newPasswordProblems(password);
    if (problems.length > 0) throw new UsageError(problems.join('\n'));
    await createUser(db, {
      email,
      name: values.name,
      surname: values.surname,
      gender: null,
      passwordHash: await hashPassword(password),
      roles: ['administrator'],
      createdAt: systemClock(),
    });
    console.log(`Administrator ${email} created. Log in at ${config.publicUrl}/login`);
  } finally {
    await db.destroy();
  }
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    // Piped: everything but one final line break, so `echo` and `printf` both work.
    let input = '';
    for await (const chunk of process.stdin) input += String(chunk);
    return input.replace(/\r?\n$/, '');
  }
  const password = await promptHidden('Password: ');
  if ((await promptHidden('Repeat the password: ')) !== password) {
    throw new UsageError('The two passwords differ.');
  }
  return password;
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (character === '\u0003' || character === '\u0004') {
          finish();
          reject(new UsageError('Cancelled.'));
          return;
        }
        value =
          character === '\u007f' || character === '\b'
            ? [...value].slice(0, -1).join('')
            : value + character;
      }
    };
    stdin.on('data', onData);
  });
}

try {
  await main();
} catch (error) {
  if (!(error instanceof UsageError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
