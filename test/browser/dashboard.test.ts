import type { Page } from 'puppeteer-core';
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

  const pointsOf = (page: Page, testId: string) =>
    page.waitForFunction((id) => Number(document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-points') ?? 0) > 0, { timeout: 20_000 }, testId);

  beforeAll(async () => {
    world = await startTradingWorld();
    [service, chromium] = await Promise.all([startTestService({ ...world.env, BACKTEST_WORKERS: '1' }), launchBrowser()]);
    account = await newAccount(service.url, world, EMAIL, ['webhooks:write']);
    tab = await watchedPage(chromium.browser, service.url);
    // Keep every WebSocket the page opens, so a test can drop the subscription connection as a network failure would.
    await tab.page.evaluateOnNewDocument(() => {
      const sockets: WebSocket[] = [];
      (window as unknown as { openSockets: WebSocket[] }).openSockets = sockets;
      window.WebSocket = class extends WebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          sockets.push(this);
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
    await world?.stop();
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
    const choices = await page.$$eval('fieldset.choices input[type=checkbox]', (boxes) => boxes.length);
    expect(choices).toBeGreaterThan(5);
    await tab.screenshot('webhooks');
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

  it("opens the GraphQL IDE at /graphql, bundled by the service, and runs a query signed with the tab's key", async () => {
    const { page } = tab;
    await page.goto(`${service.url}/graphql`);
    const run = await page.waitForSelector('.graphiql-execute-button');
    await run!.click();
    await page.waitForFunction((email) => document.querySelector('.graphiql-response')?.textContent?.includes(email), { timeout: 15_000 }, EMAIL);
    await tab.screenshot('graphql-ide');
  });
});
