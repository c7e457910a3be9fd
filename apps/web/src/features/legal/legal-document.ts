/** A block of legal text: a paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };

export interface LegalSection {
  /** Anchor id, unique within the document. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** As docs/product.md §1.2 gives it, month/day/two-digit year. */
  lastUpdated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}
