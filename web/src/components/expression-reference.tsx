/** The expression language at a glance (docs/expressions.md has the full reference): one row per form, with an example. */
const REFERENCE: { form: string; meaning: string; example: string }[] = [
  { form: 'open high low close volume', meaning: "The bar's values on the strategy's timeframe", example: 'close > open' },
  { form: '+ - * /', meaning: 'Arithmetic; x / 0 is undefined', example: '(high - low) / close > 0.02' },
  { form: '< <= > >= == !=', meaning: 'Compare numbers, giving a condition', example: 'close >= highest(close, 50)' },
  { form: 'and or not', meaning: 'Combine conditions', example: 'not (close < open) and volume > 100' },
  { form: 'x[n]', meaning: 'The value of x n closed bars ago', example: 'close > close[1]' },
  { form: 'sma(x, n)', meaning: 'Simple moving average of the last n values', example: 'close > sma(close, 200)' },
  { form: 'ema(x, n)', meaning: 'Exponential moving average, α = 2/(n+1)', example: 'ema(close, 12) > ema(close, 26)' },
  { form: 'rsi(x, n)', meaning: "Wilder's RSI", example: 'rsi(close, 14) < 30' },
  { form: 'stdev(x, n)', meaning: 'Population standard deviation of the last n values', example: 'close > sma(close, 20) + 2 * stdev(close, 20)' },
  { form: 'highest(x, n)', meaning: 'Largest of the last n values, this bar included', example: 'close > highest(high, 20)[1]' },
  { form: 'lowest(x, n)', meaning: 'Smallest of the last n values, this bar included', example: 'close < lowest(low, 20)[1]' },
  { form: 'atr(n)', meaning: "Wilder's average true range", example: 'high - low > 2 * atr(14)' },
  { form: 'abs(x)', meaning: 'Absolute value', example: 'abs(close - sma(close, 20)) < atr(14)' },
  { form: 'min(a, b) max(a, b)', meaning: 'The smaller / larger of two values', example: 'min(open, close) > sma(close, 50)' },
  { form: 'crossover(a, b)', meaning: 'True on the bar where a − b turns positive', example: 'crossover(ema(close, 9), ema(close, 21))' },
  { form: 'crossunder(a, b)', meaning: 'True on the bar where a − b turns negative', example: 'crossunder(close, sma(close, 50))' },
];

/** The function reference one click away from the editor: a disclosure, so it costs no room until opened. */
export function ExpressionReference({ id }: { id: string }) {
  return (
    <details class="expression-reference" id={id}>
      <summary>Function reference</summary>
      <p class="hint">
        Any other name (<code>fast</code>, <code>n</code>) is a named number you give below. A length n is a whole number up to 10,000 or a named number. A
        value is undefined until it has all its inputs, and a comparison with an undefined value is false.
      </p>
      <div class="table-scroll" role="region" aria-label="Expression functions" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Meaning</th>
              <th scope="col">Example</th>
            </tr>
          </thead>
          <tbody>
            {REFERENCE.map((row) => (
              <tr key={row.form}>
                <th scope="row">
                  <code>{row.form}</code>
                </th>
                <td>{row.meaning}</td>
                <td>
                  <code>{row.example}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
