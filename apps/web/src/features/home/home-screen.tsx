import { EmailSignup } from './components/email-signup';

/** The marketing landing page (spec §2); its sections follow the spec's order. */
export function HomeScreen() {
  return (
    <>
      <section aria-labelledby="hero-title" className="page">
        <h1 id="hero-title">Join the resistance</h1>
        <h2>Get Early Access</h2>
        <h2>Build &amp; Decorate</h2>
        <h2>Play &amp; Quest</h2>
        <h2>Your World Your Hangout</h2>
        <h2>Avatar Fashion goes IRL</h2>
        <h2>Help Build the world</h2>
      </section>
      <EmailSignup />
    </>
  );
}
