import { tokenize, type Token } from './lexer';
import { ExpressionError, SERIES, type BinaryOperator, type ExpressionNode, type LengthNode, type SeriesName } from './syntax';

/** Contract §17's limits: they bound the work of parsing, checking and every bar of a run. */
export const MAX_EXPRESSION_LENGTH = 1_000;
export const MAX_CALLS = 64;
export const MAX_NESTING = 32;

const COMPARISONS = new Set<string>(['<', '<=', '>', '>=', '==', '!=']);
const KEYWORDS = new Set(['and', 'or', 'not']);
const seriesNames: ReadonlySet<string> = new Set(SERIES);

function describe(token: Token): string {
  if (token.kind === 'end') return 'the end of the expression';
  return token.kind === 'number' ? `the number ${token.text}` : `'${token.text}'`;
}

/**
 * A hand-written recursive-descent parser: one method per precedence level,
 * loosest first (`or`, `and`, `not`, comparisons, `+ -`, `* /`, unary `-`,
 * then `[n]` and calls). Nesting (parentheses, call arguments, `[n]`, unary
 * operators) is counted on the way down, so input cannot make the recursion
 * deeper than `MAX_NESTING` levels.
 */
class Parser {
  private position = 0;
  private depth = 0;
  private calls = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): ExpressionNode {
    const node = this.or();
    const next = this.peek();
    if (next.kind !== 'end') throw new ExpressionError(next.column, `expected an operator or the end of the expression, found ${describe(next)}`);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.position]!;
  }

  private advance(): Token {
    const token = this.tokens[this.position]!;
    if (token.kind !== 'end') this.position++;
    return token;
  }

  private accept(text: string): Token | undefined {
    const token = this.peek();
    if ((token.kind === 'operator' || token.kind === 'identifier') && token.text === text) return this.advance();
    return undefined;
  }

  private expect(text: string, context: string): Token {
    const token = this.accept(text);
    if (token) return token;
    const found = this.peek();
    throw new ExpressionError(found.column, `expected '${text}' ${context}, found ${describe(found)}`);
  }

  private nested<T>(column: number, parse: () => T): T {
    if (++this.depth > MAX_NESTING) throw new ExpressionError(column, `expected at most ${MAX_NESTING} levels of nesting`);
    const node = parse();
    this.depth--;
    return node;
  }

  private binaryLevel(operators: ReadonlySet<string>, operand: () => ExpressionNode): ExpressionNode {
    let left = operand();
    for (;;) {
      const token = this.peek();
      if (!(token.kind === 'operator' || token.kind === 'identifier') || !operators.has(token.text)) return left;
      this.advance();
      const right = operand();
      left = { kind: 'binary', operator: token.text as BinaryOperator, left, right, column: left.column, operatorColumn: token.column };
    }
  }

  private or(): ExpressionNode {
    return this.binaryLevel(new Set(['or']), () => this.and());
  }

  private and(): ExpressionNode {
    return this.binaryLevel(new Set(['and']), () => this.not());
  }

  private not(): ExpressionNode {
    const token = this.accept('not');
    if (!token) return this.comparison();
    return { kind: 'not', operand: this.nested(token.column, () => this.not()), column: token.column };
  }

  private comparison(): ExpressionNode {
    return this.binaryLevel(COMPARISONS, () => this.additive());
  }

  private additive(): ExpressionNode {
    return this.binaryLevel(new Set(['+', '-']), () => this.multiplicative());
  }

  private multiplicative(): ExpressionNode {
    return this.binaryLevel(new Set(['*', '/']), () => this.unary());
  }

  private unary(): ExpressionNode {
    const token = this.accept('-');
    if (!token) return this.postfix();
    return { kind: 'negate', operand: this.nested(token.column, () => this.unary()), column: token.column };
  }

  private postfix(): ExpressionNode {
    let node = this.primary();
    for (;;) {
      const open = this.accept('[');
      if (!open) return node;
      const offset = this.nested(open.column, () => this.length('inside [ ]'));
      this.expect(']', 'to close the [ opened at column ' + open.column);
      node = { kind: 'lookback', target: node, offset, column: node.column };
    }
  }

  /** A length is a number literal or a parameter name; the checker decides its range. */
  private length(where: string): LengthNode {
    const token = this.peek();
    if (token.kind === 'number') {
      this.advance();
      return { kind: 'number', value: Number(token.text), column: token.column };
    }
    if (token.kind === 'identifier' && !KEYWORDS.has(token.text) && !seriesNames.has(token.text) && this.tokens[this.position + 1]?.text !== '(') {
      this.advance();
      return { kind: 'parameter', name: token.text, column: token.column };
    }
    throw new ExpressionError(token.column, `expected a whole number or a parameter name ${where}, found ${describe(token)}`);
  }

  private primary(): ExpressionNode {
    const token = this.peek();
    if (token.kind === 'number') {
      this.advance();
      return { kind: 'number', value: Number(token.text), column: token.column };
    }
    if (token.kind === 'operator' && token.text === '(') {
      this.advance();
      const inner = this.nested(token.column, () => this.or());
      this.expect(')', `to close the ( opened at column ${token.column}`);
      return inner;
    }
    if (token.kind === 'identifier' && !KEYWORDS.has(token.text)) {
      this.advance();
      if (this.peek().text === '(' && this.peek().kind === 'operator') return this.call(token);
      if (seriesNames.has(token.text)) return { kind: 'series', name: token.text as SeriesName, column: token.column };
      return { kind: 'parameter', name: token.text, column: token.column };
    }
    throw new ExpressionError(token.column, `expected a number, a series, a parameter, a function call or '(', found ${describe(token)}`);
  }

  private call(name: Token): ExpressionNode {
    if (++this.calls > MAX_CALLS) throw new ExpressionError(name.column, `expected at most ${MAX_CALLS} function calls`);
    this.advance();
    const args = this.nested(name.column, () => {
      const list: ExpressionNode[] = [];
      if (this.accept(')')) return list;
      for (;;) {
        list.push(this.or());
        if (this.accept(')')) return list;
        this.expect(',', `or ')' after argument ${list.length} of ${name.text}`);
      }
    });
    return { kind: 'call', name: name.text, args, column: name.column };
  }
}

/** Parses one expression into its tree, or throws `ExpressionError` at the first problem. */
export function parseExpression(source: string): ExpressionNode {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(MAX_EXPRESSION_LENGTH + 1, `expected at most ${MAX_EXPRESSION_LENGTH} characters, found ${source.length}`);
  }
  return new Parser(tokenize(source)).parse();
}
