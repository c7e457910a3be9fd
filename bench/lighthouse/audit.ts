import fs from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export type FormFactor = 'mobile' | 'desktop';

/** Lighthouse category scores, 0 to 100; null when Lighthouse could not score the category. */
export interface PageScores {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** The lab metrics behind the performance score, in ms (CLS is unitless), for reading a low score. */
  metrics: {
    firstContentfulPaint: number | null;
    largestContentfulPaint: number | null;
    totalBlockingTime: number | null;
    cumulativeLayoutShift: number | null;
    speedIndex: number | null;
  };
}

/** Debian's Chromium with no sandbox support and no network (the same flags as tests/browser). */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function percent(score: number | null | undefined): number | null {
  return score === null || score === undefined ? null : Math.round(score * 100);
}

/** Audits whose trace failed are run again, up to this many times in all. */
const ATTEMPTS = 3;

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One Lighthouse run in a fresh Chromium, so no cache or service worker carries over between
 * pages. Mobile is Lighthouse's default config (simulated slow 4G, mid-range phone); desktop is
 * its desktop config.
 */
export async function auditPage(url: string, formFactor: FormFactor): Promise<PageScores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, formFactor);
    } catch (error) {
      // Lighthouse's own advice for a failed trace (NO_NAVSTART and the like): run it again.
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS) throw error;
      process.stdout.write(` (retrying: ${error.code})`);
    }
  }
}

async function auditOnce(url: string, formFactor: FormFactor): Promise<PageScores> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) {
    throw new Error(`No Chromium at ${chromePath}: set CHROME_PATH, or BENCH_SKIP_LIGHTHOUSE=1 to skip Lighthouse.`);
  }
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}.`);
    const { lhr } = result;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(
        lhr.runtimeError.code,
        `Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`,
      );
    }
    return {
      performance: percent(lhr.categories.performance?.score),
      accessibility: percent(lhr.categories.accessibility?.score),
      bestPractices: percent(lhr.categories['best-practices']?.score),
      seo: percent(lhr.categories.seo?.score),
      metrics: {
        firstContentfulPaint: metric('first-contentful-paint'),
        largestContentfulPaint: metric('largest-contentful-paint'),
        totalBlockingTime: metric('total-blocking-time'),
        cumulativeLayoutShift: metric('cumulative-layout-shift'),
        speedIndex: metric('speed-index'),
      },
    };
  } finally {
    chrome.kill();
  }
}
