/**
 * `npm run docs:machines`: a Mermaid state diagram of every machine in src/machines/, drawn from
 * the machine definition itself (states, events, guards, delays, invoked calls), written to
 * docs/machines/<machine>.md. scripts/machine-diagrams.test.ts fails when a file is not current,
 * so a change of a flow shows in the diff of its diagram.
 */
import { readdirSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

const root = path.resolve(import.meta.dirname, '..');
export const MACHINES_DIR = path.join(root, 'src/machines');
export const DIAGRAMS_DIR = path.join(root, 'docs/machines');

/** Every exported machine of src/machines/, by its file name (without `.machine.ts`). */
export async function loadMachines(): Promise<Map<string, AnyStateMachine>> {
  const machines = new Map<string, AnyStateMachine>();
  for (const file of readdirSync(MACHINES_DIR).filter((name) => name.endsWith('.machine.ts'))) {
    const module = (await import(path.join(MACHINES_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (isMachine(value)) machines.set(file.replace('.machine.ts', ''), value);
    }
  }
  return new Map([...machines].sort(([a], [b]) => a.localeCompare(b)));
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value;
}

const idOf = (node: AnyStateNode) => node.path.join('_') || 'root';

/** How an event reads on an arrow: timers as their delay, invoked calls as done/error. */
function eventLabel(machine: AnyStateMachine, type: string): string {
  const timer = /^xstate\.after\.(.+?)\.[^.]+(\..*)?$/.exec(type);
  if (timer) {
    const delay = timer[1] ?? '';
    const named: unknown = machine.implementations.delays[delay];
    const ms = Number.isNaN(Number(delay)) ? named : Number(delay);
    return typeof ms === 'number' ? `after ${ms} ms` : `after ${delay}`;
  }
  if (type.startsWith('xstate.done.actor.')) return `done: ${type.slice(18)}`;
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice(19)}`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  return type || 'always';
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && 'type' in guard) return ` [${String(guard.type)}]`;
  return ' [inline guard]';
}

function transitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** The Mermaid text of one machine. */
export function machineDiagram(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const arrows: string[] = [];
  const declare = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states);
    if (node.initial?.target[0] && node.type !== 'parallel') {
      lines.push(`${indent}[*] --> ${idOf(node.initial.target[0])}`);
    }
    for (const [index, child] of children.entries()) {
      if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      const name = child.key;
      const grandchildren = Object.values(child.states);
      const invoked = child.invoke.map((invoke) => invoke.id).join(', ');
      lines.push(
        `${indent}state "${name}${invoked ? ` (calls ${invoked})` : ''}" as ${idOf(child)}`,
      );
      if (grandchildren.length > 0) {
        lines.push(`${indent}state ${idOf(child)} {`);
        declare(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
    }
    for (const child of children) {
      for (const transition of transitions(child)) {
        const label = `${eventLabel(machine, transition.eventType)}${guardLabel(transition.guard)}`;
        const targets = transition.target ?? [child];
        for (const target of targets) arrows.push(`  ${idOf(child)} --> ${idOf(target)}: ${label}`);
      }
    }
  };
  declare(machine.root, '  ');
  for (const transition of transitions(machine.root)) {
    const label = `${eventLabel(machine, transition.eventType)}${guardLabel(transition.guard)}`;
    for (const target of transition.target ?? []) {
      arrows.push(`  note right of ${idOf(target)}: from any state, ${label}`);
    }
  }
  return [...lines, ...arrows].join('\n');
}

/** The Markdown file of one machine. */
export function diagramFile(name: string, machine: AnyStateMachine): string {
  return [
    `# ${name}`,
    '',
    `Generated from \`src/machines/${name}.machine.ts\` by \`npm run docs:machines\`; do not edit.`,
    'Arrows name the event, `[guard]`, `after N ms` for a delay and `done:`/`error:` for the',
    'answer of an invoked call. README.md says how to open the machine in the Stately visualiser.',
    '',
    '```mermaid',
    machineDiagram(machine),
    '```',
    '',
  ].join('\n');
}

async function main() {
  const machines = await loadMachines();
  rmSync(DIAGRAMS_DIR, { recursive: true, force: true });
  mkdirSync(DIAGRAMS_DIR, { recursive: true });
  for (const [name, machine] of machines) {
    writeFileSync(path.join(DIAGRAMS_DIR, `${name}.md`), diagramFile(name, machine));
  }
  console.log(`${machines.size} diagrams in ${path.relative(root, DIAGRAMS_DIR)}/`);
}

if (import.meta.main) await main();
