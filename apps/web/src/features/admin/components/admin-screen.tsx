import type { ReactNode } from 'react';
import { NavLink } from '../../../lib/router/router';
import styles from './admin-screen.module.css';

export interface AdminScreenLinks {
  /** The navigation's accessible name ("Shop", "Merch"). */
  label: string;
  links: readonly { to: string; label: string }[];
}

export interface AdminScreenProps {
  /** The h1's id, which names the section. */
  id: string;
  title: string;
  /**
   * Words read before the title but not shown ("Edit product " before the product's name): they
   * tell a screen reader, and the page's title, what the screen does with the record it names.
   */
  titlePrefix?: string;
  lead: ReactNode;
  /** The domain's screens, one link each; the current one is marked (aria-current). */
  links?: AdminScreenLinks;
  /** The domain module's own class for the section (its headings' spacing), beside the shared frame. */
  className?: string;
  children: ReactNode;
}

/** What a domain's own frame (ShopScreen, MerchScreen) takes: the frame without its links and class. */
export type DomainScreenProps = Omit<AdminScreenProps, 'links' | 'className'>;

/** A domain screen's frame: its heading, a line on what it shows, and the links between the domain's screens. */
export function AdminScreen({ id, title, titlePrefix, lead, links, className, children }: AdminScreenProps) {
  return (
    <section className={`page ${styles.screen}${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h1 id={id}>
        {titlePrefix && <span className="visually-hidden">{titlePrefix} </span>}
        {title}
      </h1>
      <p className={styles.lead}>{lead}</p>
      {links && (
        <nav aria-label={links.label} className={styles.nav}>
          <ul>
            {links.links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {children}
    </section>
  );
}
