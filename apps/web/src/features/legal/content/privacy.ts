import type { LegalDocument } from '../legal-document';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: '7/21/24',
  intro: [],
  sections: [],
};
