import { describe, expect, it } from 'vitest';
import type { LegalBlock, LegalDocument } from '../legal-document';
import { privacyPolicy } from './privacy';
import { termsOfUse } from './terms';

const blockText = (block: LegalBlock): string => (typeof block === 'string' ? block : block.list.join('\n'));

/** The key legal-screen.tsx gives a block. */
const blockKey = (block: LegalBlock): string => (typeof block === 'string' ? block : block.list.join('|'));

/** Everything a reader sees: title, date, intro, headings and blocks. */
function flatten(document: LegalDocument): string {
  return [
    document.title,
    document.lastUpdated,
    ...document.intro,
    ...document.sections.flatMap((section) => [section.heading, ...section.blocks.map(blockText)]),
  ].join('\n');
}

const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const DOCUMENTS: Array<[string, LegalDocument]> = [
  ['terms', termsOfUse],
  ['privacy', privacyPolicy],
];

describe.each(DOCUMENTS)('%s document structure', (_name, document) => {
  it('has a title, an intro and sections', () => {
    expect(document.title.trim()).not.toBe('');
    expect(document.intro.length).toBeGreaterThan(0);
    expect(document.sections.length).toBeGreaterThan(0);
  });

  it('has unique kebab-case section ids', () => {
    const ids = document.sections.map((section) => section.id);
    for (const id of ids) expect(id).toMatch(KEBAB_CASE);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every section a heading and at least one block', () => {
    for (const section of document.sections) {
      expect(section.heading.trim(), section.id).not.toBe('');
      expect(section.blocks.length, section.id).toBeGreaterThan(0);
    }
  });

  it('has no empty text and unique React keys', () => {
    expect(new Set(document.intro).size).toBe(document.intro.length);
    for (const section of document.sections) {
      const keys = section.blocks.map(blockKey);
      expect(new Set(keys).size, section.id).toBe(keys.length);
      for (const block of section.blocks) {
        const items = typeof block === 'string' ? [block] : block.list;
        expect(items.length, section.id).toBeGreaterThan(0);
        expect(new Set(items).size, section.id).toBe(items.length);
        for (const item of items) expect(item.trim(), section.id).not.toBe('');
      }
    }
  });
});

describe('End-User License Agreement', () => {
  const text = flatten(termsOfUse);

  it('has its title and last-updated date', () => {
    expect(termsOfUse.title).toBe('End-User License Agreement');
    expect(termsOfUse.lastUpdated).toBe('7/24/24');
    expect(text).toContain('This End-User License Agreement was last updated 7/24/24.');
  });

  it('states the subscription price and annual option without inventing an annual amount', () => {
    expect(text).toContain('The subscription costs $7.99 a month.');
    expect(text).toContain('An annual subscription is also offered at a discounted rate.');
    expect(text).toContain('The discounted annual price is shown in the store before you purchase.');
    expect(text.match(/\$\s?\d[\d.,]*/g)).toEqual(['$7.99']);
  });

  it('states the subscription period, cancellation and what happens on cancellation', () => {
    expect(text).toContain('A subscription lasts 30 days from activation.');
    expect(text).toContain('You can cancel your subscription for the upcoming month at any time.');
    expect(text).toContain('On cancellation, premium features are revoked, but items you obtained are kept.');
  });

  it('states the refund window', () => {
    expect(text).toContain('Refund requests must be made within the current billing cycle.');
  });

  it('names the payment methods', () => {
    expect(text).toContain('We accept Apple Pay, Google Pay, PayPal and credit cards.');
  });

  it('states the chat, direct-message and voice handling', () => {
    expect(text).toContain('Public chat is not logged.');
    expect(text).toContain('Direct messages are stored, and our staff cannot read them.');
    expect(text).toContain('Voice chat in public spaces is screened for profanity by a third-party service.');
  });

  it('states the age recommendation', () => {
    expect(text).toContain('Outpost is recommended for players aged 16 and older.');
    expect(text).toContain('The Services are intended for players aged 16 and older');
  });

  it('ends the licence after 6 months of inactivity', () => {
    expect(text).toContain('Your licence to use Outpost is terminated after 6 months of inactivity.');
  });

  it('caps liability at the amount paid in the prior 6 months', () => {
    expect(text).toContain(
      'our total liability to you for all claims arising out of or relating to this Agreement or the Services is capped at the amount you paid us in the 6 months before the event giving rise to the claim',
    );
  });

  it('states that drone races have 64 pilots', () => {
    expect(text).toContain('Drone racing is a competitive mode in which each race has 64 pilots.');
  });

  it('names the in-game currency and says it is non-refundable and non-transferable', () => {
    expect(text).toContain('The in-game currency is called g00wiy.');
    expect(text).toContain('g00wiy is non-refundable and non-transferable.');
  });

  it('gives the legal contact address', () => {
    expect(text).toContain('legal@outpost.example');
  });
});

describe('Privacy Policy', () => {
  const text = flatten(privacyPolicy);

  it('has its title and last-updated date', () => {
    expect(privacyPolicy.title).toBe('Privacy Policy');
    expect(privacyPolicy.lastUpdated).toBe('7/21/24');
    expect(text).toContain('This Privacy Policy was last updated 7/21/24.');
  });

  it('states the chat, direct-message and voice handling', () => {
    expect(text).toContain('Public chat is not logged.');
    expect(text).toContain('Direct messages are stored, and our staff cannot read them.');
    expect(text).toContain('Voice chat in public spaces is screened for profanity by a third-party service.');
  });

  it('names the payment methods', () => {
    expect(text).toContain('We accept Apple Pay, Google Pay, PayPal and credit cards.');
  });

  it('states the intended age', () => {
    expect(text).toContain('Outpost is intended for players aged 16 and older.');
  });

  it('states the 6-month inactivity rule consistently with the EULA', () => {
    expect(text).toContain('Your licence is terminated after 6 months of inactivity');
  });

  it('gives the privacy contact address', () => {
    expect(text).toContain('privacy@outpost.example');
  });
});
