// @ts-check
// Stryker ignorer plugins (stryker.config.mjs `ignorers`): patterns whose mutants are equivalent
// wherever they appear, so they are named once here rather than with a comment on every line.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const PROVIDED_BY_THE_CONTAINER = / is provided by the container$/;

/**
 * Every machine's default actor rejects with `new Error('… is provided by the container')`: the
 * containers (and every test) always provide the actor, so the default never runs and its message
 * is never read.
 * @param {any} path Babel's NodePath of the node Stryker is about to mutate
 */
function defaultActorMessage(path) {
  const { node } = path;
  // A callback actor's default throws it from a block of its own: `{ throw new Error(…) }`.
  const thrownAlone =
    node.type === 'BlockStatement' &&
    node.body.length === 1 &&
    node.body[0].type === 'ThrowStatement' &&
    isDefaultActorError(node.body[0].argument);
  return isDefaultActorError(node) || thrownAlone
    ? "A machine's default actor: the container always provides the actor, its message is never read."
    : undefined;
}

/**
 * The default actor as a whole, `() => Promise.reject(new Error('… is provided by the
 * container'))` or a callback throwing it: its body never runs, so emptying it changes nothing.
 * @param {any} path
 */
function defaultActor(path) {
  const { node } = path;
  if (node.type !== 'ArrowFunctionExpression') return undefined;
  const { body } = node;
  const rejects =
    body.type === 'CallExpression' &&
    body.callee.type === 'MemberExpression' &&
    body.callee.object.type === 'Identifier' &&
    body.callee.object.name === 'Promise' &&
    body.callee.property.name === 'reject' &&
    isDefaultActorError(body.arguments[0]);
  const throws =
    body.type === 'BlockStatement' &&
    body.body.length === 1 &&
    body.body[0].type === 'ThrowStatement' &&
    isDefaultActorError(body.body[0].argument);
  return rejects || throws
    ? "A machine's default actor: the container always provides the actor, so it never runs."
    : undefined;
}

/**
 * `setup({ types: {…} })`: the types only inform TypeScript; XState never reads the value.
 * @param {any} path
 */
function setupTypes(path) {
  const { node, parent, parentPath } = path;
  // The `types` property, in the object, in the call.
  const call = parentPath?.parentPath?.parent;
  return node.type === 'ObjectExpression' &&
    parent?.type === 'ObjectProperty' &&
    parent.key.type === 'Identifier' &&
    parent.key.name === 'types' &&
    call?.type === 'CallExpression' &&
    call.callee.type === 'Identifier' &&
    call.callee.name === 'setup'
    ? "setup's `types`: read by TypeScript only, never by XState at run time."
    : undefined;
}

/** @param {any} node */
function isDefaultActorError(node) {
  return (
    node.type === 'NewExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'Error' &&
    node.arguments[0]?.type === 'StringLiteral' &&
    PROVIDED_BY_THE_CONTAINER.test(node.arguments[0].value)
  );
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'defaultActorMessage', {
    shouldIgnore: defaultActorMessage,
  }),
  declareValuePlugin(PluginKind.Ignore, 'defaultActor', { shouldIgnore: defaultActor }),
  declareValuePlugin(PluginKind.Ignore, 'setupTypes', { shouldIgnore: setupTypes }),
];
