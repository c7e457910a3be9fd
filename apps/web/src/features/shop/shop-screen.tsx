import { ROUTES } from '@outpost/contracts/routes';
import { ComingSoon } from '../../components/coming-soon/coming-soon';
import { Link } from '../../lib/router/router';

export default function ShopScreen() {
  return (
    <ComingSoon title="The Outpost Shop">
      <p>
        Credit packs, mystery-ball machines, drops and real-world merch of your avatar's fashion are on their way to the
        shop.
      </p>
      <p>
        Want to hear when the shop opens? <Link to={`${ROUTES.home}#signup`}>Join the early-access list</Link>.
      </p>
    </ComingSoon>
  );
}
