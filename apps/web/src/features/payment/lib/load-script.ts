/**
 * Loads a third-party script (Mercado Pago SDK, Google reCAPTCHA) once per page, only when a screen needs it.
 * A failed load is forgotten so a later call tries again.
 */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Falha ao carregar ${src}`));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}
