import type { Page } from 'puppeteer-core';
import { launchBrowser, watchedPage, type TestBrowser, type WatchedPage } from '../support/browser';
import { request } from '../support/http';
import { newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, type TradingWorld } from '../support/trading-world';

/**
 * The expression editor of the backtest, sweep and strategy forms and
 * "Backtest this" on public strategy records (issue 26), in a real Chromium
 * against the real service: every scenario also fails on a console error, an
 * HTTP error or a request to another host.
 */
describe('expression strategies in the dashboard (contract §17)', () => {
  let world: TradingWorld;
  let service: TestService;
  let chromium: TestBrowser;
  let tab: WatchedPage;
  let account: Awaited<ReturnType<typeof newAccount>>;

  beforeAll(async () => {
    world = await startTradingWorld();
    [service, chromium] = await Promise.all([startTestService({ ...world.env, BACKTEST_WORKERS: '1' }), launchBrowser()]);
    account = await newAccount(service.url, world, 'expressions@example.com');
    tab = await watchedPage(chromium.browser, service.url);
    const { page } = tab;
    await page.goto(`${service.url}/`);
    await page.waitForSelector('#api-key');
    await page.type('#api-key', account.key.api_key);
    await page.type('#api-secret', account.key.api_secret);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=signed-in-as]');
  }, 60_000);
  afterEach(() => {
    expect(tab.problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
    await world?.stop();
  });

  const checkStatus = (page: Page, id: string) => page.$eval(`#${id}`, (status) => status.textContent ?? '');
  const waitForStatus = (page: Page, id: string, start: string) =>
    page.waitForFunction((selector, text) => document.querySelector(selector)?.textContent?.startsWith(text), { timeout: 10_000 }, `#${id}`, start);

  /** Replaces a field's text by typing, as a user would. */
  async function retype(page: Page, selector: string, text: string) {
    await page.$eval(selector, (field) => {
      (field as HTMLInputElement | HTMLTextAreaElement).select();
    });
    await page.keyboard.press('Backspace');
    await page.type(selector, text);
  }

  /** Loads `route` afresh: a change of hash alone keeps the view's state. */
  async function open(page: Page, route: string) {
    await page.goto(`${service.url}/#/${route}`);
    await page.reload();
  }

  /** Opens the backtest form with the expression template chosen. */
  async function expressionBacktestForm(page: Page) {
    await open(page, 'backtests');
    await page.waitForSelector('#backtest-template option[value=expression]');
    await page.select('#backtest-template', 'expression');
    await page.waitForSelector('#backtest-rules-entry');
    await waitForStatus(page, 'backtest-rules-check', 'Valid.');
  }

  it('checks the rules as the user types, once per pause, and shows an error under its rule with a caret at its column', async () => {
    const { page } = tab;
    await expressionBacktestForm(page);
    const checks: string[] = [];
    const noteCheck = (body: string | undefined) => body?.includes('validateStrategyExpression') && checks.push(body);
    page.on('request', (sent) => noteCheck(sent.postData()));

    await retype(page, '#backtest-rules-entry', 'sma(close 20) > close');
    const error = await page.waitForSelector('[data-testid=backtest-rules-entry-error]', { timeout: 10_000 });
    expect(await error!.$eval('p', (text) => text.textContent)).toBe("at column 11, expected ',' or ')' after argument 1 of sma, found the number 20");
    expect(await error!.$eval('pre', (caret) => caret.textContent)).toBe(`sma(close 20) > close\n${' '.repeat(10)}^`);
    expect(await page.$eval('#backtest-rules-entry', (field) => field.getAttribute('aria-invalid'))).toBe('true');
    expect(await checkStatus(page, 'backtest-rules-check')).toBe('The entry rule has an error.');
    // The exit rule is fine, so it shows no error.
    expect(await page.$('[data-testid=backtest-rules-exit-error]')).toBeNull();
    // 22 keystrokes without a pause: a check after the last, not one per key (a busy machine may stall the typing once or twice past 300 ms).
    expect(checks.length).toBeGreaterThanOrEqual(1);
    expect(checks.length).toBeLessThanOrEqual(4);

    // An error on a later line of the exit rule: the caret is under the column on that line.
    await retype(page, '#backtest-rules-entry', 'close > open');
    await retype(page, '#backtest-rules-exit', 'close < open');
    await page.keyboard.press('Enter');
    await page.type('#backtest-rules-exit', 'and foo(close)');
    const exitError = await page.waitForSelector('[data-testid=backtest-rules-exit-error]', { timeout: 10_000 });
    expect(await exitError!.$eval('p', (text) => text.textContent)).toMatch(/^at column 18, expected a function \(.*\), found unknown function 'foo'$/);
    expect(await exitError!.$eval('pre', (caret) => caret.textContent)).toBe(`and foo(close)\n    ^`);
    expect(await page.$('[data-testid=backtest-rules-entry-error]')).toBeNull();
    page.off('request');
    await tab.screenshot('expression-error');
    // At 390 px the editor and its error still fit the page.
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tab.screenshot('expression-error-390px');
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('opens the function reference with one click', async () => {
    const { page } = tab;
    await expressionBacktestForm(page);
    expect(await page.$eval('#backtest-rules-reference', (details) => (details as HTMLDetailsElement).open)).toBe(false);
    await page.click('#backtest-rules-reference summary');
    const forms = await page.$$eval('#backtest-rules-reference tbody th', (cells) => cells.map((cell) => cell.textContent));
    expect(forms).toEqual(expect.arrayContaining(['sma(x, n)', 'ema(x, n)', 'rsi(x, n)', 'atr(n)', 'crossover(a, b)', 'crossunder(a, b)', 'x[n]']));
    expect(await page.$eval('#backtest-rules-reference', (details) => (details as HTMLDetailsElement).offsetHeight)).toBeGreaterThan(200);
  });

  it('shows an input per named number of valid rules, and runs the backtest to done', async () => {
    const { page } = tab;
    await expressionBacktestForm(page);
    // The example's own numbers first.
    expect(await page.$eval('#backtest-rules-number-fast', (input) => (input as HTMLInputElement).value)).toBe('10');
    await retype(page, '#backtest-rules-entry', 'close > sma(close, n) and rsi(close, len) < 70');
    await retype(page, '#backtest-rules-exit', 'close < sma(close, n)');
    await waitForStatus(page, 'backtest-rules-check', 'Valid. Named numbers: len, n.');
    const numbers = await page.$$eval('fieldset.expression-editor fieldset.params input', (inputs) => inputs.map((input) => input.id));
    expect(numbers).toEqual(['backtest-rules-number-len', 'backtest-rules-number-n']);
    await page.type('#backtest-rules-number-len', '14');
    await page.type('#backtest-rules-number-n', '20');

    await page.click('form[aria-label="New backtest"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('label[for=job-progress]')?.textContent?.includes(': done, 100%'), { timeout: 30_000 });
    await page.waitForSelector('[data-testid=metrics]');
    // The job ran the form's rules and numbers.
    const jobId = await page.$eval('label[for=job-progress]', (label) => label.textContent?.split(':')[0]);
    const job = await account.call<{ status: string; config: { template_id: string; params: Record<string, unknown> } }>('GET', `/v1/backtest/jobs/${jobId}`);
    expect(job.body.status).toBe('done');
    expect(job.body.config.template_id).toBe('expression');
    expect(job.body.config.params).toMatchObject({ entry: 'close > sma(close, n) and rsi(close, len) < 70', exit: 'close < sma(close, n)', len: 14, n: 20 });
    await tab.screenshot('expression-backtest');
  });

  it('offers "Backtest this" on a public strategy whose conditions are expressions, which opens the backtest form with them; prose says why it cannot run', async () => {
    const { page } = tab;
    const record = (body: Record<string, string>) => request(service.url, 'POST', '/strategies', { json: body });
    const rules = { entry_condition: 'crossover(ema(close, fast), ema(close, slow))', exit_condition: 'crossunder(ema(close, fast), ema(close, slow))' };
    expect((await record({ name: 'EMA pair', author: 'ana', ...rules })).status).toBe(200);
    expect((await record({ name: 'Gut feeling', author: 'bo', entry_condition: 'buy when it feels right', exit_condition: 'sell at the top' })).status).toBe(
      200,
    );

    await open(page, 'public-strategies');
    const backtestThis = await page.waitForSelector('button[aria-label="Backtest EMA pair"]', { timeout: 10_000 });
    await page.waitForSelector('[data-testid=cannot-run]');
    const reasons = await page.$$eval('[data-testid=cannot-run]', (cells) => cells.map((cell) => cell.textContent));
    expect(reasons).toEqual([expect.stringMatching(/^Can't run: its entry condition is not an expression \(at column 5, expected .+\)\.$/)]);
    expect(await page.$('button[aria-label="Backtest Gut feeling"]')).toBeNull();
    await tab.screenshot('public-strategies');

    await backtestThis!.click();
    await page.waitForSelector('#backtest-rules-entry');
    expect(await page.$eval('nav a[aria-current=page]', (link) => link.textContent)).toBe('Backtests');
    expect(await page.$eval('#backtest-template', (select) => (select as HTMLSelectElement).value)).toBe('expression');
    expect(await page.$eval('#backtest-rules-entry', (field) => (field as HTMLTextAreaElement).value)).toBe(rules.entry_condition);
    expect(await page.$eval('#backtest-rules-exit', (field) => (field as HTMLTextAreaElement).value)).toBe(rules.exit_condition);
    // The record gives no numbers: once checked, the form asks for them.
    await waitForStatus(page, 'backtest-rules-check', 'Valid. Named numbers: fast, slow.');
    expect(await page.$eval('#backtest-rules-number-fast', (input) => (input as HTMLInputElement).value)).toBe('');
  });

  it('sweeps the named numbers of the rules over ranges, to done', async () => {
    const { page } = tab;
    await open(page, 'backtests');
    await page.waitForSelector('#sweep-template option[value=expression]');
    await page.select('#sweep-template', 'expression');
    await waitForStatus(page, 'sweep-rules-check', 'Valid. Named numbers: fast, slow.');
    expect(await page.$eval('#sweep-rules-number-fast-from', (input) => (input as HTMLInputElement).value)).toBe('5');
    // The rules are no plain text fields of the template params.
    expect(await page.$('#sweep-param-entry')).toBeNull();
    await page.click('form[aria-label="New sweep"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('label[for=sweep-progress]')?.textContent?.includes(': done, 100%'), { timeout: 30_000 });
    const sweepId = await page.$eval('label[for=sweep-progress]', (label) => label.textContent?.split(':')[0]);
    const sweep = await account.call<{ status: string; combinations: number; config: { template_id: string; params: Record<string, unknown> } }>(
      'GET',
      `/v1/backtest/sweeps/${sweepId}`,
    );
    expect(sweep.body.status).toBe('done');
    // 3 × 3 named numbers; the template's own numeric params stay at their defaults.
    expect(sweep.body.combinations).toBe(9);
    expect(sweep.body.config.params).toEqual({
      side: 'long',
      entry: 'crossover(sma(close, fast), sma(close, slow))',
      exit: 'crossunder(sma(close, fast), sma(close, slow))',
      fast: { from: 5, to: 15, step: 5 },
      slow: { from: 20, to: 40, step: 10 },
    });
  });

  it('creates a strategy with the expression template from the strategy form', async () => {
    const { page } = tab;
    await open(page, 'strategies');
    await page.waitForSelector('details.panel summary');
    await page.click('details.panel summary');
    await page.waitForSelector('#strategy-template option[value=expression]');
    await page.select('#strategy-template', 'expression');
    await waitForStatus(page, 'strategy-rules-check', 'Valid. Named numbers: fast, slow.');
    await retype(page, '#strategy-name', 'Browser expression');
    await page.click('form[aria-label="New strategy"] button[type=submit]');
    await page.waitForSelector('button[aria-label="Deploy Browser expression as a dry run"]', { timeout: 10_000 });
    const listed = await account.call<{ data: { name: string; template_id: string; params: Record<string, unknown> }[] }>('GET', '/v1/strategies');
    expect(listed.body.data.find((strategy) => strategy.name === 'Browser expression')).toMatchObject({
      template_id: 'expression',
      params: { entry: 'crossover(sma(close, fast), sma(close, slow))', fast: 10, slow: 30 },
    });
  });
});
