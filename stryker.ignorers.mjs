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
];
