/** A console section not built yet (Pedidos, Configurações): says so instead of a blank page. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <h1 className="console-title">{title}</h1>
      <section className="console-card">
        <p className="console-muted">Esta seção ainda não está disponível no console.</p>
      </section>
    </>
  );
}
