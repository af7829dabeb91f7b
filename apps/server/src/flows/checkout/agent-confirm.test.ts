import { describe, expect, it } from 'vitest';
import { errorMessage } from '@vitrine/contracts/errors';
import { Gateway, PaymentMethod } from '@vitrine/contracts/enums';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { CheckoutState, ChosenLogistic } from '../../modules/order/checkout-state.ts';
import { agentConfirmIssues, type ConfirmFacts } from './agent-confirm.ts';

const logistic: ChosenLogistic = {
  providerId: 'entrega',
  type: 1,
  name: 'Entrega',
  priceCents: 990,
  freeAboveCents: null,
  orderMinPriceCents: null,
  maxDistinctItems: null,
  maxItems: null,
  shippingTimeEstimative: null,
  storePickUpAddress: null,
  sellerId: 'sel-1',
  manual: false,
};

const checkout: CheckoutState = {
  sellerId: 'sel-1',
  logistic,
  addressId: 'adr-1',
  slotId: 'slt-1',
  paymentMethod: PaymentMethod.OnDelivery,
  paymentOption: { providerId: 'cash', group: 'Dinheiro', cashAmountCents: 10_000 },
};

const settings = {
  steps: ['Start', 'Seller', 'Schedule'],
  enableBirthDate: true,
  enableCnpj: true,
  enableManualPrices: true,
  externalLogistic: false,
  disableChargeOrders: false,
} as ShopSettings;

function facts(over: Partial<ConfirmFacts> = {}, k: Partial<CheckoutState> = {}): ConfirmFacts {
  return {
    customer: {
      name: 'Maria',
      email: 'maria@example.com',
      document: '52998224725',
      birthDate: '15/03/1990',
      isCorporate: true,
      corporateDocument: '11222333000181',
      corporateName: 'Maria Ltda',
      tradeName: 'Maria',
      stateInscription: null,
    },
    checkout: { ...checkout, ...k },
    settings,
    gateway: Gateway.ShopProvider,
    itemsCents: 6000,
    totalCents: 6990,
    minOrderValueCents: 3000,
    manualPaymentInformation: null,
    ...over,
  };
}

const first = (f: ConfirmFacts) => {
  const [issue] = agentConfirmIssues(f);
  return issue && errorMessage(issue.code, issue.params);
};
const customer = facts().customer;

describe('agent confirm rules (spec §5)', () => {
  it('allows a complete checkout', () => {
    expect(agentConfirmIssues(facts())).toEqual([]);
  });

  it.each([
    ['name', facts({ customer: { ...customer, name: ' ' } }), 'Informe o nome do cliente.'],
    ['email', facts({ customer: { ...customer, email: null } }), 'Informe o e-mail do cliente.'],
    ['document', facts({ customer: { ...customer, document: '' } }), 'Informe o CPF do cliente.'],
    [
      'birth date',
      facts({ customer: { ...customer, birthDate: '31/02/1990' } }),
      'Data de nascimento inválida',
    ],
    [
      'manual payment',
      facts({ gateway: Gateway.Manual }, { paymentMethod: PaymentMethod.Pix }),
      'Informe os dados do pagamento manual.',
    ],
    [
      'corporate',
      facts({ customer: { ...customer, tradeName: null } }),
      'Informe razão social, CNPJ e nome fantasia da pessoa jurídica.',
    ],
    ['logistic', facts({}, { logistic: null }), 'Selecione uma forma de entrega.'],
    ['address (manual prices)', facts({}, { addressId: null }), 'Selecione o endereço de entrega.'],
    [
      'payment method',
      facts({}, { paymentMethod: null, paymentOption: null }),
      'Selecione uma forma de pagamento.',
    ],
    ['minimum value', facts({ itemsCents: 2999 }), 'O valor mínimo do seu pedido é R$\u00a030,00'],
    ['seller', facts({}, { sellerId: null }), 'Selecione uma loja.'],
    ['schedule', facts({}, { slotId: null }), 'Selecione o dia e o horário de entrega.'],
    ['on-delivery option', facts({}, { paymentOption: null }), 'Selecione a opção de pagamento na entrega.'],
    ['cash amount', facts({ totalCents: 10_001 }), 'O valor deve ser maior que o valor do pedido!'],
  ])('refuses a missing %s', (_name, f, text) => {
    expect(first(f)).toBe(text);
  });

  it('accepts cash equal to the total, a custom method without manual data and external logistics', () => {
    expect(agentConfirmIssues(facts({ totalCents: 10_000 }))).toEqual([]);
    const custom = facts(
      { gateway: Gateway.Manual },
      { paymentMethod: PaymentMethod.Custom, paymentOption: null },
    );
    expect(agentConfirmIssues(custom)).toEqual([]);
    const external = facts({ settings: { ...settings, externalLogistic: true } }, { logistic: null });
    expect(agentConfirmIssues(external)).toEqual([]);
  });
});
