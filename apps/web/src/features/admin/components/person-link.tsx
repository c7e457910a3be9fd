import { adminUserPath } from '@outpost/contracts/admin-routes';
import { type Person, personName } from '@outpost/contracts/people';
import { Link } from '../../../lib/router/router';
import styles from './person-link.module.css';

interface PersonLinkProps {
  person: Person;
  /** The email beside the name (lists and facts); a sentence names the person only. */
  withEmail?: boolean;
}

/**
 * A person wherever the back office shows one: their name, linking to their page in the
 * moderation hub (the one place that shows the raw id). A deleted account links nowhere.
 */
export function PersonLink({ person, withEmail = true }: PersonLinkProps) {
  const name = personName(person);
  if (person.email === null) return <span>{name}</span>;
  return (
    <span className={styles.person}>
      <Link to={adminUserPath(person.userID)}>{name}</Link>
      {withEmail && <span className={styles.email}>{person.email}</span>}
    </span>
  );
}
