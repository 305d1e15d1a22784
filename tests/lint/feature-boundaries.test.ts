/**
 * The lint rule that keeps features apart (decision 0043): run by ESLint's RuleTester on a small
 * feature table, and the project's own table checked against the files it names.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  featureBoundaries,
  indexTable,
  type FeatureTable,
} from '../../eslint/feature-boundaries.js';
import { featureTable } from '../../eslint/features.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = '/project';
const table: FeatureTable = {
  features: {
    alpha: {
      machines: ['alpha'],
      views: ['AlphaPage.tsx'],
      containers: ['AlphaContainer.tsx'],
      embeds: ['gamma'],
    },
    beta: { machines: ['beta'], views: ['BetaPage.tsx'], containers: ['BetaContainer.tsx'] },
    gamma: {
      machines: ['gamma'],
      views: ['GammaWidget.tsx'],
      containers: ['GammaContainer.tsx', 'gammaShapes.ts'],
      entries: ['app/GammaContainer.tsx'],
    },
  },
  shared: { machines: ['session'], views: ['Spinner.tsx'], folders: ['views/form'] },
  routeShell: ['app/SiteRoutes.tsx'],
  programEntries: ['entry-server.tsx'],
};

const file = (name: string) => path.join(root, 'src', name);
const options = [{ root, table }];
const ruleTester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

ruleTester.run('feature-boundaries', featureBoundaries, {
  valid: [
    // Its own machine, rules, view and container.
    {
      filename: file('app/AlphaContainer.tsx'),
      code: `import { alphaMachine } from '../machines/alpha.machine.ts';
        import { validateAlpha } from '../machines/alpha.rules.ts';
        import { AlphaPage } from '../views/AlphaPage.tsx';`,
    },
    {
      filename: file('views/AlphaPage.tsx'),
      code: `import type { AlphaDraft } from '../machines/alpha.machine.ts';`,
    },
    // Shared pieces: listed ones, a shared folder, unlisted helpers and the other layers.
    {
      filename: file('views/AlphaPage.tsx'),
      code: `import { Spinner } from './Spinner.tsx';
        import { DateTimePicker } from './form/DateTimePicker.tsx';
        import { zagrebDay } from '../lib/dateText.ts';
        import type { Education } from '../api/contract.ts';
        import { routes } from '../routes.ts';
        import './AlphaPage.css';`,
    },
    {
      filename: file('machines/alpha.machine.ts'),
      code: `import { sessionMachine } from './session.machine.ts';
        import { passwordRules } from './passwordRules.ts';
        import { setup } from 'xstate';`,
    },
    // The route shell mounts every feature through its entries, also on demand.
    {
      filename: file('app/SiteRoutes.tsx'),
      code: `import { AlphaContainer } from './AlphaContainer.tsx';
        const loadBeta = () => import('./BetaContainer.tsx');`,
    },
    // A feature mounts a feature it embeds, through its entry.
    {
      filename: file('app/AlphaContainer.tsx'),
      code: `import { GammaContainer } from './GammaContainer.tsx';`,
    },
    // The program entries import what they need; nothing imports them back.
    {
      filename: file('entry-server.tsx'),
      code: `export { BETA_COOKIE } from './machines/beta.machine.ts';`,
    },
    // Tests and files outside src/ are not features.
    {
      filename: file('app/AlphaContainer.test.tsx'),
      code: `import { betaMachine } from '../machines/beta.machine.ts';`,
    },
    {
      filename: path.join(root, 'tests/machines/alpha.test.tsx'),
      code: `import { betaMachine } from '../../src/machines/beta.machine.ts';`,
    },
  ].map((test) => ({ ...test, options })),
  invalid: [
    // Another feature's machine, its rules, a type from it, re-exported.
    {
      filename: file('machines/alpha.machine.ts'),
      code: `import { betaThumbnail } from './beta.machine.ts';`,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: file('app/AlphaContainer.tsx'),
      code: `import { namedThings } from '../machines/beta.rules.ts';`,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: file('views/AlphaPage.tsx'),
      code: `import type { BetaDraft } from '../machines/beta.machine.ts';`,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: file('machines/alpha.machine.ts'),
      code: `export { parseBetaId } from './beta.machine.ts';`,
      errors: [{ messageId: 'crossFeature' }],
    },
    // Another feature's view.
    {
      filename: file('views/AlphaPage.tsx'),
      code: `import { BetaLink } from './BetaPage.tsx';`,
      errors: [{ messageId: 'crossFeature' }],
    },
    // Another feature's container, statically or on demand, when it is not embedded.
    {
      filename: file('app/AlphaContainer.tsx'),
      code: `import { BetaContainer } from './BetaContainer.tsx';`,
      errors: [{ messageId: 'notEmbedded' }],
    },
    {
      filename: file('app/AlphaContainer.tsx'),
      code: `const loadBeta = () => import('./BetaContainer.tsx');`,
      errors: [{ messageId: 'notEmbedded' }],
    },
    // An embedded feature is mounted through its entry only.
    {
      filename: file('app/AlphaContainer.tsx'),
      code: `import { shapes } from './gammaShapes.ts';
        import { GammaWidget } from '../views/GammaWidget.tsx';`,
      errors: [{ messageId: 'crossFeature' }, { messageId: 'crossFeature' }],
    },
    // The route shell mounts containers; it takes nothing else of a feature.
    {
      filename: file('app/SiteRoutes.tsx'),
      code: `import { betaMachine } from '../machines/beta.machine.ts';`,
      errors: [{ messageId: 'crossFeature' }],
    },
    // A shared piece imports no feature at all.
    {
      filename: file('views/Spinner.tsx'),
      code: `import type { BetaDraft } from '../machines/beta.machine.ts';`,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: file('app/useClock.ts'),
      code: `import { AlphaContainer } from './AlphaContainer.tsx';`,
      errors: [{ messageId: 'notEmbedded' }],
    },
    // A machine, rules, container or view in no feature.
    ...[
      'machines/delta.machine.ts',
      'machines/delta.rules.ts',
      'app/DeltaContainer.tsx',
      'views/DeltaPage.tsx',
    ].map((name) => ({
      filename: file(name),
      code: 'export {};',
      errors: [{ messageId: 'unlisted' }],
    })),
  ].map((test) => ({ ...test, options })),
});

describe('the feature table', () => {
  const index = indexTable(featureTable);
  const projectRoot = path.resolve(import.meta.dirname, '../..');
  const exists = (file: string) => existsSync(path.join(projectRoot, file));

  it('names only modules that exist (a rules file may be missing: not every flow has one)', () => {
    const named = [...index.owners.keys()].filter((file) => !file.endsWith('.rules.ts'));
    expect(named.filter((file) => !exists(file))).toEqual([]);
    const shared = [
      ...featureTable.shared.machines.map((flow) => `src/machines/${flow}.machine.ts`),
      ...featureTable.shared.views.map((view) => `src/views/${view}`),
      ...featureTable.shared.folders.map((folder) => `src/${folder}`),
      ...[...featureTable.routeShell, ...featureTable.programEntries].map((name) => `src/${name}`),
    ];
    expect(shared.filter((file) => !exists(file))).toEqual([]);
  });

  it('gives each feature entries among its own modules and embeds only features it knows', () => {
    for (const [feature, entries] of index.entries) {
      for (const entry of entries) expect(index.owners.get(entry)?.feature).toBe(feature);
    }
    for (const parts of Object.values(featureTable.features)) {
      for (const embedded of parts.embeds ?? [])
        expect(featureTable.features).toHaveProperty(embedded);
    }
  });

  it('refuses a module listed twice', () => {
    const twice: FeatureTable = {
      ...table,
      features: { ...table.features, delta: { views: ['AlphaPage.tsx'] } },
    };
    expect(() => indexTable(twice)).toThrow('src/views/AlphaPage.tsx is listed twice');
  });
});
