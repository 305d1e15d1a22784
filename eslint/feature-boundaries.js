// @ts-check
/**
 * `local/feature-boundaries`: a feature (a flow's machine, its views and its containers, listed
 * in eslint/features.js) imports nothing of another feature's machine, view or container
 * (issue 26, decision 0043). What two features use lives in a neutral module instead. Allowed
 * across features: the route shell may import every feature's entries (its containers) to mount
 * them, and a feature may mount a feature it `embeds` through that feature's entries. Every
 * `*.machine.ts`, `*.rules.ts`, `*Container.tsx` and module of src/views must be listed (in a
 * feature or among the shared pieces), so a new feature cannot escape the table by being left
 * out of it. Any other module is shared, and a shared module imports no feature's part either.
 */
import path from 'node:path';

/**
 * @typedef {object} Feature
 * @property {string[]} [machines] flow names: src/machines/<flow>.machine.ts and <flow>.rules.ts
 * @property {string[]} [views] modules under src/views/
 * @property {string[]} [containers] modules under src/app/: containers and what only they use
 * @property {string[]} [entries] what others may mount (default: the containers), under src/
 * @property {string[]} [embeds] features this one mounts through their entries
 *
 * @typedef {object} SharedPieces
 * @property {string[]} machines flow names of shared machines (their .machine.ts and .rules.ts)
 * @property {string[]} views modules under src/views/ that any feature may import
 * @property {string[]} folders folders under src/ whose every module is shared
 *
 * @typedef {object} FeatureTable
 * @property {Record<string, Feature>} features
 * @property {SharedPieces} shared
 * @property {string[]} routeShell modules under src/ that mount features' entries
 * @property {string[]} programEntries modules under src/ at the top of the graph (import anything)
 *
 * @typedef {{ feature: string, role: 'machine' | 'rules' | 'view' | 'container' }} Owner
 */

/** Modules that must be listed: machines, rules, views and containers. */
const MUST_BE_LISTED = [
  /^src\/machines\/.+\.(machine|rules)\.ts$/,
  /^src\/views\/.+\.tsx?$/,
  /^src\/app\/(.+\/)?[A-Z][A-Za-z]*Container\.tsx$/,
];
const TEST_FILE = /\.test\.tsx?$/;

/** @param {string} flow */
const flowFiles = (flow) => [`src/machines/${flow}.machine.ts`, `src/machines/${flow}.rules.ts`];

/** @param {FeatureTable} table */
export function indexTable(table) {
  /** @type {Map<string, Owner>} */
  const owners = new Map();
  /** @type {Map<string, Set<string>>} */
  const entries = new Map();
  /** @param {string} file @param {Owner} owner */
  const own = (file, owner) => {
    const previous = owners.get(file);
    if (previous) {
      throw new Error(`${file} is listed twice: in ${previous.feature} and ${owner.feature}`);
    }
    owners.set(file, owner);
  };
  for (const [feature, parts] of Object.entries(table.features)) {
    for (const flow of parts.machines ?? []) {
      for (const file of flowFiles(flow))
        own(file, { feature, role: file.endsWith('.rules.ts') ? 'rules' : 'machine' });
    }
    for (const view of parts.views ?? []) own(`src/views/${view}`, { feature, role: 'view' });
    const containers = (parts.containers ?? []).map((module) => `src/app/${module}`);
    for (const container of containers) own(container, { feature, role: 'container' });
    const featureEntries = parts.entries ? parts.entries.map((file) => `src/${file}`) : containers;
    entries.set(feature, new Set(featureEntries));
  }
  const shared = new Set([
    ...table.shared.machines.flatMap(flowFiles),
    ...table.shared.views.map((view) => `src/views/${view}`),
  ]);
  return {
    owners,
    entries,
    /** @param {string} file */
    isShared: (file) =>
      shared.has(file) || table.shared.folders.some((folder) => file.startsWith(`src/${folder}/`)),
    routeShell: new Set(table.routeShell.map((file) => `src/${file}`)),
    programEntries: new Set(table.programEntries.map((file) => `src/${file}`)),
    /** @param {string} feature */
    embeds: (feature) => new Set(table.features[feature]?.embeds ?? []),
  };
}

/** @param {string} file @param {Owner | undefined} owner */
function describe(file, owner) {
  return owner ? `the ${owner.role} of feature '${owner.feature}' (${file})` : file;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: "Forbid a feature importing another feature's machine, view or container",
    },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, table: { type: 'object' } },
        required: ['root', 'table'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "{{importer}} imports {{target}}. A feature uses no other feature's machine, view or container: move what both use to a neutral module (docs/features.md).",
      notEmbedded:
        "{{importer}} mounts {{target}}. Only the route shell, or a feature that lists '{{feature}}' in `embeds`, mounts another feature, and only through its entries (eslint/features.js).",
      unlisted:
        '{{file}} is in no feature and not among the shared pieces: add it to eslint/features.js (docs/features.md).',
    },
  },
  create(context) {
    const { root, table } = /** @type {{ root: string, table: FeatureTable }} */ (
      context.options[0]
    );
    const index = indexTable(table);
    /** @param {string} absolute */
    const fromRoot = (absolute) => path.relative(root, absolute).split(path.sep).join('/');
    const file = fromRoot(context.filename);
    if (!file.startsWith('src/') || TEST_FILE.test(file)) return {};

    const owner = index.owners.get(file);
    const isShell = index.routeShell.has(file);
    const isProgramEntry = index.programEntries.has(file);

    /** @param {string} target @param {Owner} targetOwner */
    const allowed = (target, targetOwner) => {
      if (isProgramEntry) return true;
      if (owner?.feature === targetOwner.feature) return true;
      const isEntry = index.entries.get(targetOwner.feature)?.has(target) ?? false;
      if (!isEntry) return false;
      return (
        isShell || (owner !== undefined && index.embeds(owner.feature).has(targetOwner.feature))
      );
    };

    /** @param {import('estree').Node} node @param {unknown} specifier */
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = fromRoot(
        path.resolve(path.dirname(context.filename), specifier.split('?')[0] ?? ''),
      );
      const targetOwner = index.owners.get(target);
      if (!targetOwner || allowed(target, targetOwner)) return;
      const isEntry = index.entries.get(targetOwner.feature)?.has(target) ?? false;
      context.report({
        node,
        messageId: isEntry ? 'notEmbedded' : 'crossFeature',
        data: {
          importer: owner ? `Feature '${owner.feature}' (${file})` : `The shared module ${file}`,
          target: describe(target, targetOwner),
          feature: targetOwner.feature,
        },
      });
    };

    return {
      Program(node) {
        const mustBeListed = MUST_BE_LISTED.some((pattern) => pattern.test(file));
        if (mustBeListed && !owner && !index.isShared(file) && !isShell && !isProgramEntry) {
          context.report({ node, messageId: 'unlisted', data: { file } });
        }
      },
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
