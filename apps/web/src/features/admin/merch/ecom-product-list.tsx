export default function EcomProductList() {
  return (
    <section className="page" aria-labelledby="ecom-product-list-title">
      <h1 id="ecom-product-list-title">Ecom products</h1>
    </section>
  );
}
