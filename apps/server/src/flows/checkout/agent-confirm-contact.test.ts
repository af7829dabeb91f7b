import { expect, it } from 'vitest';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { seedCheckoutSuite } from '../../modules/checkout/checkout-test-kit.ts';
import { findContact } from '../../modules/customer/repository.ts';
import { resolveSession } from '../../modules/session/service.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { readyAgentOrder } from './agent-confirm-test-kit.ts';

const COMPANY = {
  isCorporate: true,
  corporateDocument: '11.222.333/0001-81',
  corporateName: 'Maria Silva Comércio Ltda',
  tradeName: 'Empório da Maria',
  stateInscription: '110.042.490.114',
};

describeEachDb(
  'agent confirmation saves the checked customer fields',
  (ctx) => {
    let phones = 0;

    async function ready() {
      const phone = `55119555${String(++phones).padStart(5, '0')}`;
      const s = await readyAgentOrder(ctx().app, phone, PaymentMethod.CreditCard);
      const contact = async () => {
        const resolved = (await resolveSession(ctx().db, s.code))!;
        return findContact(ctx().db, resolved.shopId, resolved.contactId!);
      };
      return { ...s, contact };
    }

    it('birth date and the company fields (CNPJ normalised, state inscription) are stored on the contact', async () => {
      const s = await ready();
      await s.okCall('POST', '/api/order/confirm', { birthDate: '15/03/1990', ...COMPANY });
      expect(await s.contact()).toMatchObject({
        name: 'Maria Silva',
        email: 'maria@example.com',
        document: '52998224725',
        birth_date: '15/03/1990',
        is_corporate: true,
        corporate_document: '11222333000181',
        corporate_name: COMPANY.corporateName,
        trade_name: COMPANY.tradeName,
        state_inscription: COMPANY.stateInscription,
      });
    });

    it('a failed check saves nothing; confirming as a person clears the stored company', async () => {
      const s = await ready();
      await s.okCall('POST', '/api/customer/update', {
        name: 'Maria Silva',
        email: 'maria@example.com',
        document: '529.982.247-25',
        ...COMPANY,
      });
      const refused = await s.call('POST', '/api/order/confirm', { birthDate: '31/02/1990', name: 'Outra' });
      expect(refused.status).toBe(422);
      expect(await s.contact()).toMatchObject({ name: 'Maria Silva', birth_date: null, is_corporate: true });
      await s.okCall('POST', '/api/order/confirm', { isCorporate: false });
      expect(await s.contact()).toMatchObject({
        is_corporate: false,
        corporate_document: null,
        corporate_name: null,
        trade_name: null,
        state_inscription: null,
      });
    });
  },
  { setup: seedCheckoutSuite },
);
