import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../apps/server/src/platform/config';
import { type RunningServer, startServer } from '../../apps/server/src/server';

/** Flags for Debian's Chromium on a machine with no network and no sandbox support. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface Site {
  server: RunningServer;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the real server on a free port with its own data folder and the built web app. */
/**
 * WEB_DIST when the run names one: a build other than apps/web/dist, made while another run still
 * tests against that one. Every server a test starts takes it.
 */
export const ownBuild = (): Record<string, string> => (process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});

export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-browser-'));
  // The site addresses its files (uploads, the demo's pictures) from PUBLIC_URL: its port is chosen first.
  const port = env.PORT ?? String(await freePort());
  const config = loadConfig({
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...ownBuild(),
    ...env,
  });
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    throw new Error(`The web app is not built (${config.webDist}); run npm run build -w apps/web first.`);
  }
  const server = await startServer(config);
  return {
    server,
    url: server.url,
    dataDir,
    async close() {
      await server.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP port free on 127.0.0.1 right now, for a site whose PUBLIC_URL must be known before it starts
 * (addresses it hands to outside services, like Stripe Checkout's return addresses).
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('No free port');
  return address.port;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export const MOBILE_VIEWPORT = { width: 390, height: 844 };

/** A fresh page whose console errors are collected, so a test can assert the page stayed clean. */
export async function openPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  // The site's CSP forbids inline scripts; axe-core is injected as one, by the test only.
  const context = await browser.newContext({ bypassCSP: true, ...options });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** Calls our API from the page, with its session cookie and Origin, as the screens do. */
export async function callApi<Result>(page: Page, method: string, path: string, body?: unknown): Promise<Result> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    },
    { method, path, body },
  ) as Promise<Result>;
}

/**
 * Waits until React has hydrated the element `selector` finds in a prerendered page: React
 * marks each DOM node it has taken over with a `__reactFiber$…` property. (A test-only look at
 * React's internals; the page gives no other sign, by design.)
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until nothing in the page is refreshing (aria-busy) or part-way through an animation. */
export async function settled(page: Page): Promise<void> {
  // A list refreshing in the background is faded on purpose (aria-busy), and a colour caught
  // halfway through a transition is neither state's contrast.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        // A cancelled animation rejects `finished`; it has stopped all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe-core in the settled page and returns the serious and critical violations. A refresh
 * that starts while axe runs (a live event, a refetch on focus) dims what axe measures, so a
 * run during which anything turned busy is thrown away and taken again.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  for (let attempt = 1; ; attempt += 1) {
    await settled(page);
    const { violations, disturbed } = await page.evaluate(async () => {
      let turnedBusy = false;
      const busy = (node: Node) =>
        node instanceof Element &&
        (node.getAttribute('aria-busy') === 'true' || node.querySelector('[aria-busy="true"]') !== null);
      const watcher = new MutationObserver((records) => {
        turnedBusy ||= records.some((record) => busy(record.target) || [...record.addedNodes].some(busy));
      });
      watcher.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run();
      watcher.disconnect();
      return {
        disturbed: turnedBusy || document.querySelector('[aria-busy="true"]') !== null,
        violations: result.violations.map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          nodes: nodes.map((node) => ({ target: node.target })),
        })),
      };
    });
    if (!disturbed || attempt === 5) {
      return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    }
  }
}

/** One server and one browser for a test file. */
export function useSite(env: Record<string, string> = {}): { site: Site; browser: Browser } {
  const fixture = {} as { site: Site; browser: Browser };
  beforeAll(async () => {
    fixture.site = await startSite(env);
    fixture.browser = await launchBrowser();
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.site?.close();
  });
  return fixture;
}

/**
 * Goes to `path` within the app, as a link would (a reload per page would load the app again):
 * resolves once the new page's main heading is there. The last page's heading is marked first, so
 * the new one is the first unmarked one, even where the old page stays until the new one's code loads.
 * Already at `path`, the page stays as it is: the router renders nothing new for the same address, so
 * a marked heading would never be replaced and the wait would run out.
 */
export async function goWithinApp(page: Page, origin: string, path: string): Promise<void> {
  await page.evaluate((to) => {
    if (`${location.pathname}${location.search}` === to) return;
    document.querySelector('main h1')?.setAttribute('data-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`${origin}${path}`);
  await page.locator('main h1:not([data-left])').first().waitFor();
}

/**
 * The user ids (better-auth's 32 letters and digits) a reader of the page's main region sees:
 * the back office names people instead, and shows the raw id only on the user's own page.
 */
export async function visibleUserIds(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return text.match(/\b[A-Za-z0-9]{32}\b/g) ?? [];
}
