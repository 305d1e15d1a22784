/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4), written from the
 * format's description rather than from the library that writes it: every line is a HELP, a
 * TYPE or a sample; names and label names are valid; label values are properly escaped; values
 * are numbers; a family's samples follow its TYPE, use only its suffixes, and a histogram's
 * buckets rise to `+Inf`, which equals its `_count`. Anything else throws, naming the line.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
/** A float as Go's ParseFloat reads it, which the format names: Inf and NaN in any case. */
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|inf(?:inity)?)|nan)$/i;
const SUFFIXES: Record<Family['type'], readonly string[]> = {
  counter: ['', '_total'],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export function readPrometheusText(text: string): Family[] {
  if (!text.endsWith('\n')) throw new Error('the text must end with a line feed');
  const families = new Map<string, Family>();
  let current: Family | undefined;
  text
    .slice(0, -1)
    .split('\n')
    .forEach((line, index) => {
      const fail = (why: string): never => {
        throw new Error(`line ${index + 1}: ${why}: ${line}`);
      };
      if (line === '') return;
      const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (meta) {
        const [, keyword, name = '', rest = ''] = meta;
        if (!NAME.test(name)) fail('invalid metric name');
        const family = families.get(name) ?? {
          name,
          type: 'untyped' as const,
          help: '',
          samples: [],
        };
        if (keyword === 'HELP') family.help = rest;
        else {
          if (!(rest in SUFFIXES)) fail('unknown type');
          if (family.samples.length > 0) fail('TYPE after samples');
          family.type = rest as Family['type'];
        }
        families.set(name, family);
        current = family;
        return;
      }
      if (line.startsWith('#')) return;
      const sample = readSample(line, fail);
      const family =
        current && SUFFIXES[current.type].some((suffix) => current?.name + suffix === sample.name)
          ? current
          : fail('a sample outside its family');
      family.samples.push(sample);
    });
  for (const family of families.values()) checkHistogram(family);
  return [...families.values()];
}

function readSample(line: string, fail: (why: string) => never): Sample {
  const match = /^([^{\s]+)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/.exec(line) ?? fail('not a sample');
  const [, name = '', labelText = '', valueText = ''] = match;
  if (!NAME.test(name)) fail('invalid metric name');
  if (!VALUE.test(valueText)) fail('invalid value');
  const labels: Record<string, string> = {};
  let rest = labelText;
  while (rest !== '') {
    const label = /^([^=]+)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/.exec(rest) ?? fail('invalid labels');
    const [whole, labelName = '', escaped = ''] = label;
    if (!LABEL_NAME.test(labelName)) fail('invalid label name');
    if (labelName in labels) fail('a repeated label');
    labels[labelName] = escaped.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(whole.length);
  }
  const special = valueText.toLowerCase().replace(/^([+-]?)inf(inity)?$/, '$1Infinity');
  return { name, labels, value: special === 'nan' ? Number.NaN : Number(special) };
}

function checkHistogram(family: Family): void {
  if (family.type !== 'histogram') return;
  const series = new Map<string, Sample[]>();
  for (const sample of family.samples) {
    const { le, ...others } = sample.labels;
    const key = JSON.stringify(Object.entries(others).sort());
    if (sample.name.endsWith('_bucket') && le === undefined) {
      throw new Error(`${family.name}: a bucket without le`);
    }
    series.set(key, [...(series.get(key) ?? []), sample]);
  }
  for (const samples of series.values()) {
    const buckets = samples.filter((sample) => sample.name.endsWith('_bucket'));
    const counts = buckets.map((bucket) => bucket.value);
    if (counts.some((count, index) => index > 0 && count < (counts[index - 1] ?? 0))) {
      throw new Error(`${family.name}: buckets must not fall`);
    }
    const last = buckets.at(-1);
    const count = samples.find((sample) => sample.name.endsWith('_count'));
    if (last?.labels.le !== '+Inf' || count?.value !== last.value) {
      throw new Error(`${family.name}: the +Inf bucket must end the series and equal _count`);
    }
  }
}
