export default function MerchDropList() {
  return (
    <section className="page" aria-labelledby="merch-drop-list-title">
      <h1 id="merch-drop-list-title">Merch drops</h1>
    </section>
  );
}
