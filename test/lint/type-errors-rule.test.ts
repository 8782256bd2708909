import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(__dirname, 'fixture');

/** `line:TScode` of each error, sorted. */
const errorKeys = (errors: { line: number; code: number }[]) => errors.map(({ line, code }) => `${line}:TS${code}`).sort();

/** What `tsc --noEmit -p test/lint/fixture` reports, from the compiler's own API. */
function compilerErrors() {
  const configFile = ts.readConfigFile(path.join(FIXTURE, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, FIXTURE);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error && diagnostic.file && diagnostic.start !== undefined)
    .map((diagnostic) => ({ line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1, code: diagnostic.code }));
}

describe('the lint reports the type errors tsc reports (scripts/eslint-type-errors.mjs)', () => {
  it('names each of the compiler’s errors at its line with the compiler’s code and text', async () => {
    const expected = compilerErrors();
    expect(errorKeys(expected)).toEqual(['2:TS2322', '5:TS6133', '6:TS2322']);

    // The fixture is left out of the repository's own lint (its errors are on purpose): `ignore: false` lints it anyway.
    const [result] = await new ESLint({ cwd: ROOT, ignore: false }).lintFiles([path.join(FIXTURE, 'type-errors.ts')]);
    const reported = result!.messages.filter((message) => message.ruleId === 'local/type-errors');
    expect(errorKeys(reported.map((message) => ({ line: message.line, code: Number(/^TS(\d+):/.exec(message.message)?.[1]) })))).toEqual(errorKeys(expected));
    expect(reported.map((message) => message.message)).toContainEqual("TS2322: Type 'string' is not assignable to type 'number'.");
  }, 60_000);
});
