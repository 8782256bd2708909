import { GraphQLError, type ValidationRule } from 'graphql';
import { NUL, nulLocation } from '../errors/unstorable-text';
import { badUserInput } from './format-error';

/** A string literal in the document that PostgreSQL could not store (see errors/unstorable-text.ts). */
export function nulLiteralRule(): ValidationRule {
  return (context) => ({
    StringValue(node) {
      if (node.value.includes(NUL)) context.reportError(new GraphQLError('string literals must not contain the NUL character', { nodes: [node] }));
    },
  });
}

/** The same rule for variables: BAD_USER_INPUT naming the variable, before anything runs. */
export function checkVariablesStorable(variables: Record<string, unknown> | undefined): void {
  const loc = nulLocation(variables ?? {}, []);
  if (loc) throw badUserInput(`variable $${loc.join('.')} must not contain the NUL character`);
}
