import type { Page } from 'puppeteer-core';
import { launchBrowser, watchedPage, type TestBrowser, type WatchedPage } from '../support/browser';
import { newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';

/**
 * Issue 31: what a new user met after the quickstart, in a real Chromium: how
 * to sign in, the GraphQL IDE's theme, way back and stale query, and the
 * backtest page's labels, prices and chart attribution.
 */
const EMAIL = 'first-use@example.com';

describe('the dashboard as a new user first meets it', () => {
  let world: TradingWorld;
  let service: TestService;
  let chromium: TestBrowser;
  let account: Awaited<ReturnType<typeof newAccount>>;
  let tab: WatchedPage;

  const editorText = (page: Page) => page.$eval('.graphiql-query-editor', (editor) => editor.textContent ?? '');
  const pointsOf = (page: Page, testId: string) =>
    page.waitForFunction((id) => Number(document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-points') ?? 0) > 0, { timeout: 30_000 }, testId);

  beforeAll(async () => {
    world = await startTradingWorld();
    [service, chromium] = await Promise.all([startTestService({ ...world.env, BACKTEST_WORKERS: '1' }), launchBrowser()]);
    account = await newAccount(service.url, world, EMAIL, ['webhooks:write']);
    tab = await watchedPage(chromium.browser, service.url);
  }, 60_000);
  afterEach(() => {
    expect(tab.problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
    await world?.stop();
  });

  it('the sign-in page says where the demo keeps the key and secret it asks for', async () => {
    const { page } = tab;
    await page.goto(`${service.url}/`);
    const hint = await page.waitForSelector('[data-testid=credentials-hint]');
    const text = await hint!.evaluate((node) => node.textContent ?? '');
    for (const words of ['npm run demo', '.demo-data/demo.env', 'API_KEY', 'API_SECRET']) expect(text).toContain(words);
  });

  it('the GraphQL IDE is dark like the dashboard, links back to it, and after signing in shows no "Not signed in" query from an earlier visit', async () => {
    const { page } = tab;
    await page.goto(`${service.url}/graphql`);
    await page.waitForSelector('.graphiql-query-editor');
    await page.waitForFunction(() => document.querySelector('.graphiql-query-editor')?.textContent?.includes('# Not signed in'));
    expect(await page.evaluate(() => document.body.classList.contains('graphiql-dark'))).toBe(true);
    expect(await page.$eval('a.back-to-dashboard', (link) => link.getAttribute('href'))).toBe('/');

    await page.goto(`${service.url}/`);
    await page.waitForSelector('#api-key');
    await page.type('#api-key', account.key.api_key);
    await page.type('#api-secret', account.key.api_secret);
    await page.click('form button[type=submit]');
    await page.waitForFunction((email) => document.querySelector('[data-testid=signed-in-as]')?.textContent === email, {}, EMAIL);

    await page.goto(`${service.url}/graphql`);
    await page.waitForFunction(() => document.querySelector('.graphiql-query-editor')?.textContent?.includes('# Signed in from the dashboard'));
    expect(await editorText(page)).not.toContain('Not signed in');
    await tab.screenshot('graphql-ide-dark');
  });

  it('a backtest names what each drawdown measures, groups price digits, and credits the charts in the footer instead of a logo over the line', async () => {
    const { page } = tab;
    await page.goto(`${service.url}/#/backtests`);
    await page.waitForSelector('form[aria-label="New backtest"] button[type=submit]');
    await page.click('form[aria-label="New backtest"] button[type=submit]');
    await pointsOf(page, 'drawdown-chart');
    expect(await page.$eval('[data-testid=metrics]', (list) => list.textContent)).toContain('Max drawdown (per bar)');
    expect(await page.$eval('[data-testid=drawdown-chart] figcaption', (caption) => caption.textContent)).toContain('daily equity');

    await page.waitForFunction(() => [...document.querySelectorAll('caption')].some((caption) => caption.textContent?.startsWith('Trades (')));
    const entryPrices = await page.$$eval('table', (tables) => {
      const trades = tables.find((table) => table.caption?.textContent?.startsWith('Trades ('));
      const column = [...(trades?.tHead?.rows[0]?.cells ?? [])].findIndex((cell) => cell.textContent === 'Entry price');
      return [...(trades?.tBodies[0]?.rows ?? [])].map((row) => row.cells[column]?.textContent ?? '');
    });
    expect(entryPrices.length).toBeGreaterThan(0);
    // BTCUSDT trades above 1,000: every price shows its thousands separator.
    for (const price of entryPrices) expect(price).toMatch(/^\d{1,3}(,\d{3})+(\.\d+)?$/);

    // On a phone the equity chart still shows its whole range, not only the latest part.
    await page.setViewport({ width: 390, height: 844 });
    const fitted = () =>
      page.$eval('[data-testid=equity-chart]', (figure) => ({
        width: figure.clientWidth,
        points: Number(figure.getAttribute('data-points')),
        shown: Number(figure.querySelector<HTMLElement>('.chart-canvas')?.dataset.visibleBars ?? 0),
      }));
    await page
      .waitForFunction(
        () => {
          const figure = document.querySelector('[data-testid=equity-chart]');
          const shown = Number(figure?.querySelector<HTMLElement>('.chart-canvas')?.dataset.visibleBars ?? 0);
          return (figure?.clientWidth ?? 1000) < 390 && shown >= Number(figure?.getAttribute('data-points'));
        },
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    const shown = await fitted();
    expect(shown.width).toBeLessThan(390);
    expect(shown.shown).toBeGreaterThanOrEqual(shown.points);
    await page.setViewport({ width: 1280, height: 900 });
    expect(await page.$$('[data-testid=equity-chart] a[href*="tradingview"]')).toHaveLength(0);
    expect(await page.$eval('[data-testid=chart-attribution] a', (link) => link.getAttribute('href'))).toBe('https://www.tradingview.com/');
  });

  it('a strategy without trades shows its win rate as "–", not "0.0%"', async () => {
    const { page } = tab;
    expect((await account.call('POST', '/v1/strategies', strategyBody({ name: 'No trades yet' }))).status).toBe(200);
    await page.goto(`${service.url}/#/strategies`);
    const cells = await page.waitForFunction(() => {
      const table = [...document.querySelectorAll('table')].find((candidate) => candidate.caption?.textContent?.startsWith('Your strategies'));
      const header = [...(table?.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent);
      const row = [...(table?.tBodies[0]?.rows ?? [])].find((candidate) => candidate.textContent?.includes('No trades yet'));
      return row ? { trades: row.cells[header.indexOf('Trades')]?.textContent, winRate: row.cells[header.indexOf('Win rate')]?.textContent } : undefined;
    });
    expect(await cells.jsonValue()).toEqual({ trades: '0', winRate: '–' });
  });
});
