import type { ReactNode } from 'react';
import productStyles from '../../products/products.module.css';
import { ShopNav } from './shop-nav';

interface ShopScreenProps {
  /** The h1's id, which names the section. */
  id: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}

/** Every shop screen's frame: its heading, a line on what it shows, and the shop's links. */
export function ShopScreen({ id, title, lead, children }: ShopScreenProps) {
  return (
    <section className={`page ${productStyles.screen}`} aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <p className={productStyles.lead}>{lead}</p>
      <ShopNav />
      {children}
    </section>
  );
}
