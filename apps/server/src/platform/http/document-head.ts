/**
 * What a server-rendered document says in its head: the title and description, its one address,
 * and the Open Graph and Twitter tags a shared link previews with.
 */
export interface DocumentHead {
  title: string;
  description: string;
  /** The page's absolute address: its canonical link (and what og:url should say). */
  canonicalUrl?: string;
  /**
   * Further tags in order: `og:…` keys become `<meta property>` (Open Graph's attribute), any other
   * (`twitter:…`) `<meta name>`.
   */
  meta?: readonly (readonly [string, string])[];
  /** The path names nothing: the document answers 404 and asks search engines not to index it. */
  notFound?: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element and inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;

/** True when the document has the title element `withHead` puts the head in place of. */
export function hasTitle(html: string): boolean {
  return TITLE.test(html);
}

function headTags(head: DocumentHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.notFound) tags.push('<meta name="robots" content="noindex">');
  if (head.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`);
  for (const [key, content] of head.meta ?? []) {
    const attribute = key.startsWith('og:') ? 'property' : 'name';
    tags.push(`<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}">`);
  }
  return tags.join('\n    ');
}

/** The document with this head in place of its title and description, every value escaped. */
export function withHead(html: string, head: DocumentHead): string {
  return html.replace(DESCRIPTION, '').replace(TITLE, () => headTags(head));
}
