import { useSearch } from 'wouter';
import { useTrayConfig } from '../hooks/use-tray-config';
import { authorizeUrl, storeAddress } from '../lib/tray-urls';
import './tray.css';

/**
 * /tray/register?url=<store address>: one button sends the browser to the store's Tray authorization page
 * (spec §2 "Tray authorization"); Tray then comes back to /tray/register/callback with a one-time code.
 */
export function TrayRegisterPage() {
  const store = storeAddress(new URLSearchParams(useSearch()).get('url'));
  const config = useTrayConfig();
  const target =
    store && config?.consumerKey ? authorizeUrl(store, config.consumerKey, config.callbackUrl) : null;

  return (
    <section className="page tray-page">
      <h1 className="page__title">Integração com a Tray</h1>
      {store ? (
        <p className="page__lead">
          Autorize o aplicativo na sua loja <strong>{store}</strong> para que o catálogo seja importado e
          mantido em dia.
        </p>
      ) : (
        <p className="page__lead">
          Endereço da loja ausente ou inválido. Abra esta página pelo link da sua loja Tray.
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={!target}
        onClick={() => {
          if (target) window.location.assign(target);
        }}
      >
        Autorizar na Tray
      </button>
    </section>
  );
}

/** Tray's callback page (/tray/register/callback) ships in this page's chunk (app/routes.tsx). */
export { TrayCallbackPage } from './tray-callback-page';
