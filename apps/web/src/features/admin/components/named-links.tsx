import { Fragment } from 'react';
import { Link } from '../../../lib/router/router';

export interface NamedLink {
  /** What the record is called: its name, never its id. */
  name: string;
  /** Its screen in the back office. */
  to: string;
  /** Shown after the name: "× 2". */
  suffix?: string;
}

/**
 * Records another record names by id (a drop's products, a code's rewards), as their names in a
 * sentence-like list, each linking to its screen (docs/decisions/0087-people-and-things-by-name.md).
 */
export function NamedLinks({ links }: { links: readonly NamedLink[] }) {
  if (links.length === 0) return <>—</>;
  return (
    <>
      {links.map((link, index) => (
        // A list may name the same record twice (a code giving one item twice): the position keys it.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole, never reordered
        <Fragment key={index}>
          {index > 0 && ', '}
          <Link to={link.to}>{link.name}</Link>
          {link.suffix}
        </Fragment>
      ))}
    </>
  );
}
