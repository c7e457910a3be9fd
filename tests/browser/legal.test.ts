import { describe, expect, it } from 'vitest';
import { openPage, useSite } from './harness';

const fixture = useSite();

const textOf = async (path: string) => {
  const { page, context } = await openPage(fixture.browser);
  const response = await page.goto(`${fixture.site.url}${path}`);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const text = await page.locator('main').innerText();
  await context.close();
  return text.replace(/\s+/g, ' ');
};

describe('the legal screens', () => {
  it('shows the EULA with every legal fact of docs/product.md §1.2', async () => {
    const text = await textOf('/terms');
    for (const fact of [
      'End-User License Agreement',
      'Last updated 7/24/24',
      '$7.99 a month',
      'annual',
      'discounted',
      '30 days from activation',
      'cancel',
      'upcoming month',
      'premium features are revoked',
      'items you obtained are kept',
      'Public chat is not logged',
      'Direct messages are stored',
      'staff cannot read them',
      'screened for profanity by a third-party service',
      'Apple Pay',
      'Google Pay',
      'PayPal',
      'credit card',
      '16 and older',
      '6 months of inactivity',
      'amount you paid us in the 6 months',
      '64 pilots',
      'g00wiy',
      'non-refundable and non-transferable',
      'within the current billing cycle',
    ]) {
      expect(text, fact).toContain(fact);
    }
  });

  it('shows the privacy policy with its date and the chat, voice and payment facts', async () => {
    const text = await textOf('/privacy');
    for (const fact of [
      'Privacy Policy',
      'Last updated 7/21/24',
      'Public chat is not logged',
      'Direct messages are stored',
      'staff cannot read them',
      'screened for profanity by a third-party service',
      'Apple Pay',
      'PayPal',
      '16 and older',
    ]) {
      expect(text, fact).toContain(fact);
    }
  });
});
