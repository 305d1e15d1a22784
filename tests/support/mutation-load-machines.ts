/**
 * Mutation runs only (vitest.mutation.config.ts): every machine module is imported before a test
 * file's tests, so the code that runs at import (each machine's definition and module constants)
 * is a static mutant in every test file alike, which `ignoreStatic` leaves out (stryker.config.mjs
 * says why). Without this, a test that loads a page chunk lazily, inside the test, makes its
 * machine's definition "covered" by that one test alone: the admin shell's test that opens
 * Tečajevi measured the whole course form definition and could kill none of it.
 */
import.meta.glob('../../src/machines/*.machine.ts', { eager: true });
