import type { AdminMerchContact } from '@outpost/contracts/merch';
import { personName } from '@outpost/contracts/people';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { useAdminAccessContext } from '../admin-access-context';
import { formatInstant } from '../components/local-time';
import { PersonLink } from '../components/person-link';
import { getMerchContacts } from './api/get-merch-contacts';
import { merchAdminQueryKey } from './api/query-keys';
import { MerchScreen } from './components/merch-screen';
import { StaffOnlyNotice } from './components/staff-only-notice';
import styles from './merch.module.css';
import { mailtoHref, messageExcerpt } from './merch-text';

/** A message: short ones whole, long ones by their first words with the whole text one press away. */
function MessageCell({ message }: { message: string }) {
  const excerpt = messageExcerpt(message);
  if (excerpt === message) return <p className={styles.messageText}>{message}</p>;
  return (
    <details className={styles.message}>
      <summary>{excerpt}</summary>
      <p>{message}</p>
    </details>
  );
}

const column = adminColumnHelper<AdminMerchContact>();
const columns = column.columns([
  column.accessor('createdAt', {
    header: 'Received',
    sortDescFirst: true,
    cell: (cell) => <span className={styles.nowrap}>{formatInstant(cell.getValue())}</span>,
  }),
  column.accessor('name', { header: 'From' }),
  column.accessor('email', {
    header: 'Email',
    cell: (cell) => <a href={mailtoHref(cell.getValue())}>{cell.getValue()}</a>,
  }),
  column.accessor('subject', { header: 'Subject' }),
  column.accessor('message', { header: 'Message', cell: (cell) => <MessageCell message={cell.getValue()} /> }),
  column.accessor((contact) => (contact.player ? personName(contact.player) : ''), {
    id: 'player',
    header: 'Player',
    cell: (cell) => {
      const { player } = cell.row.original;
      return player ? <PersonLink person={player} withEmail={false} /> : 'Not signed in';
    },
  }),
]);
const sortable = ['createdAt'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'search', label: 'Search', hint: 'Part of a name, email, subject or message.' },
];

/** The merch contact form's messages, newest first, each answered by email. Staff and admins only. */
export default function MerchContactList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <MerchScreen
      id="merch-contact-list-title"
      title="Merch messages"
      lead={`What players wrote to the merch team through the contact form of ${environment}, newest first. Answer by email.`}
    >
      {capabilities.manageShop ? (
        <AdminList
          label="Merch messages"
          hideCaption
          columns={columns}
          sortable={sortable}
          filters={filters}
          queryKey={merchAdminQueryKey(environment, 'contacts')}
          fetchPage={(query) => getMerchContacts(environment, query)}
          getRowId={(contact) => String(contact.contactID)}
          csvFileName={`merch-messages-${environment}`}
          emptyText="No message matches these filters."
          rowAction={{
            header: 'Answer',
            cell: (contact) => (
              <a
                href={mailtoHref(contact.email, contact.subject)}
                aria-label={`Answer ${contact.name} by email (“${contact.subject}”)`}
              >
                Answer
              </a>
            ),
          }}
        />
      ) : (
        <StaffOnlyNotice what="Merch messages" />
      )}
    </MerchScreen>
  );
}
