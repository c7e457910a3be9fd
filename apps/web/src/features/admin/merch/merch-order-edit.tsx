export default function MerchOrderEdit() {
  return (
    <section className="page" aria-labelledby="merch-order-edit-title">
      <h1 id="merch-order-edit-title">Merch order</h1>
    </section>
  );
}
