import { ExpressionError } from './syntax';

export type TokenKind = 'number' | 'identifier' | 'operator' | 'end';

export interface Token {
  kind: TokenKind;
  /** The source text of the token (empty at the end). */
  text: string;
  /** 1-based column of its first character. */
  column: number;
}

/** Longest first, so `<=` is not read as `<` then `=`. */
const OPERATORS = ['<=', '>=', '==', '!=', '<', '>', '+', '-', '*', '/', '(', ')', '[', ']', ','];

/** What a newcomer from other languages may type, with the word this language uses. */
const FOREIGN_OPERATORS = new Map([
  ['&&', "'and'"],
  ['||', "'or'"],
  ['!', "'not'"],
  ['=', "'==' to compare"],
]);

const isDigit = (char: string) => char >= '0' && char <= '9';
const isIdentifierStart = (char: string) => (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || char === '_';
const isIdentifierPart = (char: string) => isIdentifierStart(char) || isDigit(char);
const isSpace = (char: string) => char === ' ' || char === '\t' || char === '\n' || char === '\r';

function describe(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f ? `character U+${code.toString(16).padStart(4, '0').toUpperCase()}` : `'${char}'`;
}

/** Splits an expression into tokens; the last one is always `end`. Characters outside the language are an error at their column. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const column = index + 1;
    if (isSpace(char)) {
      index++;
      continue;
    }
    if (isDigit(char) || (char === '.' && isDigit(source[index + 1] ?? ''))) {
      let end = index;
      while (end < source.length && isDigit(source[end]!)) end++;
      if (source[end] === '.') {
        end++;
        if (!isDigit(source[end] ?? '')) throw new ExpressionError(end + 1, 'expected a digit after the decimal point');
        while (end < source.length && isDigit(source[end]!)) end++;
      }
      if (isIdentifierStart(source[end] ?? '') || source[end] === '.')
        throw new ExpressionError(end + 1, `expected an operator after the number ${source.slice(index, end)}`);
      tokens.push({ kind: 'number', text: source.slice(index, end), column });
      index = end;
      continue;
    }
    if (isIdentifierStart(char)) {
      let end = index + 1;
      while (end < source.length && isIdentifierPart(source[end]!)) end++;
      tokens.push({ kind: 'identifier', text: source.slice(index, end), column });
      index = end;
      continue;
    }
    const operator = OPERATORS.find((candidate) => source.startsWith(candidate, index));
    if (operator !== undefined) {
      tokens.push({ kind: 'operator', text: operator, column });
      index += operator.length;
      continue;
    }
    const foreign = [...FOREIGN_OPERATORS.keys()].find((candidate) => source.startsWith(candidate, index));
    if (foreign !== undefined) throw new ExpressionError(column, `'${foreign}' is not an operator of this language; use ${FOREIGN_OPERATORS.get(foreign)!}`);
    if (char === '"' || char === "'")
      throw new ExpressionError(column, 'expected a number, a series, a parameter or a function call; the language has no text values');
    throw new ExpressionError(column, `unexpected ${describe(String.fromCodePoint(source.codePointAt(index)!))}`);
  }
  tokens.push({ kind: 'end', text: '', column: source.length + 1 });
  return tokens;
}
