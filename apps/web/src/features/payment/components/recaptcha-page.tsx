import { PlaceholderPage } from '../../../components/placeholder-page';

/** /recaptcha: verification page (to be built). */
export function RecaptchaPage() {
  return <PlaceholderPage title="Verificação" text="Confirme que você não é um robô para continuar." />;
}
