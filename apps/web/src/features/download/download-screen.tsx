export default function DownloadScreen() {
  return (
    <section className="page">
      <h1>Download Outpost</h1>
    </section>
  );
}
