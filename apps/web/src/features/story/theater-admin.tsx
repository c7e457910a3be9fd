import { ComingSoon } from '../../components/coming-soon/coming-soon';

export default function TheaterAdmin() {
  return (
    <ComingSoon title="Theater admin">
      <p>Staff will manage episodes, theater videos and collections here once the theater opens.</p>
    </ComingSoon>
  );
}
