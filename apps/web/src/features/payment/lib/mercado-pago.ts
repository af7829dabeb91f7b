/**
 * Mercado Pago Card Payment Brick (spec §2: embedded card form, 600 px wide, locale pt-BR). The SDK is loaded
 * from Mercado Pago only when the order's account is Mercado Pago; the Brick tokenises the card in the browser
 * and hands its form data to `onSubmit`.
 */
import type { MercadoPagoBrickBody } from '@vitrine/contracts/payment';
import { loadScript } from './load-script';

const SDK_SRC = 'https://sdk.mercadopago.com/js/v2';
export const BRICK_WIDTH_PX = 600;

interface BrickController {
  unmount(): void;
}

interface MercadoPagoSdk {
  bricks(): {
    create(
      brick: 'cardPayment',
      containerId: string,
      settings: {
        initialization: { amount: number };
        customization?: { visual?: { style?: { theme?: string } } };
        callbacks: {
          onReady: () => void;
          onSubmit: (formData: MercadoPagoBrickBody) => Promise<void>;
          onError: (error: unknown) => void;
        };
      },
    ): Promise<BrickController>;
  };
}

declare global {
  interface Window {
    MercadoPago?: new (publicKey: string, options: { locale: string }) => MercadoPagoSdk;
  }
}

export interface BrickOptions {
  publicKey: string;
  containerId: string;
  /** Order total, reais. */
  amount: number;
  onReady: () => void;
  /** Resolve when paid; reject to let the Brick show its own error and keep the form. */
  onSubmit: (formData: MercadoPagoBrickBody) => Promise<void>;
  onError: (error: unknown) => void;
}

/** Loads the SDK and mounts the Brick; resolves with the function that unmounts it. */
export async function mountCardPaymentBrick(options: BrickOptions): Promise<() => void> {
  await loadScript(SDK_SRC);
  const MercadoPago = window.MercadoPago;
  if (!MercadoPago) throw new Error('Mercado Pago indisponível');
  const mp = new MercadoPago(options.publicKey, { locale: 'pt-BR' });
  const controller = await mp.bricks().create('cardPayment', options.containerId, {
    initialization: { amount: options.amount },
    callbacks: { onReady: options.onReady, onSubmit: options.onSubmit, onError: options.onError },
  });
  return () => controller.unmount();
}
