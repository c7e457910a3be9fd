export default function AccountScreen() {
  return (
    <section className="page" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
    </section>
  );
}
