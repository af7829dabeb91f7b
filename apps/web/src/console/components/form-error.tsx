/** The server's refusal of a form's call, in pt-BR, above the form's buttons (role="alert"). */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="console-alert console-alert--error" role="alert">
      {error}
    </p>
  );
}
