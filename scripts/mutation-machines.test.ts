import { describe, expect, it } from 'vitest';
import { machineNames, scoreOf, summaryTable, testsOf } from './mutation-machines.ts';

describe('npm run test:mutation:machines', () => {
  it('measures each machine module, not the rules and helpers beside it', () => {
    expect(
      machineNames(['login.machine.ts', 'login.rules.ts', 'form.ts', 'activation.machine.ts']),
    ).toEqual(['activation', 'login']);
  });

  it("takes a machine's tests from the files that import its module, whatever their names", () => {
    const files = [
      {
        file: 'b.test.ts',
        source: "import { x } from '../../src/machines/newPassword.machine.ts';",
      },
      { file: 'a.test.tsx', source: 'import { y } from "../../src/machines/newPassword.machine";' },
      {
        file: 'c.test.ts',
        source: "import { z } from '../../src/machines/newPasswordX.machine.ts';",
      },
      { file: 'd.test.ts', source: "import { w } from '../../src/machines/passwordRules.ts';" },
      { file: 'e.test.ts', source: '// newPassword.machine.ts is tested elsewhere' },
    ];
    expect(testsOf('newPassword', files)).toEqual(['a.test.tsx', 'b.test.ts']);
    expect(testsOf('password', files)).toEqual([]);
  });

  it('takes the tests of a container that imports the machine too', () => {
    const containers = [
      {
        file: 'src/app/CoursesContainer.tsx',
        source: "import { coursesListMachine } from '../machines/coursesList.machine.ts';",
      },
      { file: 'src/app/Courses.tsx', source: "import { x } from '../machines/other.machine.ts';" },
    ];
    const files = [
      {
        file: 'courses.container.test.tsx',
        source: "import { CoursesContainer } from '../../src/app/CoursesContainer.tsx';",
      },
      { file: 'courses.test.tsx', source: "import { Courses } from '../../src/app/Courses.tsx';" },
      {
        file: 'coursesList.test.tsx',
        source: "import { x } from '../../src/machines/coursesList.machine.ts';",
      },
    ];
    expect(testsOf('coursesList', files, containers)).toEqual([
      'courses.container.test.tsx',
      'coursesList.test.tsx',
    ]);
    expect(testsOf('coursesList', files)).toEqual(['coursesList.test.tsx']);
  });

  it("counts timed-out mutants as killed and untested ones as survived, as Stryker's score does", () => {
    const mutants = (...statuses: string[]) => statuses.map((status) => ({ status }));
    const report = {
      files: {
        'src/machines/a.machine.ts': {
          mutants: mutants('Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored'),
        },
        'src/machines/b.machine.ts': { mutants: mutants('Killed', 'CompileError', 'RuntimeError') },
      },
    } as Parameters<typeof scoreOf>[0];
    expect(scoreOf(report)).toEqual({ killed: 3, survived: 2 });
  });

  it('meets the goal at 90 % per machine and 95 % overall, not a mutant below', () => {
    const table = summaryTable([
      { machine: 'exact', score: { killed: 90, survived: 10 } },
      { machine: 'below', score: { killed: 899, survived: 101 } },
      { machine: 'none', score: { killed: 0, survived: 0 } },
    ]).split('\n');
    expect(table.slice(2)).toEqual([
      '| exact | 90.0 | 90 / 10 | met |',
      '| below | 89.9 | 899 / 101 | not yet |',
      '| none | — | 0 / 0 | not yet |',
      '| overall | 89.9 | 989 / 111 | not yet |',
    ]);
    expect(
      summaryTable([{ machine: 'a', score: { killed: 95, survived: 5 } }])
        .split('\n')
        .at(-1),
    ).toBe('| overall | 95.0 | 95 / 5 | met |');
  });
});
