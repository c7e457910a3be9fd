export default function AboutScreen() {
  return (
    <section className="page">
      <h1>About Outpost</h1>
    </section>
  );
}
