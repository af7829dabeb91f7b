/**
 * /recaptcha (spec §2): verification page, also a debug captcha test page. The site key comes from the query
 * (`?key=` or `?siteKey=`); without one the local fake widget is shown. Shows the token obtained.
 */
import { useState } from 'react';
import { useSearch } from 'wouter';
import { FAKE_SITE_KEY } from '../lib/recaptcha';
import { CaptchaWidget } from './captcha-widget';
import './payment.css';

export function RecaptchaPage() {
  const params = new URLSearchParams(useSearch());
  const siteKey = params.get('key') ?? params.get('siteKey') ?? FAKE_SITE_KEY;
  const [token, setToken] = useState<string | null>(null);

  return (
    <section className="page recaptcha-page" aria-labelledby="recaptcha-title">
      <h1 id="recaptcha-title" className="page__title">
        Verificação
      </h1>
      <p className="page__lead">Confirme que você não é um robô para continuar.</p>
      <CaptchaWidget siteKey={siteKey} onToken={setToken} onReset={() => setToken(null)} />
      <div className="recaptcha-page__result" role="status">
        {token ? (
          <>
            <p>Verificação concluída. Token obtido:</p>
            <code className="recaptcha-page__token">{token}</code>
          </>
        ) : (
          <p className="page__meta">Nenhum token obtido ainda.</p>
        )}
      </div>
    </section>
  );
}
