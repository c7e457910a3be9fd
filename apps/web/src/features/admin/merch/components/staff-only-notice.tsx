import { ReadOnlyNotice } from '../../components/read-only-notice';

/**
 * Orders and contact messages carry players' names, addresses and phone numbers: only staff and
 * admins (manageShop) see them, and the server refuses anyone else anyway.
 */
export function StaffOnlyNotice({ what }: { what: string }) {
  return (
    <ReadOnlyNotice>
      {what} are handled by staff and admins: they carry players’ addresses and contact details, so your role is not
      allowed to see them.
    </ReadOnlyNotice>
  );
}
