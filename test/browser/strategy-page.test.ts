import type { Page } from 'puppeteer-core';
import type { PositionPage } from '../../src/services/strategies/strategy-history';
import type { PositionRecord, StrategyRecord } from '../../src/services/strategies/strategy-records';
import { launchBrowser, watchedPage, type TestBrowser, type WatchedPage } from '../support/browser';
import { defined } from '../support/defined';
import { fastClock } from '../support/fast-clock';
import { newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import { waitFor } from '../support/wait';

/**
 * The strategy page in a real Chromium (issues 28 and 29): closing one
 * position by hand, a close the service refuses, and strategies their max
 * drawdown or daily loss halted, each shown with the API's own values. Three
 * dry runs trade scripted candles on a fast exchange clock (1-minute candles
 * every second).
 */
const clock = fastClock(60);
const RUNTIME_ENV = { STRATEGY_TICK_MS: '100', STRATEGY_KLINE_POLL_MS: '200', STRATEGY_FAILURE_LIMIT: '5' };
const EMAIL = 'strategy-page@example.com';
const barNow = () => Math.floor(clock.now() / 60_000);

/** Closes that fall until a few bars from now and rise for good after: sma_cross 2/3 goes long once and stays long. */
function turnUp(base: number): (barIndex: number) => number {
  const pivot = barNow() + 3;
  return (index) => base + 0.1 * (index - pivot) * (index < pivot ? -1 : 1);
}
/** A 6-minute cycle (protections-dry-run.test.ts): long at 100, a peak at 103, then 90 trips a 5 % max drawdown. */
const CYCLE = [100, 100, 101, 103, 90, 90];

describe('the strategy page: closing a position, and a halted strategy (issues 28, 29)', () => {
  let world: TradingWorld;
  let service: TestService;
  let chromium: TestBrowser;
  let account: Awaited<ReturnType<typeof newAccount>>;
  let tab: WatchedPage;
  let trading: { id: string; open: PositionRecord[] };
  let halted: StrategyRecord;
  let dayHalted: StrategyRecord;

  const positionsOf = async (id: string) => (await account.call<PositionPage>('GET', `/v1/strategies/${id}/positions?limit=100`)).body.data;

  /** A dry run of sma_cross 2/3 on 1-minute candles, deployed. */
  async function deployed(name: string, symbols: string[], params: Record<string, unknown> = {}) {
    const created = await account.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ name, symbols, timeframe: '1m', params: { fast: 2, slow: 3, ...params } }),
    );
    expect((await account.call('POST', `/v1/strategies/${created.body.id}/deploy`, { dry_run: true })).status).toBe(200);
    return created.body.id;
  }

  /** Signs in with the account's key, as a user pastes it. */
  async function signIn(page: Page) {
    await page.goto(`${service.url}/`);
    await page.waitForSelector('#api-key');
    await page.type('#api-key', account.key.api_key);
    await page.type('#api-secret', account.key.api_secret);
    await page.keyboard.press('Enter');
    await page.waitForFunction((email) => document.querySelector('[data-testid=signed-in-as]')?.textContent === email, {}, EMAIL);
  }

  /** The body cells of the positions table, one array per row. */
  const positionRows = (page: Page) =>
    page.$$eval('table', (tables) => {
      const table = tables.find((candidate) => candidate.caption?.textContent?.startsWith('Positions of'));
      return [...(table?.tBodies[0]?.rows ?? [])].map((row) => [...row.cells].map((cell) => cell.textContent ?? ''));
    });

  /** Opens a strategy's details on the strategies page. */
  async function watch(page: Page, name: string) {
    await page.goto(`${service.url}/#/strategies`);
    const details = await page.waitForSelector(`button[aria-label="Positions and events of ${name}"]`);
    await details!.click();
    await page.waitForFunction((text) => document.querySelector('#positions-title')?.textContent === `Positions of ${text}`, {}, name);
  }

  beforeAll(async () => {
    world = await startTradingWorld({ now: clock.now });
    [service, chromium] = await Promise.all([startTestService({ ...world.env, ...RUNTIME_ENV }), launchBrowser()]);
    account = await newAccount(service.url, world, EMAIL);
    world.market.scriptCloses('DOTUSDT', turnUp(100));
    world.market.scriptCloses('LINKUSDT', turnUp(50));
    const cycle = (index: number) => defined(CYCLE[((index % 6) + 6) % 6], 'a close of the cycle');
    world.market.scriptCloses('ATOMUSDT', cycle);
    world.market.scriptCloses('NEARUSDT', cycle);
    tab = await watchedPage(chromium.browser, service.url);
    /** A deployed run once its record shows a halt in `status`. */
    const haltedRun = async (name: string, symbol: string, params: Record<string, unknown>, status: string) => {
      const id = await deployed(name, [symbol], params);
      return waitFor(
        `${name} halted`,
        async () => {
          const { body } = await account.call<StrategyRecord>('GET', `/v1/strategies/${id}`);
          return body.status === status && body.halts.length > 0 ? body : undefined;
        },
        { timeoutMs: 30_000 },
      );
    };
    // The runs trade while the browser signs in.
    [trading, halted, dayHalted] = await Promise.all([
      (async () => {
        const id = await deployed('Two longs', ['DOTUSDT', 'LINKUSDT']);
        const open = await waitFor(
          'two open positions',
          async () => {
            const rows = (await positionsOf(id)).filter((row) => !row.closed_at);
            return rows.length === 2 ? rows : undefined;
          },
          { timeoutMs: 30_000 },
        );
        return { id, open };
      })(),
      haltedRun('Guarded', 'ATOMUSDT', { max_drawdown_pct: 5 }, 'paused'),
      haltedRun('Day-limited', 'NEARUSDT', { daily_loss_pct: 5 }, 'deployed'),
      signIn(tab.page),
    ]);
  }, 60_000);
  afterEach(() => {
    expect(tab.problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
    await world?.stop();
  });

  // First, while the halt read in beforeAll is seconds old: on the fast clock a day passes in 24 minutes.
  it('shows a strategy whose daily loss halts a symbol’s entries until the next 00:00 UTC, still deployed', async () => {
    const { page } = tab;
    await watch(page, 'Day-limited');
    const halt = defined(dayHalted.halts[0], 'the halt');
    expect(halt).toMatchObject({ symbol: 'NEARUSDT', reason: 'daily_loss' });
    const until = (halt.until ?? 'no end').replace('T', ' ').slice(0, 16);
    expect(until).toMatch(/ 00:00$/);
    const text = await (await page.waitForSelector('[data-testid=strategy-halts]'))!.evaluate((element) => element.textContent);
    expect(text).toContain(`Entries on NEARUSDT halted until ${until} UTC by the daily loss limit (daily_loss_pct 5 % below the day’s opening equity).`);
    expect(text).toContain('the strategy stays deployed and trades again from the next UTC day');
    const status = await page.$eval(
      'button[aria-label="Positions and events of Day-limited"]',
      (button) => button.closest('tr')?.querySelector('td:nth-child(4)')?.textContent,
    );
    expect(status).toBe('deployedhalted');
  });

  it('closes an open position after a confirmation and shows it closed by hand, at the exit price and pnl the API recorded', async () => {
    const { page } = tab;
    await watch(page, 'Two longs');
    // The title shows before the positions arrive: wait for the row's button.
    await (await page.waitForSelector('button[aria-label="Close the DOTUSDT position"]'))!.click();
    const confirm = await page.waitForSelector('[role=alertdialog]');
    expect(await confirm!.evaluate((dialog) => dialog.textContent)).toMatch(/Close the long \S+ DOTUSDT now\? This dry run closes it at the last price/);
    // The confirm button has the focus: Enter confirms.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close DOTUSDT at market');
    await page.keyboard.press('Enter');
    const notice = await page.waitForSelector('[data-testid=closed-position]', { timeout: 10_000 });
    const closed = defined(
      (await positionsOf(trading.id)).find((row) => row.symbol === 'DOTUSDT' && row.closed_at),
      'the closed DOTUSDT position',
    );
    expect(closed.close_reason).toBe('manual');
    // Exact, as the API wrote it: prices near 100 have no thousands to group.
    const exit = String(closed.exit_price);
    const pnl = Number(closed.pnl).toLocaleString('en-US', { maximumFractionDigits: 2 });
    expect(await notice!.evaluate((element) => element.textContent)).toBe(`Closed DOTUSDT at ${exit} (Closed by hand), PnL ${pnl}.`);
    // The table follows: the row is closed by hand with the API's exit price, funding and pnl; LINKUSDT is still open.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[aria-label^="Positions of"] tbody tr')].some((row) => row.textContent?.includes('Closed by hand')),
    );
    const rows = await positionRows(page);
    const dot = defined(
      rows.find((row) => row[0] === 'DOTUSDT'),
      'the DOTUSDT row',
    );
    expect([dot[6], dot[8], dot[9], dot[10], dot[12]]).toEqual([
      exit,
      Number(closed.funding).toLocaleString('en-US', { maximumFractionDigits: 4 }),
      pnl,
      'Closed by hand',
      '',
    ]);
    expect(rows.find((row) => row[0] === 'LINKUSDT')?.slice(10)).toEqual(['–', 'dry run', 'Close']);
    expect((await account.call<StrategyRecord>('GET', `/v1/strategies/${trading.id}`)).body.status).toBe('deployed');
  });

  it('shows the service’s refusal when the position was closed meanwhile (409 INVALID_STATE)', async () => {
    const { page } = tab;
    await page.click('button[aria-label="Close the LINKUSDT position"]');
    await page.waitForSelector('[role=alertdialog]');
    await tab.screenshot('strategy-close-confirm');
    // Someone else closes it first (another tab, a client of the API).
    expect((await account.call('POST', `/v1/strategies/${trading.id}/positions/LINKUSDT/close`)).status).toBe(200);
    await page.click('[role=alertdialog] button.primary');
    const alert = await page.waitForSelector('p[role=alert]', { timeout: 10_000 });
    expect(await alert!.evaluate((element) => element.textContent)).toBe(
      'Could not close the position: INVALID_STATE: the strategy has no open position on LINKUSDT',
    );
    expect(await page.$('[role=alertdialog]')).toBeNull();
  });

  it('shows a strategy its max drawdown halted, with the rule, the equity and level that tripped it and when; its exit is marked as a protection', async () => {
    const { page } = tab;
    await watch(page, 'Guarded');
    const halts = await page.waitForSelector('[data-testid=strategy-halts]');
    const halt = defined(halted.halts[0], 'the halt');
    expect(halt).toMatchObject({ symbol: 'ATOMUSDT', reason: 'max_drawdown', until: null });
    const text = await halts!.evaluate((element) => element.textContent);
    expect(text).toContain('Stopped by max drawdown on ATOMUSDT (max_drawdown_pct 5 % below the peak equity).');
    const at = (halt.triggered_at ?? 'no trip time').replace('T', ' ').slice(0, 16);
    const amount = (value: string | null) => Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 });
    expect(text).toContain(`Tripped at ${at} UTC: equity ${amount(halt.equity)} fell to or below ${amount(halt.threshold)}.`);
    expect(text).toContain('deploy it again to start a fresh run');
    // The list says so too, and the protection's exit is marked apart from the strategy's own exits.
    const status = await page.$eval(
      'button[aria-label="Positions and events of Guarded"]',
      (button) => button.closest('tr')?.querySelector('td:nth-child(4)')?.textContent,
    );
    expect(status).toBe('pausedhalted');
    await page.waitForSelector('.close-reason.rule-exit.protection');
    expect(await page.$eval('.close-reason.rule-exit.protection', (mark) => mark.textContent)).toBe('Protection (drawdown or daily loss)');
    // The event reads as words.
    const event = await page.waitForSelector('li[data-event-type="strategy.protection_triggered"]', { timeout: 15_000 });
    const details = await event!.evaluate((item) =>
      [...item.querySelectorAll('dt')].map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`),
    );
    expect(details).toEqual(
      expect.arrayContaining([
        'Reason=Max drawdown (max_drawdown_pct)',
        `Equity at the close=${halt.equity}`,
        `Trips at equity=${halt.threshold}`,
        'Symbol=ATOMUSDT',
      ]),
    );
    await tab.screenshot('strategy-halted');
  });
});
