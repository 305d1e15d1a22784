// @ts-check
// The containers measured (issue 30): the code in src/app that wires a machine to its view and
// injects the effects (which event each callback sends, which call an actor makes, which notice an
// action shows). One container at a time, against the tests that render it:
//   MUTATION_RUN=login-container MUTATION_TESTS=tests/machines/login.test.tsx \
//     npx stryker run stryker.containers.config.mjs --mutate src/app/LoginContainer.tsx
// A miswired callback (the CHANGE_EMAIL handler sending CHANGE_PASSWORD) is what such a mutant
// does: its event type emptied, its body removed. A survivor is wiring no test renders.
// Its own incremental file and reports under reports/mutation/containers/, like
// stryker.static.config.mjs; `MUTATION_RUN=<name>` gives a run its own ones and its own sandbox
// folder, so several containers can be measured at once (stryker.run.mjs).
import base from './stryker.config.mjs';
import { runOptions } from './stryker.run.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: [
    // Every route and admin-section container. Those with no machine (the gallery, the catalogues,
    // the about page) have a handful of mutants each, the same kind of wiring.
    'src/app/*Container.tsx',
    // Containers by another name: each wires a machine to a view and injects its effects (the
    // session's machine, the password-reset dialog's, the home page's products section's).
    'src/app/session.tsx',
    'src/app/usePasswordResetDialog.tsx',
    'src/app/home/ProductsSection.tsx',
    // An effect a container injects: the viewer's stream actor (hls.js, or the browser's own HLS),
    // measured against src/app/hlsStream.test.ts; the browser tests' Chromium plays HLS itself.
    'src/app/hlsStream.ts',
    // Not containers, left out: the pure helpers beside them (storedSession, mapShapes, ...) have
    // tests of their own and no wiring; the views (src/views) are rendered by the same tests.
  ],
  // Static mutants are measured here. A container's code runs while a test renders it; what runs
  // at import is a few module constants (a notice source, the admin's narrow-screen media query,
  // the education id pattern, the lazy sections' loaders), and each changes behaviour, so leaving
  // them out would hide real survivors. Each one reruns every test file of the run: narrow the run
  // to the container's own tests with MUTATION_TESTS (vitest.mutation.config.ts), as for
  // stryker.static.config.mjs; a mutant only another flow's test could kill then counts as
  // survived, so the score is a lower bound.
  ignoreStatic: false,
  ...runOptions('reports/mutation/containers'),
};
