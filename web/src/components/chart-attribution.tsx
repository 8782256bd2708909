/** The notice and link TradingView's licence for Lightweight Charts asks for, in place of the logo on each chart. */
export function ChartAttribution() {
  return (
    <footer class="attribution" data-testid="chart-attribution">
      Charts: <a href="https://www.tradingview.com/">TradingView</a> Lightweight Charts™, Copyright (c) 2025 TradingView, Inc.
    </footer>
  );
}
