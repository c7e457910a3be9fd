export default function MerchSettings() {
  return (
    <section className="page" aria-labelledby="merch-settings-title">
      <h1 id="merch-settings-title">Merch settings</h1>
    </section>
  );
}
