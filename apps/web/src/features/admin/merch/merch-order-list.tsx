export default function MerchOrderList() {
  return (
    <section className="page" aria-labelledby="merch-order-list-title">
      <h1 id="merch-order-list-title">Merch orders</h1>
    </section>
  );
}
