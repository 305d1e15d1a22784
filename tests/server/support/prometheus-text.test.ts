import { describe, expect, it } from 'vitest';
import { readPrometheusText } from './prometheus-text.ts';

const histogram = (inf: number, count: number) =>
  [
    '# HELP h Latency.',
    '# TYPE h histogram',
    'h_bucket{le="0.1",route="/a"} 1',
    `h_bucket{le="+Inf",route="/a"} ${inf}`,
    'h_sum{route="/a"} 0.3',
    `h_count{route="/a"} ${count}`,
    '',
  ].join('\n');

describe('readPrometheusText (the oracle of /metrics)', () => {
  it('reads families, labels with escapes, and histograms', () => {
    const [counter, latency] = readPrometheusText(
      '# HELP c Things.\n# TYPE c counter\nc_total{a="x\\"y\\\\z",b="1"} 3\n' + histogram(2, 2),
    );
    expect(counter).toMatchObject({ name: 'c', type: 'counter', help: 'Things.' });
    expect(counter?.samples[0]).toEqual({
      name: 'c_total',
      labels: { a: 'x"y\\z', b: '1' },
      value: 3,
    });
    expect(latency?.samples).toHaveLength(4);
    const [gauge] = readPrometheusText(
      '# TYPE g gauge\ng{a="1"} Nan\ng{a="2"} -Inf\ng{a="3"} 1e-3\n',
    );
    expect(gauge?.samples.map((sample) => sample.value)).toEqual([Number.NaN, -Infinity, 0.001]);
  });

  it.each([
    ['no final line feed', '# TYPE c counter\nc 1'],
    ['a bad value', '# TYPE c counter\nc one\n'],
    ['a bad name', '# TYPE 1c counter\n'],
    ['an unescaped quote', '# TYPE c counter\nc{a="x"y"} 1\n'],
    ['a repeated label', '# TYPE c counter\nc{a="1",a="2"} 1\n'],
    ['a sample of another family', '# TYPE c counter\nd 1\n'],
    ['a gauge with a suffix', '# TYPE g gauge\ng_total 1\n'],
    ['+Inf unlike _count', histogram(2, 3)],
    ['falling buckets', histogram(0, 0)],
  ])('refuses %s', (_, text) => {
    expect(() => readPrometheusText(text)).toThrow();
  });
});
