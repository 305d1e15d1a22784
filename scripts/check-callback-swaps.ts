/**
 * `npm run test:swaps`: proves that the SPA suite tests the containers that ship. For each entry it
 * swaps two callbacks in a container's source (a miswiring a reviewer could miss), runs the SPA
 * tests, expects them to FAIL, and restores the file. A swap the suite does not notice is a
 * container whose tests render something else. `--quick` runs only the entry's own test files.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Swap {
  container: string;
  first: string;
  second: string;
  /** The tests that render this container (what `--quick` runs). */
  tests: string[];
}

const SWAPS: Swap[] = [
  {
    container: 'src/app/LoginContainer.tsx',
    first: "send({ type: 'CHANGE_EMAIL', value })",
    second: "send({ type: 'CHANGE_PASSWORD', value })",
    tests: ['tests/machines/login.test.tsx'],
  },
  {
    container: 'src/app/CoursesContainer.tsx',
    first: "send({ type: 'CANCEL_DELETE' })",
    second: "send({ type: 'CONFIRM_DELETE' })",
    tests: ['tests/machines/coursesList.test.tsx'],
  },
  {
    container: 'src/app/CoursesContainer.tsx',
    first: 'notify.success(text)',
    second: 'notify.error(text)',
    tests: ['tests/machines/coursesList.test.tsx'],
  },
  {
    container: 'src/app/NewPasswordContainer.tsx',
    first: "send({ type: 'CHANGE_PASSWORD', value })",
    second: "send({ type: 'CHANGE_CONFIRMATION', value })",
    tests: ['tests/machines/newPassword.test.tsx'],
  },
  {
    container: 'src/app/ActivationContainer.tsx',
    first: "send({ type: 'CHANGE_NAME', value })",
    second: "send({ type: 'CHANGE_SURNAME', value })",
    tests: ['tests/machines/activation.test.tsx'],
  },
  {
    container: 'src/app/AccessGateContainer.tsx',
    first: "send({ type: 'TOGGLE_DECLARATION' })",
    second: "send({ type: 'ACCEPT' })",
    tests: ['tests/machines/accessGate.test.tsx'],
  },
  {
    container: 'src/app/HeaderContainer.tsx',
    first: "send({ type: 'HOLD_START' })",
    second: "send({ type: 'HOLD_END' })",
    tests: ['tests/machines/header.test.tsx'],
  },
  {
    container: 'src/app/HeaderContainer.tsx',
    first: "send({ type: 'TOGGLE_MENU' })}",
    second: "send({ type: 'CLOSE_MENU' })}",
    tests: ['tests/machines/header.test.tsx'],
  },
  {
    container: 'src/app/HomeContainer.tsx',
    first: "send({ type: 'FOCUS_IN' })",
    second: "send({ type: 'FOCUS_OUT' })",
    tests: ['tests/machines/heroRotation.test.tsx'],
  },
  {
    container: 'src/app/HomeContainer.tsx',
    // The trailing commas: the reduced-motion effect sends TOGGLE_PAUSE too.
    first: "send({ type: 'POINTER_ENTER' }),",
    second: "send({ type: 'TOGGLE_PAUSE' }),",
    tests: ['tests/machines/heroRotation.test.tsx'],
  },
  {
    container: 'src/app/LogoutContainer.tsx',
    first: 'logOut: () =>',
    second: 'goHome: () =>',
    tests: ['tests/machines/logoutCountdown.test.tsx', 'tests/machines/authSession.test.tsx'],
  },
  {
    container: 'src/app/AdminContainer.tsx',
    first: 'openEntry: (_,',
    second: 'scrollToContent: (_,',
    tests: ['tests/machines/adminShell.test.tsx'],
  },
  {
    container: 'src/app/RegionMapContainer.tsx',
    first: 'scrollToTop: () =>',
    second: 'logFailure: (_, { error }) =>',
    tests: ['tests/machines/mapSelection.test.tsx'],
  },
  {
    container: 'src/app/session.tsx',
    first: 'sessionStore.save(',
    second: 'sessionStore.saveTokens(',
    tests: ['tests/machines/authSession.test.tsx'],
  },
  {
    container: 'src/app/session.tsx',
    first: "session?.send({ type: 'TOKENS_REFRESHED', tokens })",
    second: "session?.send({ type: 'AUTH_EXPIRED' })",
    tests: ['tests/machines/authSession.test.tsx'],
  },
  {
    container: 'src/app/usePasswordResetDialog.tsx',
    first: "send({ type: 'SUBMIT', via: 'button' })",
    second: "send({ type: 'SUBMIT', via: 'enter' })",
    tests: ['tests/machines/emailInputModal.test.tsx'],
  },
  {
    container: 'src/app/InviteContainer.tsx',
    first: "session.send({ type: 'LOGOUT' })",
    second: 'navigate(routes.login.href())',
    tests: ['tests/machines/invite.test.tsx'],
  },
  {
    container: 'src/app/PartnerFormContainer.tsx',
    first: 'api.partners.listPartners()',
    second: 'api.partners.createPartner(input)',
    tests: ['tests/machines/partnerForm.test.tsx'],
  },
  {
    container: 'src/app/PartnerFormContainer.tsx',
    first: "send({ type: 'EDIT', values })",
    second: "send({ type: 'SUBMIT' })",
    tests: ['tests/machines/partnerForm.test.tsx'],
  },
  {
    container: 'src/app/UnsubscribeContainer.tsx',
    first: 'api.campaigns.unsubscribe(',
    second: 'api.campaigns.campaignIdByName(',
    tests: ['tests/machines/unsubscribe.test.tsx'],
  },
  {
    container: 'src/app/EducationViewerContainer.tsx',
    first: "send({ type: 'PLAY' })",
    second: "send({ type: 'VIDEO_READY' })",
    tests: ['tests/machines/educationViewer.test.tsx'],
  },
  {
    container: 'src/app/EducationViewerContainer.tsx',
    first: 'checkVideoReachable(input.url)',
    second: 'api.educations.getEducation(input.id)',
    tests: ['tests/machines/educationViewer.test.tsx'],
  },
  {
    container: 'src/app/ProductStripContainer.tsx',
    first: "send({ type: 'TOGGLE_SHOWN', id })",
    second: "send({ type: 'TOGGLE_HIGHLIGHTED', id })",
    tests: ['tests/machines/productStrip.test.tsx'],
  },
  {
    container: 'src/app/ProductStripContainer.tsx',
    first: "send({ type: 'CANCEL_DELETE' })",
    second: "send({ type: 'CONFIRM_DELETE' })",
    tests: ['tests/machines/productStrip.test.tsx'],
  },
  {
    container: 'src/app/ProductStripContainer.tsx',
    first: 'notifyDone: (_, text) =>',
    second: 'notifyFailed: (_, text) =>',
    tests: ['tests/machines/productStrip.test.tsx'],
  },
  {
    container: 'src/app/ProductStripContainer.tsx',
    first: "send({ type: 'TOGGLE_FORM' })",
    second: "send({ type: 'SUBMIT' })",
    tests: ['tests/machines/productStrip.test.tsx'],
  },
  {
    container: 'src/app/NewsletterContainer.tsx',
    first: "sendList({ type: 'CANCEL', id })",
    second: "sendList({ type: 'SEND_TEST', id })",
    tests: ['tests/machines/newsletterList.test.tsx'],
  },
  {
    container: 'src/app/NewsletterContainer.tsx',
    first: "sendForm({ type: 'ADD_PRODUCT' })",
    second: "sendForm({ type: 'REMOVE_PRODUCT', key })",
    tests: ['tests/machines/newsletterForm.test.tsx'],
  },
  {
    container: 'src/app/EducationFormContainer.tsx',
    first: "send({ type: 'PAUSE' })",
    second: "send({ type: 'RESUME' })",
    tests: ['tests/machines/educationForm.test.tsx'],
  },
  {
    container: 'src/app/EducationFormContainer.tsx',
    first: "send({ type: 'RESUME_PREVIOUS' })",
    second: "send({ type: 'START_OVER' })",
    tests: ['tests/machines/educationForm.test.tsx'],
  },
  {
    container: 'src/app/EducationFormContainer.tsx',
    first: 'notify.success(message,',
    second: 'notify.error(message,',
    tests: ['tests/machines/educationForm.test.tsx'],
  },
  {
    container: 'src/app/EducationDeleteContainer.tsx',
    first: "send({ type: 'CANCEL' })",
    second: "send({ type: 'CONFIRM' })",
    tests: ['tests/machines/educationDelete.test.tsx'],
  },
  {
    container: 'src/app/EducationPickerContainer.tsx',
    first: "send({ type: 'RETRY' })",
    second: "send({ type: 'CHOOSE', id })",
    tests: ['tests/machines/educationPicker.test.tsx'],
  },
];

const root = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');

function swapped(source: string, { container, first, second }: Swap): string {
  for (const text of [first, second]) {
    const count = source.split(text).length - 1;
    if (count !== 1) throw new Error(`${container}: "${text}" occurs ${count} times, not once`);
  }
  const marker = '\u0000swap\u0000';
  return source.replace(first, marker).replace(second, first).replace(marker, second);
}

function suiteFails(swap: Swap): boolean {
  const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', '--project', 'spa*', '--reporter=dot', ...(quick ? swap.tests : [])],
    { cwd: root, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  return run.status !== 0;
}

let failures = 0;
// One handler for the whole run: an interrupted run still restores the file it swapped.
let restore: () => void = () => undefined;
process.once('SIGINT', () => {
  restore();
  process.exit(130);
});
for (const swap of SWAPS) {
  const file = path.join(root, swap.container);
  const original = readFileSync(file, 'utf8');
  restore = () => writeFileSync(file, original);
  let noticed: boolean;
  try {
    writeFileSync(file, swapped(original, swap));
    noticed = suiteFails(swap);
  } finally {
    restore();
  }
  if (!noticed) failures += 1;
  console.log(
    `${noticed ? 'caught ' : 'MISSED '} ${swap.container}: ${swap.first} <-> ${swap.second}`,
  );
}
console.log(`${SWAPS.length - failures} of ${SWAPS.length} swapped callbacks made the suite fail`);
process.exitCode = failures === 0 ? 0 : 1;
