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
  const isIt =
    node.type === 'NewExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'Error' &&
    node.arguments[0]?.type === 'StringLiteral' &&
    PROVIDED_BY_THE_CONTAINER.test(node.arguments[0].value);
  return isIt
    ? "A machine's default actor: the container always provides the actor, its message is never read."
    : undefined;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'defaultActorMessage', {
    shouldIgnore: defaultActorMessage,
  }),
];
