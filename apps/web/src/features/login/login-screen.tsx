import { ROUTES } from '@outpost/contracts/routes';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon/coming-soon';

export default function LoginScreen() {
  return (
    <ComingSoon title="Login / Signup">
      <p>Player accounts open with the beta. Until then, the early-access list is the way in.</p>
      <p>
        <Link to={`${ROUTES.home}#signup`}>Sign up for launch updates</Link>
      </p>
    </ComingSoon>
  );
}
