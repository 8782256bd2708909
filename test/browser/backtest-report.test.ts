import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import type { BacktestResult } from '../../src/engine';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { SweepRecord } from '../../src/services/backtests/sweep-records';
import { formatDecimal, formatPercent, formatTime } from '../../web/src/components/format';
import { formatMetricOf, metricField, metricLabel } from '../../web/src/components/metrics';
import { finishedJob, finishedSweep, jobBody, sweepBody } from '../support/backtest';
import { launchBrowser, watchedPage, type TestBrowser, type WatchedPage } from '../support/browser';
import { newAccount, signedHeaders } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, type TradingWorld } from '../support/trading-world';

/**
 * The backtest report on the dashboard (issue 27) and the exits of the
 * trailing stop and the protections on its candle chart (issue 28), in a
 * real Chromium against the real service: a job and a sweep run through the
 * API, and every figure the page shows is compared with the API's answer for
 * the same job. Every scenario also fails on a console error, an HTTP error
 * or a request to another host.
 */
describe('the backtest report in a browser (contract §18)', () => {
  let world: TradingWorld;
  let service: TestService;
  let chromium: TestBrowser;
  let tab: WatchedPage;
  let account: Awaited<ReturnType<typeof newAccount>>;
  let job: JobRecord;
  let sweep: SweepRecord;

  // Three weeks of hourly bars over a month's end (two heatmap cells), with a trailing stop and a daily-loss halt,
  // so that signal, trailing-stop, protection and end-of-range exits all occur.
  const RANGE = { start: '2024-01-20T00:00:00Z', end: '2024-02-10T00:00:00Z' };
  const PARAMS = { fast: 3, slow: 8, side: 'both', trailing_stop_pct: 1, daily_loss_pct: 2 };

  beforeAll(async () => {
    world = await startTradingWorld();
    [service, chromium] = await Promise.all([startTestService({ ...world.env, BACKTEST_WORKERS: '1' }), launchBrowser()]);
    account = await newAccount(service.url, world, 'report@example.com');
    tab = await watchedPage(chromium.browser, service.url);
    const { page } = tab;
    const signIn = async () => {
      await page.goto(`${service.url}/#/backtests`);
      await page.waitForSelector('#api-key');
      await page.type('#api-key', account.key.api_key);
      await page.type('#api-secret', account.key.api_secret);
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=signed-in-as]');
    };
    [job, sweep] = await Promise.all([
      finishedJob(account.call, jobBody({ ...RANGE, params: PARAMS })),
      finishedSweep(account.call, sweepBody({ ...RANGE, params: { fast: [3, 5], slow: [8, 12] } })),
      signIn(),
    ]);
    // The lists of recent jobs and sweeps are read when the view opens.
    await page.reload();
    await (await page.waitForSelector(`button[aria-label="Show job ${job.id}"]`))!.click();
    await page.waitForSelector('[data-testid=summary]');
  }, 60_000);
  afterEach(() => {
    expect(tab.problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
    await world?.stop();
  });

  /** A done job's GET answer carries the whole result. */
  const result = () => job.result as BacktestResult;
  const report = () => result().report!;
  const trades = () => result().trades;
  const lastCurveTime = () => result().equity_curve[result().equity_curve.length - 1]![0];

  /** The body cells' text of the table whose caption starts with `start`. */
  const tableRows = (page: Page, start: string) =>
    page.$$eval(
      'table',
      (tables, text) => {
        const table = tables.find((candidate) => candidate.caption?.textContent?.startsWith(text));
        return [...(table?.tBodies[0]?.rows ?? [])].map((row) => [...row.cells].map((cell) => cell.textContent ?? ''));
      },
      start,
    );
  const pointsOf = (page: Page, testId: string) =>
    page.waitForFunction((id) => Number(document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-points') ?? 0) > 0, { timeout: 10_000 }, testId);
  const days = (from: string, to: string) => `${formatDecimal((Date.parse(to) - Date.parse(from)) / 86_400_000, 1)} d`;

  it('ran a job whose trades end for several reasons, the trailing stop and a protection among them', () => {
    const reasons = new Set(trades().map((trade) => trade.exit_reason));
    expect([...reasons]).toEqual(expect.arrayContaining(['signal', 'trailing_stop', 'protection']));
    expect(report().monthly_returns.map((month) => month.month)).toEqual(['2024-01', '2024-02']);
    expect(report().drawdowns.length).toBeGreaterThan(0);
  });

  it('shows every metric and summary figure as the API gives it, the strategy beside the buy-and-hold benchmark', async () => {
    const { page } = tab;
    const summary = report().summary;
    const shown = await page.$$eval('[data-testid=benchmark] dd[data-field], [data-testid=summary] dd[data-field]', (cells) =>
      Object.fromEntries(
        cells.map((cell): [string, (string | null)[]] => [cell.getAttribute('data-field') ?? '', [cell.getAttribute('data-value'), cell.textContent]]),
      ),
    );
    const hours = (seconds: number) => `${formatDecimal(seconds / 3600, 1)} h`;
    const longest = Math.max(...report().drawdowns.map((drawdown) => Date.parse(drawdown.recovery_time ?? lastCurveTime()) - Date.parse(drawdown.peak_time)));
    expect(shown).toEqual({
      totalReturn: [summary.total_return, formatPercent(summary.total_return)],
      buyAndHoldReturn: [summary.buy_and_hold_return, formatPercent(summary.buy_and_hold_return)],
      exposure: [summary.exposure, formatPercent(summary.exposure)],
      longTrades: [String(summary.long_trades), String(summary.long_trades)],
      shortTrades: [String(summary.short_trades), String(summary.short_trades)],
      bestTrade: [summary.best_trade, formatDecimal(summary.best_trade)],
      worstTrade: [summary.worst_trade, formatDecimal(summary.worst_trade)],
      avgTradeDurationS: [String(summary.avg_trade_duration_s), hours(summary.avg_trade_duration_s)],
      maxConsecutiveWins: [String(summary.max_consecutive_wins), String(summary.max_consecutive_wins)],
      maxConsecutiveLosses: [String(summary.max_consecutive_losses), String(summary.max_consecutive_losses)],
      totalFees: [summary.total_fees, formatDecimal(summary.total_fees)],
      totalFunding: [summary.total_funding, formatDecimal(summary.total_funding)],
      longestDrawdown: [null, `${formatDecimal(longest / 86_400_000, 1)} d`],
    });
    const metrics = Object.fromEntries(Object.entries(result().metrics).map(([name, value]) => [metricField(name), value]));
    expect(
      await page.$$eval('[data-testid=metrics] div', (cards) =>
        Object.fromEntries(cards.map((card): [string, string] => [card.querySelector('dt')?.textContent ?? '', card.querySelector('dd')?.textContent ?? ''])),
      ),
    ).toEqual(Object.fromEntries(Object.keys(metrics).map((name) => [metricLabel(name), formatMetricOf(metrics, name)])));
    const beat = (Number(summary.total_return) - Number(summary.buy_and_hold_return)) * 100;
    expect(await page.$eval('[data-testid=benchmark] dd:not([data-field])', (cell) => cell.textContent)).toBe(
      `${beat >= 0 ? '+' : ''}${beat.toFixed(2)} points`,
    );
  });

  it('draws the equity with the drawdown periods shaded and lists each period with its dates, depth and duration', async () => {
    const { page } = tab;
    await pointsOf(page, 'equity-chart');
    await pointsOf(page, 'drawdown-chart');
    const { drawdowns } = report();
    expect(await page.$eval('[data-testid=equity-chart]', (figure) => figure.getAttribute('data-bands'))).toBe(String(drawdowns.length));
    expect(await page.$eval('[data-testid=equity-chart] canvas', (canvas) => canvas.width)).toBeGreaterThan(100);
    expect(await tableRows(page, 'Deepest drawdowns')).toEqual(
      drawdowns.map((drawdown) => [
        formatTime(drawdown.peak_time),
        formatTime(drawdown.trough_time),
        drawdown.recovery_time ? formatTime(drawdown.recovery_time) : 'not recovered',
        formatPercent(drawdown.depth),
        days(drawdown.peak_time, drawdown.trough_time),
        drawdown.recovery_time ? days(drawdown.peak_time, drawdown.recovery_time) : `${days(drawdown.peak_time, lastCurveTime())} so far`,
      ]),
    );
  });

  it('shows the monthly returns as a heatmap of years by months, each cell the API value', async () => {
    const { page } = tab;
    const cells = await page.$$eval('[data-testid=monthly-returns] td[data-month]', (found) =>
      found.map((cell) => [cell.getAttribute('data-month'), cell.getAttribute('data-value'), cell.textContent, getComputedStyle(cell).backgroundColor]),
    );
    expect(cells.map((cell) => cell.slice(0, 3))).toEqual(report().monthly_returns.map((month) => [month.month, month.return, formatPercent(month.return)]));
    // Green for a gain, red for a loss.
    cells.forEach(([, value, , colour]) => expect(colour).toMatch(Number(value) >= 0 ? /^rgba\(34, 197, 94/ : /^rgba\(239, 68, 68/));
    expect(await page.$eval('[data-testid=monthly-returns] tbody th', (year) => year.textContent)).toBe('2024');
  });

  it('lists the per-symbol row and the exits by reason with their counts, win rates and pnl', async () => {
    const { page } = tab;
    expect(await tableRows(page, 'Per symbol')).toEqual(
      report().per_symbol.map((row) => [
        row.symbol,
        String(row.trades),
        formatPercent(row.win_rate),
        formatDecimal(row.pnl),
        formatDecimal(row.fees),
        formatDecimal(row.funding),
      ]),
    );
    const labels: Record<string, string> = {
      signal: 'Signal',
      trailing_stop: 'Trailing stop',
      protection: 'Protection',
      stop_loss: 'Stop-loss',
      end: 'End of range',
    };
    const order = ['signal', 'stop_loss', 'take_profit', 'trailing_stop', 'protection', 'liquidation', 'end'];
    const expected = order.flatMap((reason) => {
      const ended = trades().filter((trade) => trade.exit_reason === reason);
      if (ended.length === 0) return [];
      const wins = ended.filter((trade) => Number(trade.pnl) > 0).length;
      const pnl = ended.reduce((sum, trade) => sum + Number(trade.pnl), 0);
      return [[labels[reason], String(ended.length), formatPercent(wins / ended.length), formatDecimal(pnl)]];
    });
    expect(await tableRows(page, 'Exits by reason')).toEqual(expected);
  });

  it('marks each exit on the candle chart by its reason, the trailing stop and the protection apart, and scatters every trade by MAE and MFE', async () => {
    const { page } = tab;
    await pointsOf(page, 'trade-candles');
    const symbol = job.config.symbols[0];
    const own = trades().filter((trade) => trade.symbol === symbol);
    expect(await page.$eval('[data-testid=trade-candles] [role=img]', (chart) => chart.getAttribute('aria-label'))).toContain(
      `, ${own.length * 2} trade markers`,
    );
    const legend = await page.$$eval('[data-testid=marker-legend] li[data-reason]', (items) =>
      items.map((item) => [item.getAttribute('data-reason'), Number(item.getAttribute('data-count')), item.textContent?.trim()] as const),
    );
    const reasons = [...new Set(own.map((trade) => trade.exit_reason))];
    expect(Object.fromEntries(legend.map(([reason, count]) => [reason, count]))).toEqual(
      Object.fromEntries(reasons.map((reason) => [reason, own.filter((trade) => trade.exit_reason === reason).length])),
    );
    const legendText = (reason: string) => legend.find(([shown]) => shown === reason)?.[2];
    expect(legendText('trailing_stop')).toMatch(/^Trail: Trailing stop \(\d+\)$/);
    expect(legendText('protection')).toMatch(/^Protect: Protection \(\d+\)$/);

    await pointsOf(page, 'excursion-scatter');
    const scatter = await page.$eval('[data-testid=excursion-scatter] svg', (svg) => ({
      width: svg.getBoundingClientRect().width,
      points: [...svg.querySelectorAll('circle.trade-point')].map((point) => [point.getAttribute('data-reason'), point.getAttribute('fill') !== 'none']),
    }));
    expect(scatter.width).toBeGreaterThan(100);
    expect(scatter.points).toEqual(trades().map((trade) => [trade.exit_reason, Number(trade.pnl) > 0]));
  });

  it('downloads trades.csv and equity.csv signed from the API, byte for byte', async () => {
    const { page } = tab;
    const folder = await mkdtemp(path.join(os.tmpdir(), 'report-downloads-'));
    const browserSession = await chromium.browser.target().createCDPSession();
    try {
      await browserSession.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder, eventsEnabled: true });
      const names = new Map<string, string>();
      browserSession.on('Browser.downloadWillBegin', (event) => names.set(event.guid, event.suggestedFilename));
      for (const [file, lines] of [
        ['trades', trades().length + 1],
        ['equity', result().equity_curve.length + 1],
      ] as const) {
        const finished = new Promise<string>((resolve) =>
          browserSession.on('Browser.downloadProgress', (event) => event.state === 'completed' && resolve(names.get(event.guid) ?? '')),
        );
        await page.click(`.downloads button ::-p-text(Download ${file}.csv)`);
        const name = await finished;
        expect(name).toBe(`${job.id}-${file}.csv`);
        const csvPath = `/v1/backtest/jobs/${job.id}/${file}.csv`;
        const answer = await fetch(`${service.url}${csvPath}`, { headers: signedHeaders(account.key, 'GET', csvPath) });
        expect(answer.status).toBe(200);
        const expected = Buffer.from(await answer.arrayBuffer());
        // A header row, a line per trade or curve point, each ended by CRLF.
        expect(expected.toString('utf8').split('\r\n')).toHaveLength(lines + 1);
        expect((await readFile(path.join(folder, name))).equals(expected)).toBe(true);
      }
    } finally {
      await browserSession.detach();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('signed in with an app token, says the CSV files need an API key instead of offering downloads that cannot be signed', async () => {
    const other = await watchedPage(chromium.browser, service.url);
    try {
      const { page } = other;
      await page.goto(`${service.url}/#/backtests`);
      await page.click('input[name=kind][value=token]');
      await page.type('#app-token', account.token);
      await page.click('.sign-in form button[type=submit]');
      await (await page.waitForSelector(`button[aria-label="Show job ${job.id}"]`))!.click();
      const note = await page.waitForSelector('[data-testid=csv-needs-key]');
      expect(await note!.evaluate((text) => text.textContent)).toBe('The CSV files are signed API paths: sign in with an API key to download them.');
      expect(await page.$('.downloads button')).toBeNull();
      expect(other.problems).toEqual([]);
    } finally {
      await other.page.close();
    }
  });

  it('fits a 390 px screen: wide tables and the heatmap scroll inside their own regions', async () => {
    const { page } = tab;
    await page.setViewport({ width: 390, height: 844 });
    await pointsOf(page, 'equity-chart');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.$eval('[data-testid=excursion-scatter] svg', (svg) => svg.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    await tab.screenshot('backtest-report-390px');
    await page.setViewport({ width: 1280, height: 900 });
  });

  it("shows the sweep's deflated Sharpe ratio and trials beside its leaderboard, as the API gives them", async () => {
    const { page } = tab;
    const selection = sweep.result!.selection!;
    await (await page.waitForSelector(`button[aria-label="Show sweep ${sweep.id}"]`))!.click();
    const shown = await page.waitForSelector('[data-testid=sweep-selection] dd[data-field=deflatedSharpe]');
    expect(await shown!.evaluate((cell) => [cell.getAttribute('data-value'), cell.textContent])).toEqual([
      selection.deflated_sharpe,
      formatDecimal(selection.deflated_sharpe, 4),
    ]);
    expect(await page.$eval('[data-testid=sweep-selection] dd[data-field=trials]', (cell) => cell.textContent)).toBe(String(selection.trials));
    expect(await page.$eval('[data-testid=sweep-selection] .hint', (hint) => hint.textContent)).toContain(`the ${selection.trials} combinations tried`);
  });
});
