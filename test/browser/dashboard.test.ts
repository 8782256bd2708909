import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { StrategyPosition } from '../../src/entities/strategy-position.entity';
import { startReceiverWorld, type ReceiverWorld } from '../stand-ins/webhook-receiver';
import { launchBrowser, watchedPage, type TestBrowser, type WatchedPage } from '../support/browser';
import { newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, type TradingWorld } from '../support/trading-world';

/**
 * The dashboard and the GraphQL IDE in a real Chromium against the real
 * service and the exchange stand-in (issue 13): every scenario also fails on
 * a console error or a request to any host but the service.
 */
const EMAIL = 'browser@example.com';

describe('the dashboard in a browser (contract §14)', () => {
  let world: TradingWorld;
  let receivers: ReceiverWorld;
  let service: TestService;
  let chromium: TestBrowser;
  let account: Awaited<ReturnType<typeof newAccount>>;
  let tab: WatchedPage;

  /** Signs in on the dashboard with the account's API key and secret, by keyboard only, in the page's focus order. */
  async function signIn(page: Page) {
    await page.goto(`${service.url}/`);
    await page.waitForSelector('#api-key');
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);
    // Skip link, then the "Sign in with" radio group (one stop), then the key field.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('api-key');
    await page.keyboard.type(account.key.api_key);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('api-secret');
    await page.keyboard.type(account.key.api_secret);
    await page.keyboard.press('Enter');
    await page.waitForFunction((email) => document.querySelector('[data-testid=signed-in-as]')?.textContent === email, {}, EMAIL);
  }

  const captionShown = (page: Page, start: string) =>
    page.waitForFunction((text) => [...document.querySelectorAll('caption')].some((caption) => caption.textContent?.startsWith(text)), {}, start);
  /** The page stays within `width` pixels: wide tables scroll inside their own region, not the page. */
  async function fitsWidth(page: Page, width: number) {
    await page.setViewport({ width, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.setViewport({ width: 1280, height: 900 });
  }
  /** The body cells of the table whose caption starts with `start`. */
  const tableRows = (page: Page, start: string) =>
    page.$$eval(
      'table',
      (tables, text) => {
        const table = tables.find((candidate) => candidate.caption?.textContent?.startsWith(text));
        return [...(table?.tBodies[0]?.rows ?? [])].map((row) => [...row.cells].map((cell) => cell.textContent ?? ''));
      },
      start,
    );
  const feedState = (page: Page, text: string) =>
    page.waitForFunction((state) => document.querySelector('[data-testid=feed-state]')?.textContent === state, { timeout: 15_000 }, text);
  const shownEventIds = (page: Page) => page.$$eval('li[data-event-id]', (items) => items.map((item) => item.getAttribute('data-event-id')));

  const pointsOf = (page: Page, testId: string) =>
    page.waitForFunction((id) => Number(document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-points') ?? 0) > 0, { timeout: 20_000 }, testId);

  beforeAll(async () => {
    [world, receivers] = await Promise.all([startTradingWorld(), startReceiverWorld()]);
    [service, chromium] = await Promise.all([startTestService({ ...world.env, ...receivers.env, BACKTEST_WORKERS: '1' }), launchBrowser()]);
    account = await newAccount(service.url, world, EMAIL, ['webhooks:write']);
    tab = await watchedPage(chromium.browser, service.url);
    // Keep every WebSocket the page opens, so a test can drop the subscription connection as a network failure would;
    // while `networkDown` is set, a new socket fails as an unreachable server's would (closed with 1006, never open).
    await tab.page.evaluateOnNewDocument(() => {
      const page = window as unknown as { openSockets: WebSocket[]; networkDown: boolean };
      page.openSockets = [];
      page.networkDown = false;
      window.WebSocket = class extends WebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          if (page.networkDown) {
            const unreachable = Object.assign(new EventTarget(), {
              readyState: Number(WebSocket.CONNECTING),
              protocol: '',
              url: String(args[0]),
              send: () => undefined,
              close: () => undefined,
              onclose: null as ((event: CloseEvent) => void) | null,
            });
            setTimeout(() => {
              unreachable.readyState = WebSocket.CLOSED;
              unreachable.onclose?.(new CloseEvent('close', { code: 1006, reason: '' }));
            }, 50);
            return unreachable as unknown as WebSocket;
          }
          super(...args);
          page.openSockets.push(this);
        }
      };
    });
    await signIn(tab.page);
    // Starting the service, the stand-ins and Chromium together takes longer than one test on a busy 2-core machine.
  }, 60_000);
  afterEach(() => {
    expect(tab.problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
    await Promise.all([world?.stop(), receivers?.stop()]);
  });

  it('signs in by keyboard with an API key, keeps no secret outside the tab, and shows the market with a candle chart and a live mark price', async () => {
    const { page } = tab;
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(await page.$eval('nav a[aria-current=page]', (link) => link.textContent)).toBe('Market');
    await pointsOf(page, 'market-candles');
    // The kline and markPrice subscriptions deliver: the live mark price replaces the placeholder.
    await page.waitForFunction(() => document.querySelector('[data-testid=mark-price]')?.textContent?.startsWith('Mark price'), { timeout: 15_000 });
    await page.waitForSelector('caption');
    const captions = await page.$$eval('caption', (nodes) => nodes.map((node) => node.textContent));
    expect(captions).toEqual(expect.arrayContaining(['Active tickers (24 h quote volume)', 'Funding rates (largest first)']));
    await tab.screenshot('market');
  });

  it('lists webhooks and offers the create form with its event choices, by keyboard', async () => {
    const { page } = tab;
    await page.goto(`${service.url}/#/webhooks`);
    await page.waitForFunction(() => [...document.querySelectorAll('caption')].some((caption) => caption.textContent === 'Your webhooks'));
    await page.focus('details.panel summary');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#webhook-url', { visible: true });
    // The choices are the service's event catalogue, each family's wildcard first.
    await page.waitForSelector('fieldset.choices input[type=checkbox]');
    const choices = await page.$$eval('fieldset.choices label', (labels) => labels.map((label) => label.textContent?.trim()));
    expect(choices).toEqual(expect.arrayContaining(['strategy.*', 'strategy.order_skipped', 'backtest.sweep_done', 'webhook.*', 'webhook.broken']));
    expect(choices).not.toContain('webhook.test');
    await tab.screenshot('webhooks');
  });

  it('creates a webhook whose secret shows once (not after a reload), sends a test, and lists the delivery and its attempts', async () => {
    const { page } = tab;
    await page.goto(`${service.url}/#/webhooks`);
    await page.waitForSelector('details.panel summary');
    await page.$eval('details.panel', (details) => (details.open = true));
    await page.type('#webhook-url', `${receivers.url}/dashboard`);
    await page.click('form[aria-label="New webhook"] button[type=submit]');
    const secret = await (await page.waitForSelector('[data-testid=webhook-secret]'))!.evaluate((code) => code.textContent ?? '');
    expect(secret).toMatch(/^[A-Za-z0-9]{40}$/);
    await page.waitForSelector(`button[aria-label="Send a test event to ${receivers.url}/dashboard"]`);

    await page.reload();
    await captionShown(page, 'Your webhooks');
    await page.waitForSelector(`button[aria-label="Send a test event to ${receivers.url}/dashboard"]`);
    expect(await page.evaluate((value) => document.documentElement.outerHTML.includes(value), secret)).toBe(false);
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(secret);

    await page.click(`button[aria-label="Send a test event to ${receivers.url}/dashboard"]`);
    await page.waitForFunction(() => [...document.querySelectorAll('[role=status]')].some((status) => status.textContent?.startsWith('delivered (200')));
    await page.click(`button[aria-label="Delivery log of ${receivers.url}/dashboard"]`);
    const attempts = await page.waitForSelector('button[aria-label^="Attempts of delivery"]');
    await attempts!.click();
    await captionShown(page, 'Attempts of webhook.test');
    await page.waitForFunction(() => !document.body.textContent?.includes('Loading attempts…'));
    const [attempt] = await tableRows(page, 'Attempts of');
    expect(attempt?.[1]).toBe('200');
    expect(attempt?.[4]).toBe('{"ok":true}');

    await page.click(`button[aria-label="Rotate the signing secret of ${receivers.url}/dashboard"]`);
    const rotated = await (await page.waitForSelector('[data-testid=rotated-secret]'))!.evaluate((code) => code.textContent ?? '');
    expect(rotated).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(rotated).not.toBe(secret);
    await fitsWidth(page, 390);
    await tab.screenshot('webhook-deliveries');
  });

  it('runs the prefilled backtest from the form with one click: the progress bar moves, the equity chart is drawn', async () => {
    const { page } = tab;
    await page.goto(`${service.url}/#/backtests`);
    await page.waitForSelector('form[aria-label="New backtest"] button[type=submit]');
    expect(await page.$eval('#backtest-param-fast', (input) => (input as HTMLInputElement).value)).toBe('10');
    // Record every value the progress bar shows, from the moment it appears.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('#job-progress');
        if (bar && seen[seen.length - 1] !== bar.value) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    // A slow exchange holds the job before its candles arrive, so the bar starts below 100.
    world.market.fault('/fapi/v1/klines', { delayMs: 800 }, 1);
    await page.click('form[aria-label="New backtest"] button[type=submit]');
    await pointsOf(page, 'equity-chart');
    await pointsOf(page, 'drawdown-chart');
    await pointsOf(page, 'trade-candles');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen[0]).toBeLessThan(100);
    expect(seen[seen.length - 1]).toBe(100);
    expect(await page.$eval('[data-testid=equity-chart] canvas', (canvas) => canvas.width)).toBeGreaterThan(100);
    expect(await page.$eval('[data-testid=metrics]', (list) => list.textContent)).toContain('Sharpe');
    await page.waitForFunction(() => [...document.querySelectorAll('caption')].some((caption) => caption.textContent?.startsWith('Trades (')));
    await tab.screenshot('backtest');

    // At 390 px the same page still fits: wide tables scroll inside their own region, not the page.
    await page.setViewport({ width: 390, height: 844 });
    await pointsOf(page, 'equity-chart');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tab.screenshot('backtest-390px');
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('downloads the shown trades as a CSV file with the same rows as the API answer', async () => {
    const { page } = tab;
    const folder = await mkdtemp(path.join(os.tmpdir(), 'dashboard-downloads-'));
    const browserSession = await chromium.browser.target().createCDPSession();
    try {
      await browserSession.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder, eventsEnabled: true });
      const finished = new Promise<string>((resolve) => {
        let name = '';
        browserSession.on('Browser.downloadWillBegin', (event) => (name = event.suggestedFilename));
        browserSession.on('Browser.downloadProgress', (event) => event.state === 'completed' && resolve(name));
      });
      await page.click('.result button ::-p-text(Download CSV)');
      const name = await finished;
      const jobId = /^(.+)-trades\.csv$/.exec(name)?.[1];
      expect(jobId).toBeDefined();
      const lines = (await readFile(path.join(folder, name), 'utf8')).trimEnd().split('\n');
      const job = await account.call<{ result: { trades: { id: number; symbol: string; side: string; entry_price: string; pnl: string }[] } }>(
        'GET',
        `/v1/backtest/jobs/${jobId}`,
      );
      const { trades } = job.body.result;
      expect(trades.length).toBeGreaterThan(0);
      expect(lines[0]).toBe('Id,Symbol,Side,Entry time,Entry price,Exit time,Exit price,Qty,PnL,Fee,Exit reason,MAE,MFE');
      expect(lines).toHaveLength(trades.length + 1);
      const rows = lines.slice(1).map((line) => line.split(','));
      expect(rows.map((row) => [Number(row[0]), row[1], row[2], row[4], row[8]])).toEqual(
        trades.map((trade) => [trade.id, trade.symbol, trade.side, trade.entry_price, trade.pnl]),
      );
    } finally {
      await browserSession.detach();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('runs the prefilled sweep with one click and draws its leaderboard and a two-parameter heatmap that reads out by focus', async () => {
    const { page } = tab;
    await page.goto(`${service.url}/#/backtests`);
    await page.waitForSelector('form[aria-label="New sweep"] button[type=submit]');
    expect(await page.$eval('#sweep-param-fast-from', (input) => (input as HTMLInputElement).value)).toBe('9');
    await page.click('form[aria-label="New sweep"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector<HTMLProgressElement>('#sweep-progress')?.value === 100, { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelector('label[for=sweep-progress]')?.textContent?.includes(': done, 100%'), { timeout: 10_000 });
    await captionShown(page, 'Leaderboard by Sharpe');
    // The finished sweep joins the recent sweeps.
    await page.waitForSelector('button[aria-label^="Show sweep sw_"]');
    // The example's 3 × 3 combinations (web/src/components/sweep-example.ts).
    await page.waitForFunction(() => document.querySelector('[data-testid=sweep-heatmap]')?.getAttribute('data-cells') === '9');
    const heatmap = await page.$eval('[data-testid=sweep-heatmap]', (table) => ({
      caption: table.querySelector('caption')?.textContent,
      columns: [...table.querySelectorAll('thead th')].map((th) => th.textContent),
      labelled: [...table.querySelectorAll('td.cell')].every((cell) => cell.getAttribute('aria-label')?.includes('Sharpe') || cell.classList.contains('empty')),
    }));
    expect(heatmap).toEqual({ caption: 'Sharpe by slow (rows) and fast (columns)', columns: ['slow \\ fast', '9', '10', '11'], labelled: true });
    // By keyboard: from the metric select, past the table's scroll region, to the first cell.
    await page.focus('#heatmap-metric');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.matches('[data-testid=sweep-heatmap] td.cell'))).toBe(true);
    expect(await page.$eval('[data-testid=heatmap-pointed]', (status) => status.textContent)).toMatch(/^fast 9, slow 18: Sharpe .+, rank \d+$/);

    // Another metric colours and labels the same grid.
    await page.select('#heatmap-metric', 'totalTrades');
    await captionShown(page, 'Trades by slow');
    await fitsWidth(page, 390);
    await tab.screenshot('sweep');
  });

  it('creates a strategy, deploys it as a dry run and sees strategy.deployed arrive in the live feed, which reconnects by itself after a drop', async () => {
    const { page } = tab;
    await page.goto(`${service.url}/#/strategies`);
    await page.waitForSelector('details.panel summary');
    await page.click('details.panel summary');
    await page.waitForSelector('#strategy-param-fast');
    const name = await page.$('#strategy-name');
    await name!.click({ count: 3 });
    await name!.type('Browser trend');
    await page.click('form[aria-label="New strategy"] button[type=submit]');
    const deploy = await page.waitForSelector('button[aria-label="Deploy Browser trend as a dry run"]');
    await page.waitForFunction(() => document.querySelector('[data-testid=feed-state]')?.textContent === 'Live');
    // The server registers the subscription just after acknowledging the connection.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await deploy!.click();
    await page.waitForSelector('li[data-event-type="strategy.deployed"]', { timeout: 15_000 });
    const pause = await page.waitForSelector('button[aria-label="Pause Browser trend"]');

    // The connection drops: the feed says so, reconnects by itself, and the next event arrives.
    await page.evaluate(() => (window as unknown as { openSockets: WebSocket[] }).openSockets.forEach((socket) => socket.close(4000, 'network gone')));
    await page.waitForFunction(() => document.querySelector('[data-testid=feed-state]')?.textContent === 'Reconnecting…');
    await page.waitForFunction(() => document.querySelector('[data-testid=feed-state]')?.textContent === 'Live', { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pause!.click();
    await page.waitForSelector('li[data-event-type="strategy.paused"]', { timeout: 15_000 });
    await tab.screenshot('strategies');
  });

  it('replays the events a dropped feed missed, once each, when it resubscribes after the last event it showed', async () => {
    const { page } = tab;
    await feedState(page, 'Live');
    const strategyId = await page.$eval('#events-title', (title) => /\((strat_[^)]+)\)/.exec(title.textContent ?? '')?.[1]);
    expect(strategyId).toBeDefined();
    const before = await shownEventIds(page);

    // The network goes: the socket drops and no new one can connect while two events happen.
    await page.evaluate(() => {
      const state = window as unknown as { openSockets: WebSocket[]; networkDown: boolean };
      state.networkDown = true;
      state.openSockets.forEach((socket) => socket.close(4000, 'network gone'));
    });
    await feedState(page, 'Reconnecting…');
    expect((await account.call('POST', `/v1/strategies/${strategyId}/deploy`, { dry_run: true })).status).toBe(200);
    expect((await account.call('POST', `/v1/strategies/${strategyId}/pause`)).status).toBe(200);
    const stored = await account.call<{ data: { id: string; type: string }[] }>('GET', `/v1/strategies/${strategyId}/events`);
    const missed = stored.body.data.slice(-2);
    expect(missed.map((event) => event.type)).toEqual(['strategy.deployed', 'strategy.paused']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await shownEventIds(page)).toEqual(before);

    await page.evaluate(() => ((window as unknown as { networkDown: boolean }).networkDown = false));
    await feedState(page, 'Live');
    await page.waitForSelector(`li[data-event-id="${missed[1]!.id}"]`, { timeout: 15_000 });
    // Newest first, each stored event exactly once.
    expect(await shownEventIds(page)).toEqual(stored.body.data.map((event) => event.id).reverse());
  });

  it("shows the strategy's positions, open and closed, filtered by status", async () => {
    const { page } = tab;
    const strategyId = await page.$eval('#events-title', (title) => /\((strat_[^)]+)\)/.exec(title.textContent ?? '')?.[1]);
    const em = service.service.orm.em.fork();
    const opened = Date.UTC(2026, 0, 5, 10);
    const position = (open: boolean, hoursAgo: number) =>
      em.create(StrategyPosition, {
        id: `pos_${randomBytes(8).toString('hex')}`,
        strategyId: strategyId!,
        symbol: 'BTCUSDT',
        side: open ? 'long' : 'short',
        quantity: '0.01',
        entryPrice: '67000.5',
        entryFee: '0.268',
        openedAt: new Date(opened - hoursAgo * 3_600_000),
        exitPrice: open ? null : '66900',
        exitFee: open ? null : '0.2676',
        pnl: open ? null : '0.4654',
        closedAt: open ? null : new Date(opened - hoursAgo * 3_600_000 + 600_000),
        closeReason: open ? null : 'stop_loss',
        dryRun: true,
      });
    position(false, 2);
    position(true, 1);
    await em.flush();

    const positionRows = async (count: number) => {
      await page.waitForFunction(
        (expected) => document.querySelectorAll('[aria-label^="Positions of"] tbody tr td:nth-child(2)').length === expected,
        {},
        count,
      );
      return tableRows(page, 'Positions of');
    };
    await page.select('#positions-status', 'closed');
    await captionShown(page, 'Positions of Browser trend (closed');
    expect((await positionRows(1)).map((row) => [row[1], row[6], row[9], row[10]])).toEqual([['short', '66,900', '0.47', 'Stop-loss']]);
    await page.select('#positions-status', 'all');
    await captionShown(page, 'Positions of Browser trend (open and closed');
    expect((await positionRows(2)).map((row) => [row[1], row[5]])).toEqual([
      ['long', 'open'],
      ['short', expect.stringMatching(/^2026-01-05 08:10$/)],
    ]);
    await fitsWidth(page, 390);
    await tab.screenshot('strategy-positions');
  });

  it("opens the GraphQL IDE at /graphql, bundled by the service, and runs a query signed with the tab's key", async () => {
    const { page } = tab;
    await page.goto(`${service.url}/graphql`);
    const run = await page.waitForSelector('.graphiql-execute-button');
    await run!.click();
    await page.waitForFunction((email) => document.querySelector('.graphiql-response')?.textContent?.includes(email), { timeout: 15_000 }, EMAIL);
    await tab.screenshot('graphql-ide');
  });
});
