import { ROUTES } from '@outpost/contracts/routes';
import { NavLink } from '../../lib/router/router';
import { PRIMARY_LINKS } from './nav-links';

/** The site's links as a menu's `<li>`s (the phone menus of the site and of the back office). */
export function PrimaryLinkItems() {
  return PRIMARY_LINKS.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === ROUTES.home} reloadDocument={link.reloadDocument}>
        {link.label}
      </NavLink>
    </li>
  ));
}
