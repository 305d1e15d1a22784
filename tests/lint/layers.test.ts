/**
 * The project's own lint configuration (eslint.config.js) on probe modules that do not exist:
 * src/lib imports no feature, whatever its extension, and the feature rule is wired in with the
 * project's feature table.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** The rules that refuse `code` as the module at `filePath`. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// The first lint loads the configuration and its parsers: seconds on a busy machine.
describe('the lint configuration', { timeout: 60_000 }, () => {
  it.each(['src/lib/probe.ts', 'src/lib/probe.tsx'])(
    'keeps features, views and the API out of %s',
    async (filePath) => {
      for (const source of [
        '../machines/courseForm.machine.ts',
        '../views/Spinner.tsx',
        '../app/effects.tsx',
        '../api/contract.ts',
      ]) {
        expect(await refusals(filePath, `import '${source}';\n`)).toContain(
          'no-restricted-imports',
        );
      }
    },
  );

  it("refuses a feature taking another feature's machine, and lets it take shared pieces", async () => {
    const probe = 'src/app/EducationFormContainer.tsx';
    expect(await refusals(probe, "import '../machines/courseForm.machine.ts';\n")).toEqual([
      'local/feature-boundaries',
    ]);
    expect(await refusals(probe, "import '../views/form/DateTimePicker.tsx';\n")).toEqual([]);
  });
});
