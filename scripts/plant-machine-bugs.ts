/**
 * `npm run test:planted-bugs`: proves that the machine tests judge behaviour (issue 30). Each entry
 * is a bug a reviewer could miss (a guard flipped, an action dropped, a delay changed, a limit off
 * by one), planted as a text replacement in a scratch copy of the tree under the system's temporary
 * folder. The flow's test files run against it, and the table says which tests failed: the random
 * paths judged by SPEC (tests/support/random-paths.ts), the paths generated from the machine
 * (tests/support/model-based.ts), or tests pinned by hand. The working tree is never touched.
 * `npm run test:planted-bugs -- 3 14` plants only those entries; `RANDOM_PATH_RUNS=100 npm run
 * test:planted-bugs` draws more random runs than the suite does (a bug deep in a flow is caught by
 * some runs and not others).
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface PlantedBug {
  what: string;
  file: string;
  from: string;
  to: string;
  tests: string[];
}

const machine = (name: string) => `src/machines/${name}.machine.ts`;
/** The forms' rules live apart from their machines. */
const rules = (name: string) => `src/machines/${name}.rules.ts`;
const test = (name: string) => `tests/machines/${name}`;

const PLANTED_BUGS: PlantedBug[] = [
  {
    what: 'pausing an upload drops resumeUpload (education form)',
    file: machine('educationForm'),
    from: "PAUSE: { target: 'paused', actions: assign({ resumeUpload: true }) },",
    to: "PAUSE: { target: 'paused' },",
    tests: [test('educationForm.test.tsx')],
  },
  {
    what: "the viewer's details expand after 1.5 s instead of 0.5 s",
    file: machine('educationViewer'),
    from: 'export const DETAILS_EXPAND_MS = 500;',
    to: 'export const DETAILS_EXPAND_MS = 1500;',
    tests: [test('educationViewer.test.tsx')],
  },
  {
    what: 'the library\'s "no educations" check uses <= 1',
    file: machine('educationLibrary'),
    from: '(event.output as Education[]).length === 0,',
    to: '(event.output as Education[]).length <= 1,',
    tests: [test('educationLibrary.test.tsx')],
  },
  {
    what: "the newsletter's add-product guard allows 21",
    file: machine('newsletterForm'),
    from: 'context.products.length < NEWSLETTER_RULES.productsMax,',
    to: 'context.products.length <= NEWSLETTER_RULES.productsMax,',
    tests: [test('newsletterForm.test.tsx')],
  },
  {
    what: 'the product strip drops pageAfterDelete',
    file: machine('productStrip'),
    from: 'assign({ pageNumber: ({ context }) => pageAfterDelete(context) }),',
    to: 'assign({ pageNumber: ({ context }) => context.pageNumber }),',
    tests: [test('productStrip.test.tsx')],
  },
  {
    what: 'the partner form skips validation before submitting',
    file: machine('partnerForm'),
    from: '!hasErrors(validatePartnerDraft(draftOf(context), editing(context))),',
    to: 'true,',
    tests: [test('partnerForm.test.tsx')],
  },
  {
    what: 'access rights are sent only when unchanged (education form)',
    file: rules('educationForm'),
    from: 'userIds: sameIds(userIds, context.savedUserIds) ? null : userIds,',
    to: 'userIds: sameIds(userIds, context.savedUserIds) ? userIds : null,',
    tests: [test('educationForm.test.tsx')],
  },
  {
    what: 'a second video failure loops back to renewing (viewer)',
    file: machine('educationViewer'),
    from: "resuming: {\n              on: { VIDEO_READY: { target: 'playable' }, VIDEO_FAILED: { target: 'failed' } },",
    to: "resuming: {\n              on: { VIDEO_READY: { target: 'playable' }, VIDEO_FAILED: { target: 'renewing' } },",
    tests: [test('educationViewer.test.tsx')],
  },
  {
    what: 'a changed product image keeps its old URL (newsletter)',
    file: machine('newsletterForm'),
    from: "imageUrl: 'image' in event.values ? null : product.imageUrl,",
    to: 'imageUrl: product.imageUrl,',
    tests: [test('newsletterForm.test.tsx')],
  },
  {
    what: 'the highlight guard is loosened (product strip)',
    file: machine('productStrip'),
    from: "'id' in event && productOf(context, event.id)?.isShownOnHomepage === true,",
    to: "'id' in event && productOf(context, event.id) !== undefined,",
    tests: [test('productStrip.test.tsx')],
  },
  {
    what: 'an emptied rights list skips the PUT (education form)',
    file: 'src/app/EducationFormContainer.tsx',
    from: 'if (input.userIds) await api.educations.updateAccessRights(input.id, input.userIds);',
    to: 'if (input.userIds?.length) await api.educations.updateAccessRights(input.id, input.userIds);',
    tests: [test('educationForm.test.tsx')],
  },
  {
    what: 'the gate sets its cookies when accepted without the declaration',
    file: machine('accessGate'),
    from: "on: { TOGGLE_DECLARATION: 'declarationOn', ACCEPT: 'declarationRequired' },",
    to: "on: {\n            TOGGLE_DECLARATION: 'declarationOn',\n            ACCEPT: { target: '#accessGate.accepted', actions: { type: 'persistConsent', params: CONSENT_COOKIES } },\n          },",
    tests: [test('accessGate.test.tsx')],
  },
  {
    what: 'an expired session (401 after the refresh) keeps the stored session',
    file: machine('authSession'),
    from: "target: 'loggedOut',\n          actions: [\n            'clearSession',\n",
    to: "target: 'loggedOut',\n          actions: [\n",
    tests: [test('authSession.test.tsx')],
  },
  {
    what: 'login checks the untrimmed password',
    file: machine('login'),
    from: 'context.password.trim().length > LOGIN_MIN_LENGTH',
    to: 'context.password.length > LOGIN_MIN_LENGTH',
    tests: [test('login.test.tsx')],
  },
  {
    what: 'the logout countdown ticks every 1.5 s',
    file: machine('logoutCountdown'),
    from: 'delays: { tick: LOGOUT_TICK_MS },',
    to: 'delays: { tick: LOGOUT_TICK_MS + 500 },',
    tests: [test('logoutCountdown.test.tsx')],
  },
  {
    what: 'activation skips the length check of the surname',
    file: machine('activation'),
    from: '  cleanLine(surname).length > ACTIVATION_NAME_MIN_LENGTH &&\n',
    to: '',
    tests: [test('activation.test.tsx')],
  },
  {
    what: 'the subscription sends before the robot check',
    file: machine('emailInputModal'),
    from: "{ guard: and(['longEnough', 'robotChecked']), target: 'submitting' },",
    to: "{ guard: 'longEnough', target: 'submitting' },",
    tests: [test('newsletterSubscription.test.tsx')],
  },
  {
    what: 'unsubscribe sends a link without an e-mail',
    file: machine('unsubscribe'),
    from: "linkUsable: ({ context }) => context.email !== '' && context.campaign !== null,",
    to: 'linkUsable: ({ context }) => context.campaign !== null,',
    tests: [test('unsubscribe.test.tsx')],
  },
  {
    what: 'the courses list deletes without the confirmation',
    file: machine('coursesList'),
    from: "guard: 'shownCourse',\n              target: 'confirmingDelete',",
    to: "guard: 'shownCourse',\n              target: 'deleting',",
    tests: [test('coursesList.test.tsx')],
  },
  {
    what: 'the course form accepts a start in the past',
    // The rule is the contract's schema, which the form's rules judge with.
    file: 'src/api/contract/courses.ts',
    from: 'datesRule((start) => start > now.getTime(), SERVER_MESSAGES.courseStartInPast),',
    to: 'datesRule((start) => start > now.getTime() - 86_400_000, SERVER_MESSAGES.courseStartInPast),',
    tests: [test('courseForm.test.tsx')],
  },
  {
    what: 'the map keeps a region selected when it is pressed again',
    file: machine('mapSelection'),
    from: "guard: { type: 'isSelectedRegion', params: regionOfEvent },",
    to: 'guard: () => false,',
    tests: [test('mapSelection.test.tsx')],
  },
  // Beyond the issue's 21: rules of the flows whose random paths came later (issue 30's second part).
  {
    what: "the auth session ignores a login while the logout's revoke runs",
    file: machine('authSession'),
    from: '    loggingOut: {\n      invoke: {',
    to: '    loggingOut: {\n      on: { LOGIN: {} },\n      invoke: {',
    tests: [test('authSession.test.tsx')],
  },
  {
    what: "the library's partner filter counts each partner's educations as one",
    file: machine('educationLibrary'),
    from: 'if (option) option.count += 1;',
    to: 'if (option) option.count = 1;',
    tests: [test('educationLibrary.test.tsx')],
  },
  {
    what: 'a refused subscription keeps the robot-check solution for the next attempt',
    file: machine('emailInputModal'),
    from: "target: 'editing',\n                actions: [\n                  'forgetRobotToken',\n",
    to: "target: 'editing',\n                actions: [\n",
    tests: [test('newsletterSubscription.test.tsx')],
  }, // The flows whose random paths came at stop 44: each entry's bug was planted by hand first, to
  // see the random paths catch it where the generated ones could not.
  {
    what: 'the courses list sorts oldest first',
    file: machine('coursesList'),
    from: 'Date.parse(b.createdAt) - Date.parse(a.createdAt)',
    to: 'Date.parse(a.createdAt) - Date.parse(b.createdAt)',
    tests: [test('coursesList.test.tsx')],
  },
  {
    what: 'the courses list shows "no courses" for a single course',
    file: machine('coursesList'),
    from: '(event.output as Course[]).length === 0',
    to: '(event.output as Course[]).length <= 1',
    tests: [test('coursesList.test.tsx')],
  },
  {
    what: 'a failed course delete gives no toast',
    file: machine('coursesList'),
    from: "                { type: 'notifyDeleteFailed', params: coursesMessages.deleteFailed },\n",
    to: '',
    tests: [test('coursesList.test.tsx')],
  },
  {
    what: 'a saved partner change leaves the form in edit mode',
    file: machine('partnerForm'),
    from: '              editingId: null,\n              partners: withFirst',
    to: '              partners: withFirst',
    tests: [test('partnerForm.test.tsx')],
  },
  {
    what: 'editing keeps the problems of the last submit (partner form)',
    file: machine('partnerForm'),
    from: 'EDIT: { actions: assign(({ event }) => ({ ...event.values, errors: {} })) },',
    to: 'EDIT: { actions: assign(({ event }) => ({ ...event.values })) },',
    tests: [test('partnerForm.test.tsx')],
  },
  {
    what: 'a partner change never sends its new logo',
    file: rules('partnerForm'),
    from: '    websiteUrl: draft.websiteUrl.trim(),\n    logo: draft.logo,\n  };',
    to: '    websiteUrl: draft.websiteUrl.trim(),\n    logo: null,\n  };',
    tests: [test('partnerForm.test.tsx')],
  },
  {
    what: 'a refused partner change drops out of edit mode',
    file: machine('partnerForm'),
    from: "target: '#partnerForm.editing.changing',\n          actions: assign({ errors: ({ event }) => partnerFailure(event.error) }),",
    to: "target: '#partnerForm.editing.adding',\n          actions: assign({ errors: ({ event }) => partnerFailure(event.error) }),",
    tests: [test('partnerForm.test.tsx')],
  },
  {
    what: 'the header reveals the login link after 1500 ms instead of 2000',
    file: machine('header'),
    from: "after: { 2000: 'revealed' }",
    to: "after: { 1500: 'revealed' }",
    tests: [test('header.test.tsx')],
  },
  {
    what: 'releasing the header does not end the hold',
    file: machine('header'),
    from: "on: { HOLD_END: 'hidden' },",
    to: 'on: {},',
    tests: [test('header.test.tsx')],
  },
  {
    what: 'a new session keeps the revealed login link',
    file: machine('header'),
    from: "          target: '.hidden',\n",
    to: '',
    tests: [test('header.test.tsx')],
  },
  {
    what: 'Escape and a followed link no longer close the menu',
    file: machine('header'),
    from: "open: { on: { TOGGLE_MENU: 'closed', CLOSE_MENU: 'closed' } }",
    to: "open: { on: { TOGGLE_MENU: 'closed' } }",
    tests: [test('header.test.tsx')],
  },
  {
    what: 'the hero rotates only once (the self-transition is not re-entered)',
    file: machine('heroRotation'),
    from: 'reenter: true,',
    to: 'reenter: false,',
    tests: [test('heroRotation.test.tsx')],
  },
  {
    what: 'focus inside the hero no longer holds the rotation',
    file: machine('heroRotation'),
    from: 'context.count < 2 || context.hovered || context.focused || context.paused',
    to: 'context.count < 2 || context.hovered || context.paused',
    tests: [test('heroRotation.test.tsx')],
  },
  {
    what: 'the hero wraps after the third photo',
    file: machine('heroRotation'),
    from: '(context.index + 1) % context.count',
    to: '(context.index + 1) % (context.count - 1)',
    tests: [test('heroRotation.test.tsx')],
  },
  {
    what: 'the hero changes every 5500 ms',
    file: machine('heroRotation'),
    from: 'delays: { rotation: HERO_ROTATION_MS }',
    to: 'delays: { rotation: HERO_ROTATION_MS + 500 }',
    tests: [test('heroRotation.test.tsx')],
  },
  {
    what: 'the hero forgets the outgoing photo',
    file: machine('heroRotation'),
    from: 'previous: ({ context }) => context.index,',
    to: 'previous: () => null,',
    tests: [test('heroRotation.test.tsx')],
  },
  {
    what: 'the admin scroll offset uses 150 px instead of 225',
    file: machine('adminShell'),
    from: 'entryCount * 75 + 225',
    to: 'entryCount * 75 + 150',
    tests: [test('adminShell.test.tsx')],
  },
  {
    what: 'exactly /admin opens the second entry',
    file: machine('adminShell'),
    from: 'context.entries[0]?.href',
    to: 'context.entries[1]?.href',
    tests: [test('adminShell.test.tsx')],
  },
  {
    what: 'choosing an entry on a narrow screen does not scroll',
    file: machine('adminShell'),
    from: "            {\n              type: 'scrollToContent',\n              params: ({ context }) => adminScrollOffset(context.entries.length),\n            },\n",
    to: '',
    tests: [test('adminShell.test.tsx')],
  },
  {
    what: '/admin/ with a trailing slash is not redirected',
    file: machine('adminShell'),
    from: "path.replace(/\\/$/, '') === routes.admin.pattern",
    to: 'path === routes.admin.pattern',
    tests: [test('adminShell.test.tsx')],
  },
  {
    what: 'employees see the Edukacije entry',
    file: machine('adminShell'),
    from: '...(roles.isAdministrator\n      ? [{ href: routes.adminEducations.href()',
    to: '...(true\n      ? [{ href: routes.adminEducations.href()',
    tests: [test('adminShell.test.tsx')],
  },
  {
    what: 'a failed poll of the transcode watch is reported like a failed load',
    file: machine('transcodeWatch'),
    from: "onError: { target: 'watching' },",
    to: "onError: { target: 'watching', actions: reportEventError },",
    tests: [test('transcodeWatch.test.tsx')],
  },
  {
    what: 'the transcode watch polls every 4 s instead of 3 s',
    file: machine('transcodeWatch'),
    from: "after: { [TRANSCODE_POLL_MS]: { guard: 'transcoding', target: 'polling' } },",
    to: "after: { [TRANSCODE_POLL_MS + 1000]: { guard: 'transcoding', target: 'polling' } },",
    tests: [test('transcodeWatch.test.tsx')],
  },
  {
    what: 'a failed poll of the transcode watch shows the load failure',
    file: machine('transcodeWatch'),
    from: "onError: { target: 'watching' },",
    to: "onError: { target: 'loadFailed' },",
    tests: [test('transcodeWatch.test.tsx')],
  },
  {
    what: 'a retried transcode keeps showing its failure (showEducation dropped)',
    file: machine('transcodeWatch'),
    from: "        src: 'retryTranscode',\n        input: ({ context }) => ({ id: context.educationId }),\n        onDone: { target: 'watching', actions: 'showEducation' },",
    to: "        src: 'retryTranscode',\n        input: ({ context }) => ({ id: context.educationId }),\n        onDone: { target: 'watching' },",
    tests: [test('transcodeWatch.test.tsx')],
  },
  {
    what: 'the transcode watch keeps polling a failed transcode',
    file: machine('transcodeWatch'),
    from: '    transcoding: ({ context }) => isTranscoding(context.education),',
    to: "    transcoding: ({ context }) => context.education?.stream?.state !== 'ready',",
    tests: [test('transcodeWatch.test.tsx')],
  },
  {
    what: 'the picker keeps polling once no upload is transcoding',
    file: machine('educationPicker'),
    from: 'anyTranscoding: ({ context }) => context.educations.some(isTranscoding),',
    to: 'anyTranscoding: ({ context }) => context.educations.some((e) => e.stream !== null),',
    tests: [test('educationPicker.test.tsx')],
  },
  {
    what: "the picker's retried transcode keeps its failure shown (the answer is dropped)",
    file: machine('educationPicker'),
    from: 'context.educations.map((e) => (e.id === event.output.id ? event.output : e)),',
    to: 'context.educations,',
    tests: [test('educationPicker.test.tsx')],
  },
  {
    what: 'a failed poll of the picker is reported',
    file: machine('educationPicker'),
    from: "            onError: { target: 'watching' },",
    to: "            onError: { target: 'watching', actions: reportEventError },",
    tests: [test('educationPicker.test.tsx')],
  },
  {
    what: 'the picker polls 1 s early (2 s)',
    file: machine('educationPicker'),
    from: "after: { [TRANSCODE_POLL_MS]: { guard: 'anyTranscoding', target: 'polling' } },",
    to: "after: { [TRANSCODE_POLL_MS - 1000]: { guard: 'anyTranscoding', target: 'polling' } },",
    tests: [test('educationPicker.test.tsx')],
  },
  {
    what: 'the picker takes a second retry while one runs (the defect its random paths found)',
    file: machine('educationPicker'),
    from: '        retryingTranscode: {\n          invoke: {',
    to: '        retryingTranscode: {\n          on: { RETRY_TRANSCODE: { ...retryFailedTranscode, reenter: true } },\n          invoke: {',
    tests: [test('educationPicker.test.tsx')],
  },
  {
    what: 'the picker retries a transcode that has not failed',
    file: machine('educationPicker'),
    from: "context.educations.some((e) => e.id === id && e.stream?.state === 'failed'),",
    to: 'context.educations.some((e) => e.id === id),',
    tests: [test('educationPicker.test.tsx')],
  },
  {
    what: 'the delete screen deletes without the confirmation',
    file: machine('educationDelete'),
    from: "            ASK_DELETE: '#educationDelete.confirming',",
    to: "            ASK_DELETE: '#educationDelete.deleting',",
    tests: [test('educationDelete.test.tsx')],
  },
  {
    what: "a deleted education stays in the delete screen's list",
    file: machine('educationDelete'),
    from: '              educations: context.educations.filter(\n                (education) => education.id !== context.chosenId,\n              ),',
    to: '              educations: context.educations,',
    tests: [test('educationDelete.test.tsx')],
  },
  {
    what: 'a failed delete forgets the chosen education',
    file: machine('educationDelete'),
    from: "          target: 'choosing.chosen',\n          actions: reportEventError,",
    to: "          target: 'choosing.nothingChosen',\n          actions: [reportEventError, assign({ chosenId: null })],",
    tests: [test('educationDelete.test.tsx')],
  },
  {
    what: 'emptying the education field keeps the choice',
    file: machine('educationDelete'),
    from: "              { target: 'nothingChosen', actions: assign({ chosenId: null }) },",
    to: "              { target: 'chosen' },",
    tests: [test('educationDelete.test.tsx')],
  },
  {
    what: 'cancelling the delete dialog drops the choice',
    file: machine('educationDelete'),
    from: "        CANCEL: 'choosing.chosen',",
    to: "        CANCEL: 'choosing.nothingChosen',",
    tests: [test('educationDelete.test.tsx')],
  },
  {
    what: "the caption upload leaves the language out (always 'hr')",
    file: machine('educationCaptions'),
    from: '          language: context.draft.language,\n          // draftValid',
    to: "          language: 'hr',\n          // draftValid",
    tests: [test('educationCaptions.test.tsx')],
  },
  {
    what: 'the caption rules allow a file 1 byte over 512 KiB',
    file: rules('educationCaptions'),
    from: 'else if (file.size > CAPTION_RULES.maxBytes)',
    to: 'else if (file.size > CAPTION_RULES.maxBytes + 1)',
    tests: [test('educationCaptions.test.tsx')],
  },
  {
    what: 'an empty caption file passes the rules',
    file: rules('educationCaptions'),
    from: "else if (file.size === 0) fail('file', text.captionFileEmpty);",
    to: '',
    tests: [test('educationCaptions.test.tsx'), test('educationCaptions.rules.test.ts')],
  },
  {
    what: 'captions removed elsewhere already stay listed',
    file: machine('educationCaptions'),
    from: "            actions: ['showServerErrors', 'dropRemoved'],",
    to: "            actions: ['showServerErrors'],",
    tests: [test('educationCaptions.test.tsx')],
  },
  {
    what: 'a saved caption file keeps the draft',
    file: machine('educationCaptions'),
    from: '              draft: EMPTY_CAPTION_DRAFT,\n              errors: {},',
    to: '              errors: {},',
    tests: [test('educationCaptions.test.tsx')],
  },
  {
    what: 'editing the language keeps the form-level message',
    file: machine('educationCaptions'),
    from: "errors: withoutErrorsOf(context.errors, [...Object.keys(event.values), 'form']),",
    to: 'errors: withoutErrorsOf(context.errors, Object.keys(event.values)),',
    tests: [test('educationCaptions.test.tsx')],
  },
  {
    what: 'the audit log keeps the page when a filter changes',
    file: machine('auditLog'),
    from: 'filter: ({ context, event }) => ({ ...context.filter, ...event.change }),\n        pageNumber: 1,',
    to: 'filter: ({ context, event }) => ({ ...context.filter, ...event.change }),',
    tests: [test('auditLog.test.tsx')],
  },
  {
    what: "the audit log's 'to' day is left out (its midnight, not the next day's)",
    file: machine('auditLog'),
    from: 'zagrebInstant(`${nextDay(filter.to)}T00:00`)',
    to: 'zagrebInstant(`${filter.to}T00:00`)',
    tests: [test('auditLog.test.tsx')],
  },
  {
    what: 'the audit log pages only before the last page',
    file: machine('auditLog'),
    from: 'pageNumber >= 1 && pageNumber <= (context.page?.totalPages ?? 0)',
    to: 'pageNumber >= 1 && pageNumber < (context.page?.totalPages ?? 0)',
    tests: [test('auditLog.test.tsx')],
  },
  {
    what: 'the home page hides its products when only one is shown',
    file: machine('homeProducts'),
    from: 'anyShown: ({ context }) => context.products.length > 0',
    to: 'anyShown: ({ context }) => context.products.length > 1',
    tests: [test('homeProducts.test.tsx')],
  },
  {
    what: 'the home page shows a hidden product that is highlighted',
    file: machine('homeProducts'),
    from: 'event.output.filter((product) => product.isShownOnHomepage)',
    to: 'event.output.filter((product) => product.isShownOnHomepage || product.isHighlighted)',
    tests: [test('homeProducts.test.tsx')],
  },
  {
    what: "the home page's failed call is not logged",
    file: machine('homeProducts'),
    from: "actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },",
    to: '',
    tests: [test('homeProducts.test.tsx')],
  },
  {
    what: "the newsletter list's 'Ne' cancels the newsletter",
    file: machine('newsletterList'),
    from: "KEEP: 'ready' },",
    to: "KEEP: 'cancelling' },",
    tests: [test('newsletterList.test.tsx')],
  },
  {
    what: "a test mail keeps the list's earlier toasts",
    file: machine('newsletterList'),
    from: "actions: ['dismissNotices', assign({ selectedId: ({ event }) => event.id })],",
    to: 'actions: [assign({ selectedId: ({ event }) => event.id })],',
    tests: [test('newsletterList.test.tsx')],
  },
  {
    what: 'the newsletter list is not reloaded after a cancel',
    file: machine('newsletterList'),
    from: "onDone: { target: 'loading', actions: { type: 'notify', params: text.cancelled } },",
    to: "onDone: { target: 'ready', actions: { type: 'notify', params: text.cancelled } },",
    tests: [test('newsletterList.test.tsx')],
  },
  {
    what: 'the newsletter preview cannot be closed once an action ran',
    file: machine('newsletterList'),
    from: 'on: { CLOSE_PREVIEW: { actions: assign({ preview: null }) } },',
    to: 'on: { CLOSE_PREVIEW: { guard: ({ context }) => context.selectedId === null, actions: assign({ preview: null }) } },',
    tests: [test('newsletterList.test.tsx')],
  },
  {
    what: 'the newsletter cancel asks about the first newsletter, not the pressed one',
    file: machine('newsletterList'),
    from: "target: 'confirmingCancel',\n          actions: assign({ selectedId: ({ event }) => event.id }),",
    to: "target: 'confirmingCancel',\n          actions: assign({ selectedId: ({ context }) => context.newsletters[0]?.id ?? null }),",
    tests: [test('newsletterList.test.tsx')],
  },
  {
    what: 'the invitation accepts an e-mail of 5 characters',
    file: 'src/api/contract/accountForms.ts',
    from: 'inviteEmailLongerThan: 5,',
    to: 'inviteEmailLongerThan: 4,',
    tests: [test('invite.test.tsx')],
  },
  {
    what: 'a sent invitation keeps the toast of the one before',
    file: machine('invite'),
    from: "{ guard: 'looksValid', target: 'submitting', actions: 'dismissNotices' },",
    to: "{ guard: 'looksValid', target: 'submitting' },",
    tests: [test('invite.test.tsx')],
  },
  {
    what: 'a sent invitation leaves the form filled in',
    file: machine('invite'),
    from: "actions: [assign(EMPTY_FORM), { type: 'notifySent', params: inviteMessages.sent }],",
    to: "actions: [{ type: 'notifySent', params: inviteMessages.sent }],",
    tests: [test('invite.test.tsx')],
  },
  {
    what: 'a 403 on an invitation is shown as a failure instead of logging out',
    file: machine('invite'),
    from: '(error instanceof ApiError && (error.status === 401 || error.status === 403));',
    to: '(error instanceof ApiError && error.status === 401);',
    tests: [test('invite.test.tsx')],
  },
  {
    what: 'after an authorization error the invitation goes to /login after 0.3 s',
    file: machine('invite'),
    from: 'export const LOGOUT_TO_LOGIN_MS = 500;',
    to: 'export const LOGOUT_TO_LOGIN_MS = 300;',
    tests: [test('invite.test.tsx')],
  },
  {
    what: 'editing an invitation field keeps its message',
    file: machine('invite'),
    from: 'errors: withoutErrorsOf(context.errors, [event.field]),',
    to: 'errors: context.errors,',
    tests: [test('invite.test.tsx')],
  },
  {
    what: 'an employee is offered the staff roles',
    file: machine('invite'),
    from: "isAdministrator ? ROLES : ['user'];",
    to: 'ROLES;',
    tests: [test('invite.test.tsx')],
  },
  {
    what: 'the new password and its repetition are compared by length only',
    file: machine('newPassword'),
    from: 'if (password !== confirmation) errors.confirmation',
    to: 'if (password.length !== confirmation.length) errors.confirmation',
    tests: [test('newPassword.test.tsx')],
  },
  {
    what: 'editing the new password keeps the mismatch under the repetition',
    file: machine('newPassword'),
    from: "errors: ({ context }) => withoutErrorsOf(context.errors, ['password', 'confirmation']),",
    to: "errors: ({ context }) => withoutErrorsOf(context.errors, ['password']),",
    tests: [test('newPassword.test.tsx')],
  },
  {
    what: 'an expired reset token stays on the page',
    file: machine('newPassword'),
    from: "{ type: 'notifyExpired', params: newPasswordMessages.tokenExpired },\n              'goToLogin',",
    to: "{ type: 'notifyExpired', params: newPasswordMessages.tokenExpired },",
    tests: [test('newPassword.test.tsx')],
  },
  {
    what: 'a new password the rules refuse keeps the earlier failure toast',
    file: machine('newPassword'),
    from: "actions: [\n              'dismissNotices',\n              assign({ errors: ({ context }) => validateNewPassword(context) }),",
    to: 'actions: [\n              assign({ errors: ({ context }) => validateNewPassword(context) }),',
    tests: [test('newPassword.test.tsx')],
  },
  {
    what: "the server's refusal of the new password is reported as a toast",
    file: machine('newPassword'),
    from: "'error' in event && serverPasswordProblems(event.error).length > 0,",
    to: "'error' in event && serverPasswordProblems(event.error).length > 1,",
    tests: [test('newPassword.test.tsx')],
  },
  // The password-reset dialog's random paths (the e-mail input modal as /login uses it).
  {
    what: "the password-reset dialog's button is enabled only beyond 5 characters",
    file: 'src/app/usePasswordResetDialog.tsx',
    from: 'canSubmit={email.length >= EMAIL_MODAL_MIN_LENGTH}',
    to: 'canSubmit={email.length > EMAIL_MODAL_MIN_LENGTH}',
    tests: [test('emailInputModal.test.tsx')],
  },
  {
    what: "a new opening of the e-mail modal keeps the last opening's robot-check solution",
    file: machine('emailInputModal'),
    from: "actions: assign({ email: '', robotToken: null, feedback: null }),",
    to: "actions: assign({ email: '', feedback: null }),",
    tests: [test('emailInputModal.test.tsx')],
  },
  {
    what: 'a failed password-reset request leaves the dialog open',
    file: machine('emailInputModal'),
    from: "target: '#emailInputModal.closed',\n                actions: [\n                  { type: 'notifyFailure',",
    to: "target: 'editing',\n                actions: [\n                  { type: 'notifyFailure',",
    tests: [test('emailInputModal.test.tsx')],
  },
  {
    what: "the password reset's failure toast has no source: the next request leaves it standing",
    file: 'src/app/usePasswordResetDialog.tsx',
    from: 'notifyFailure: (_, text) => notify.error(text, { source: NOTICE_SOURCE }),',
    to: 'notifyFailure: (_, text) => notify.error(text),',
    tests: [test('emailInputModal.test.tsx')],
  },
  {
    what: 'the e-mail modal keeps a robot-check solution that expired',
    file: machine('emailInputModal'),
    from: "ROBOT_EXPIRED: { actions: 'forgetRobotToken' },",
    to: 'ROBOT_EXPIRED: {},',
    tests: [test('emailInputModal.test.tsx')],
  },
];

/** The issue's own planted bugs; the ones after them are extra. */
const ISSUE_BUGS = 21;

type Catcher = 'random' | 'generated' | 'hand';

interface VitestJson {
  testResults: {
    assertionResults: { status: string; ancestorTitles: string[]; title: string }[];
  }[];
}

function catcherOf(ancestors: string[]): Catcher {
  if (ancestors.some((name) => name.endsWith('random paths'))) return 'random';
  if (ancestors.some((name) => name.endsWith(' model'))) return 'generated';
  return 'hand';
}

function scratchCopy(root: string): string {
  const scratch = mkdtempSync(path.join(tmpdir(), 'planted-bugs-'));
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .stdout.split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(scratch, file));
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
  return scratch;
}

/** The tests that failed with the bug planted, or null when its text is no longer in the file. */
function plant(scratch: string, bug: PlantedBug) {
  const file = path.join(scratch, bug.file);
  const source = readFileSync(file, 'utf8');
  // A machine rewritten since the entry was written: the row says so and the others still run.
  if (source.split(bug.from).length !== 2) return null;
  writeFileSync(file, source.replace(bug.from, bug.to));
  const report = path.join(scratch, 'planted-report.json');
  try {
    spawnSync(
      'node_modules/.bin/vitest',
      ['run', '--project', 'spa*', ...bug.tests, '--reporter=json', `--outputFile=${report}`],
      { cwd: scratch, encoding: 'utf8', env: { ...process.env, CI: '1' } },
    );
    const results = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
    return results.testResults
      .flatMap((file) => file.assertionResults)
      .filter((result) => result.status === 'failed')
      .map((result) => ({
        catcher: catcherOf(result.ancestorTitles),
        name: [...result.ancestorTitles, result.title].join(' › '),
      }));
  } finally {
    writeFileSync(file, source);
    rmSync(report, { force: true });
  }
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const chosen = process.argv.slice(2).map(Number);
  const scratch = scratchCopy(root);
  const rows: string[] = [
    '| # | Planted bug | Random paths (SPEC) | Generated paths | By hand |',
    '| - | ----------- | ------------------- | --------------- | ------- |',
  ];
  let caughtByPaths = 0;
  let extraCaughtByPaths = 0;
  try {
    for (const [index, bug] of PLANTED_BUGS.entries()) {
      if (chosen.length > 0 && !chosen.includes(index + 1)) continue;
      const failed = plant(scratch, bug);
      if (!failed) {
        rows.push(
          `| ${index + 1} | ${bug.what} | not planted: its text is not once in ${bug.file} |||`,
        );
        console.log(rows.at(-1));
        continue;
      }
      const count = (catcher: Catcher) => failed.filter((f) => f.catcher === catcher).length;
      if (count('random') + count('generated') > 0) {
        if (index < ISSUE_BUGS) caughtByPaths += 1;
        else extraCaughtByPaths += 1;
      }
      rows.push(
        `| ${index + 1} | ${bug.what} | ${count('random')} | ${count('generated')} | ${count('hand')} |`,
      );
      console.log(rows.at(-1));
      for (const { name } of failed) console.log(`    ${name}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const runs = process.env.RANDOM_PATH_RUNS
    ? `${process.env.RANDOM_PATH_RUNS} random runs per flow (RANDOM_PATH_RUNS)`
    : "each flow's random runs as in the suite";
  console.log(`\n${rows.join('\n')}\n\nWith ${runs}:`);
  console.log(`Caught by random or generated paths: ${caughtByPaths} of the issue's ${ISSUE_BUGS}`);
  if (PLANTED_BUGS.length > ISSUE_BUGS) {
    console.log(`and ${extraCaughtByPaths} of the ${PLANTED_BUGS.length - ISSUE_BUGS} extra ones`);
  }
}

main();
