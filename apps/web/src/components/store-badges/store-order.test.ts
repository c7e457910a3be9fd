import { describe, expect, it } from 'vitest';
import { storeOrder } from './store-order';

const APPLE_FIRST = ['apple', 'google'];
const GOOGLE_FIRST = ['google', 'apple'];

describe('storeOrder', () => {
  it.each([
    [
      'iPhone Safari',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ],
    [
      'iPhone Chrome',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    ],
    [
      'iPhone Instagram in-app browser',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 292.0.0.17.111 (iPhone14,5; iOS 16_6; en_US; en; scale=3.00; 1170x2532; 494472655)',
    ],
    [
      'iPad in mobile mode',
      'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    ],
    [
      'iPod touch',
      'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.1 Mobile/15E148 Safari/604.1',
    ],
    [
      'iPadOS desktop-class Safari (Mac with touch)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    ],
  ])('puts the App Store first on %s', (_name, userAgent) => {
    expect(storeOrder(userAgent)).toEqual(APPLE_FIRST);
  });

  it.each([
    [
      'Android Chrome (reduced UA)',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Android Chrome on a Pixel',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36',
    ],
    ['Android Firefox', 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0'],
    [
      'Samsung Internet',
      'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Android tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    ],
  ])('puts Google Play first on %s', (_name, userAgent) => {
    expect(storeOrder(userAgent)).toEqual(GOOGLE_FIRST);
  });

  it.each([
    [
      'Windows Chrome',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    ],
    ['Linux Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'],
    [
      'Headless Chromium',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    ],
    ['an empty user agent', ''],
  ])('defaults to the App Store first on %s', (_name, userAgent) => {
    expect(storeOrder(userAgent)).toEqual(APPLE_FIRST);
  });

  it('returns each store exactly once', () => {
    for (const userAgent of ['', 'Android', 'iPhone']) {
      expect([...storeOrder(userAgent)].sort()).toEqual(['apple', 'google']);
    }
  });
});
