import { ROUTES } from '@outpost/contracts/routes';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { Link } from '../../lib/router/router';
import { privacyPolicy } from './content/privacy';
import { termsOfUse } from './content/terms';
import type { LegalBlock, LegalDocument } from './legal-document';
import styles from './legal-screen.module.css';

export type LegalType = 'terms' | 'privacy';

const DOCUMENTS: Record<LegalType, LegalDocument> = { terms: termsOfUse, privacy: privacyPolicy };

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function legalTitle(type: LegalType): string {
  return pageTitle(DOCUMENTS[type].title);
}

/** One screen for both legal texts (docs/product.md §2.1), chosen by `type`. */
export default function LegalScreen({ type }: { type: LegalType }) {
  const document = DOCUMENTS[type];
  usePageTitle(legalTitle(type));

  return (
    <article className={styles.legal} aria-labelledby="legal-title">
      <header>
        <h1 id="legal-title">{document.title}</h1>
        <p className={styles.updated}>Last updated {document.lastUpdated}</p>
        {document.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </header>
      <nav aria-label="Contents" className={styles.toc}>
        <h2>Contents</h2>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.heading}</h2>
          {section.blocks.map((block) => (
            <Block key={typeof block === 'string' ? block : block.list.join('|')} block={block} />
          ))}
        </section>
      ))}
      <p className={styles.other}>
        {type === 'terms' ? (
          <Link to={ROUTES.privacy}>Read the Privacy Policy</Link>
        ) : (
          <Link to={ROUTES.terms}>Read the Terms of Use (EULA)</Link>
        )}
      </p>
    </article>
  );
}
