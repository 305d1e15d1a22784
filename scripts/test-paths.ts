/**
 * `npm run test:paths`: the model-based paths for QA (issue 30). Runs every flow's paths (or the
 * named ones: `npm run test:paths -- login newsletterForm`), prints each path as plain Croatian
 * steps with its result, and writes reports/paths/index.html (git-ignored) with the same.
 *
 * Two kinds of path per flow: the random paths judged by SPEC (tests/support/random-paths.ts),
 * whose steps are written in Croatian by the test, and the paths generated from the machine
 * (tests/support/model-based.ts), named by their events. RANDOM_PATH_RUNS raises the number of
 * random paths, RANDOM_PATH_SEED replays one run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RecordedPath } from '../tests/support/recorded-path.ts';

const root = path.resolve(import.meta.dirname, '..');
const testsDir = path.join(root, 'tests/machines');
const reportDir = path.join(root, 'reports/paths');
const randomDir = path.join(reportDir, 'random');

interface VitestJson {
  testResults: {
    name: string;
    assertionResults: { status: string; ancestorTitles: string[]; title: string }[];
  }[];
}

interface FlowReport {
  flow: string;
  random: RecordedPath[];
  generated: { name: string; passed: boolean }[];
}

/** Flows with random paths: the machine test files that call testRandomPaths. */
function flowsWithPaths(): string[] {
  return readdirSync(testsDir)
    .filter((file) => file.endsWith('.test.tsx'))
    .filter((file) => readFileSync(path.join(testsDir, file), 'utf8').includes('testRandomPaths'))
    .map((file) => file.replace('.test.tsx', ''))
    .sort();
}

function run(flows: string[]): FlowReport[] {
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(randomDir, { recursive: true });
  const vitestReport = path.join(reportDir, 'vitest.json');
  spawnSync(
    path.join(root, 'node_modules/.bin/vitest'),
    [
      'run',
      '--project',
      'spa*',
      ...flows.map((flow) => `tests/machines/${flow}.test.tsx`),
      // The generated paths (describe '<flow> model') and the random ones.
      '-t',
      ' model |random paths',
      '--reporter=json',
      `--outputFile=${vitestReport}`,
    ],
    { cwd: root, stdio: 'ignore', env: { ...process.env, RANDOM_PATH_REPORT: randomDir } },
  );
  const results = existsSync(vitestReport)
    ? (JSON.parse(readFileSync(vitestReport, 'utf8')) as VitestJson)
    : { testResults: [] };
  return flows.map((flow) => {
    const randomFile = path.join(randomDir, `${flow}.json`);
    const random = existsSync(randomFile)
      ? (JSON.parse(readFileSync(randomFile, 'utf8')) as { paths: RecordedPath[] }).paths
      : [];
    const generated = results.testResults
      .filter((file) => path.basename(file.name) === `${flow}.test.tsx`)
      .flatMap((file) => file.assertionResults)
      .filter((test) => test.ancestorTitles.some((title) => title.endsWith(' model')))
      .filter((test) => test.status === 'passed' || test.status === 'failed')
      .map((test) => ({ name: test.title, passed: test.status === 'passed' }));
    return { flow, random, generated };
  });
}

const escape = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

function html(reports: FlowReport[]): string {
  const flowSection = ({ flow, random, generated }: FlowReport) => {
    const failed =
      random.filter((p) => !p.passed).length + generated.filter((p) => !p.passed).length;
    const randomRows = random
      .map(
        (
          p,
          index,
        ) => `<li class="${p.passed ? 'ok' : 'fail'}"><span class="mark">${p.passed ? '✓' : '✗'}</span>
          <ol class="steps">${p.steps.map((s) => `<li>${escape(s)}</li>`).join('')}</ol>
          ${p.error ? `<pre>${escape(p.error)}</pre>` : ''}<span class="n">#${index + 1}</span></li>`,
      )
      .join('\n');
    const generatedRows = generated
      .map(
        (p) =>
          `<li class="${p.passed ? 'ok' : 'fail'}"><span class="mark">${p.passed ? '✓' : '✗'}</span> ${escape(p.name)}</li>`,
      )
      .join('\n');
    return `<section id="${flow}">
  <h2>${escape(flow)} <small>${random.length} slučajnih, ${generated.length} iz stroja${failed ? `, <b class="fail">${failed} neuspjelih</b>` : ', svi prolaze'}</small></h2>
  <h3>Slučajni putevi (provjereni prema SPEC-u)</h3>
  <ul class="paths">${randomRows || '<li>nema</li>'}</ul>
  <details><summary>Putevi izvedeni iz stroja (${generated.length})</summary><ul class="generated">${generatedRows}</ul></details>
</section>`;
  };
  return `<!doctype html>
<html lang="hr"><head><meta charset="utf-8"><title>Putevi kroz tokove</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #1d2330; }
h2 small { font-weight: normal; color: #5b6475; font-size: 0.8em; }
nav a { margin-right: 1rem; }
ul.paths, ul.generated { list-style: none; padding: 0; }
ul.paths > li { border-left: 4px solid #2e8540; padding: 0.3rem 0.6rem; margin: 0.4rem 0; background: #f4f8f4; position: relative; }
ul.paths > li.fail { border-color: #c0392b; background: #fbeeee; }
ol.steps { display: inline; padding: 0; }
ol.steps li { display: inline; }
ol.steps li + li::before { content: ' → '; color: #5b6475; }
.mark { font-weight: bold; margin-right: 0.4rem; }
.fail .mark, b.fail { color: #c0392b; }
.ok .mark { color: #2e8540; }
.n { position: absolute; right: 0.5rem; top: 0.3rem; color: #8a93a3; font-size: 0.8em; }
pre { white-space: pre-wrap; color: #c0392b; margin: 0.3rem 0 0; }
</style></head><body>
<h1>Putevi kroz tokove</h1>
<p>Svaki slučajni put je niz koraka osobe na stvarnom ekranu; nakon svakog koraka provjerava se ono što SPEC kaže. Generirano: ${new Date().toISOString()}.</p>
<nav>${reports.map(({ flow }) => `<a href="#${flow}">${escape(flow)}</a>`).join('')}</nav>
${reports.map(flowSection).join('\n')}
</body></html>
`;
}

function main() {
  const known = flowsWithPaths();
  const asked = process.argv.slice(2);
  const unknown = asked.filter((flow) => !known.includes(flow));
  if (unknown.length > 0) {
    console.error(`Unknown flow: ${unknown.join(', ')}. Flows: ${known.join(', ')}`);
    process.exit(2);
  }
  const reports = run(asked.length > 0 ? asked : known);
  let failures = 0;
  for (const { flow, random, generated } of reports) {
    console.log(
      `\n${flow}: ${random.length} random paths, ${generated.length} generated from the machine`,
    );
    for (const p of random) {
      if (!p.passed) failures += 1;
      console.log(`  ${p.passed ? '✓' : '✗'} ${p.steps.join(' → ')}`);
      if (p.error) console.log(`      ${p.error.split('\n')[0]}`);
    }
    for (const p of generated) {
      if (!p.passed) failures += 1;
      console.log(`  ${p.passed ? '✓' : '✗'} [iz stroja] ${p.name}`);
    }
  }
  const file = path.join(reportDir, 'index.html');
  writeFileSync(file, html(reports));
  console.log(`\nReport: ${path.relative(root, file)}${failures ? ` (${failures} failed)` : ''}`);
  process.exitCode = failures > 0 ? 1 : 0;
}

main();
