/** The hygiene rules of tests/support/test-hygiene.ts catch what they promise to. */
import { describe, expect, it } from 'vitest';
import { expectConsole, takeHygieneProblems } from './test-hygiene.ts';

describe('test hygiene', () => {
  it('reports an unexpected console.error and console.warn', () => {
    console.error('Broken', new Error('cause'));
    console.warn('Careful');
    const problems = takeHygieneProblems();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^Unexpected console\.error: Broken Error: cause/);
    expect(problems[1]).toBe('Unexpected console.warn: Careful');
  });

  it('swallows an announced message and reports one that never came', () => {
    expectConsole('error', /učitan/);
    expectConsole('warn', 'never logged');
    console.error('Proizvodi početne stranice nisu učitani.');
    console.error('Karta regija nije učitana.');
    expect(takeHygieneProblems()).toEqual([
      'Expected a console.warn matching never logged, none came',
    ]);
  });

  it('keeps the levels apart', () => {
    expectConsole('warn', 'same text');
    console.error('same text');
    console.warn('same text');
    expect(takeHygieneProblems()).toEqual(['Unexpected console.error: same text']);
  });

  it('refuses and reports an unfaked fetch, even when the code catches it', async () => {
    await expect(fetch('https://example.com/api', { method: 'post' })).rejects.toThrow(
      'Unfaked network call: post https://example.com/api',
    );
    await expect(fetch(new Request('http://localhost/x'))).rejects.toThrow(
      /GET http:\/\/localhost\/x/,
    );
    expect(takeHygieneProblems()).toEqual([
      'Unfaked network call: post https://example.com/api\nUnfaked network call: GET http://localhost/x\n(give the code under test a fake fetch)',
    ]);
  });

  it('refuses and reports an XMLHttpRequest', () => {
    expect(() => new XMLHttpRequest()).toThrow('Unfaked network call: XMLHttpRequest');
    expect(takeHygieneProblems()).toEqual([
      'Unfaked network call: XMLHttpRequest\n(give the code under test a fake fetch)',
    ]);
  });

  it('finds nothing wrong with a quiet test', () => {
    expect(takeHygieneProblems()).toEqual([]);
  });
});
