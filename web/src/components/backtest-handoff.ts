/** Rules another view hands to the backtest form ("Backtest this"), which takes them once when it opens. */
export interface HandedRules {
  entry: string;
  exit: string;
}

let handed: HandedRules | undefined;

export function handToBacktest(rules: HandedRules): void {
  handed = rules;
}

export function takeHandedRules(): HandedRules | undefined {
  const rules = handed;
  handed = undefined;
  return rules;
}
