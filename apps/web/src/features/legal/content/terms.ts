import type { LegalDocument } from '../legal-document';

export const termsOfUse: LegalDocument = {
  title: 'End-User License Agreement',
  lastUpdated: '7/24/24',
  intro: [],
  sections: [],
};
