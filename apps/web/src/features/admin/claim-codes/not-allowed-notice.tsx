import { ReadOnlyNotice } from '../components/read-only-notice';

/** Codes are worth credits: only staff and admins see them (the server refuses anyone else anyway). */
export function NotAllowedNotice() {
  return <ReadOnlyNotice>Redemption codes are managed by staff and admins; your role cannot see them.</ReadOnlyNotice>;
}
