import { ReadOnlyNotice } from '../../components/read-only-notice';

/**
 * Beta requests and invites carry players' email addresses and the codes that let people into the
 * beta: only staff and admins (manageBeta) see them, and the server refuses anyone else anyway.
 */
export function StaffOnlyNotice({ what }: { what: string }) {
  return (
    <ReadOnlyNotice>
      {what} are handled by staff and admins; your role may read the testing objectives and the beta settings, but not
      this list.
    </ReadOnlyNotice>
  );
}
