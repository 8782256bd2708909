import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ensureWebBuild } from './web-build';

/** Debian's `chromium` package; `.ci/run` installs it when missing. */
export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../test-output/screenshots');

/** Flags for a quiet headless Chromium that makes no request of its own to any host. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** Builds the dashboard if this checkout has no build yet, then starts Chromium with a new empty profile. */
export async function launchBrowser(): Promise<TestBrowser> {
  await ensureWebBuild();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'futures-service-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // DevTools over a pipe, not a TCP connection that Chromium's exit can reset under the test.
    pipe: true,
    args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
    defaultViewport: { width: 1280, height: 900 },
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A page that notes everything a dashboard must never do: log a console
 * error, throw, or request anything from a host other than the service's.
 */
export interface WatchedPage {
  page: Page;
  problems: string[];
  screenshot(name: string): Promise<void>;
}

export async function watchedPage(browser: Browser, serviceUrl: string): Promise<WatchedPage> {
  const page = await browser.newPage();
  const origin = new URL(serviceUrl);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.host !== origin.host) problems.push(`request to another host: ${request.url()}`);
  });
  return {
    page,
    problems,
    screenshot: async (name) => {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    },
  };
}
