export default function MerchContactList() {
  return (
    <section className="page" aria-labelledby="merch-contact-list-title">
      <h1 id="merch-contact-list-title">Merch messages</h1>
    </section>
  );
}
