/**
 * reCAPTCHA v2 checkbox: Google's widget for a real site key, the local fake ('Não sou um robô' checkbox that
 * yields 'fake-recaptcha-ok') for keys starting 'fake-'. Calls `onToken` once the check passes.
 */
import { useEffect, useRef, useState } from 'react';
import { FAKE_RECAPTCHA_TOKEN, isFakeSiteKey, renderRecaptcha } from '../lib/recaptcha';

export interface CaptchaWidgetProps {
  siteKey: string;
  onToken: (token: string) => void;
  /** The token expired: the caller forgets it. */
  onReset?: () => void;
  disabled?: boolean;
}

function FakeCaptcha({ onToken, disabled }: Pick<CaptchaWidgetProps, 'onToken' | 'disabled'>) {
  const [checked, setChecked] = useState(false);
  return (
    <label className="captcha-fake">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled || checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          if (event.target.checked) onToken(FAKE_RECAPTCHA_TOKEN);
        }}
      />
      <span>Não sou um robô</span>
    </label>
  );
}

function GoogleCaptcha({ siteKey, onToken, onReset }: CaptchaWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The widget is rendered once per mount; the latest callbacks are read through refs.
  const callbacks = useRef({ onToken, onReset });
  useEffect(() => {
    callbacks.current = { onToken, onReset };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    renderRecaptcha(element, siteKey, {
      onToken: (token) => callbacks.current.onToken(token),
      onReset: () => callbacks.current.onReset?.(),
    }).catch(() => setFailed(true));
  }, [siteKey]);

  return (
    <>
      <div ref={container} className="captcha-google" />
      {failed && (
        <p className="payment-form__alert" role="alert">
          Não foi possível carregar a verificação. Verifique sua conexão e tente novamente.
        </p>
      )}
    </>
  );
}

export function CaptchaWidget(props: CaptchaWidgetProps) {
  return isFakeSiteKey(props.siteKey) ? <FakeCaptcha {...props} /> : <GoogleCaptcha {...props} />;
}
