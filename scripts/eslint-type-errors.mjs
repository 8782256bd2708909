// The type check as a lint rule: `npm test` would otherwise build every TypeScript program twice, once in `tsc
// --noEmit` and once more in typescript-eslint's type-aware rules, and checking the sources is most of the CPU either
// costs. This rule reports the compiler's own errors for each linted file from the program the type-aware rules have
// already built and checked (typescript-eslint's project service: the same tsconfig.json files `tsc -p` reads), so a
// type error fails the lint exactly as it fails `npm run typecheck`, at the same line and with the compiler's text.
import ts from 'typescript';

/** The programs whose option and global errors were already reported (once per program, on its first linted file). */
const reportedPrograms = new WeakSet();

const location = (file, start, length) => {
  const from = file.getLineAndCharacterOfPosition(start);
  const to = file.getLineAndCharacterOfPosition(start + length);
  return { start: { line: from.line + 1, column: from.character }, end: { line: to.line + 1, column: to.character } };
};

const typeErrors = {
  meta: {
    type: 'problem',
    docs: { description: "Reports the TypeScript compiler's errors (what `tsc --noEmit` reports) from the lint's own program" },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const { program } = services;
    return {
      Program(node) {
        const file = services.esTreeNodeToTSNodeMap.get(node);
        const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
        if (!reportedPrograms.has(program)) {
          reportedPrograms.add(program);
          diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
        }
        for (const diagnostic of diagnostics) {
          if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
          const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
          const inThisFile = diagnostic.file?.fileName === file.fileName && diagnostic.start !== undefined;
          context.report({
            message: inThisFile || !diagnostic.file ? message : `${diagnostic.file.fileName}: ${message}`,
            loc: inThisFile ? location(file, diagnostic.start, diagnostic.length ?? 0) : { line: 1, column: 0 },
          });
        }
      },
    };
  },
};

export default { rules: { 'type-errors': typeErrors } };
