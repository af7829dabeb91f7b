/**
 * A delivery address the local CEP table knows (Bela Vista, São Paulo), as `POST /api/order/address/` takes it: the
 * one address the checkout suites and the browser journeys (e2e) send. Free of test-runner imports so both can.
 */
export const PAULISTA_ADDRESS = {
  type: 'Casa',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
