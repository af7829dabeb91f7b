import { describe, it, expect } from 'vitest';
import { RecurrenceType } from './enums.ts';
import {
  formatPhone,
  formatWeight,
  kiloPriceCents,
  lineQuantityText,
  lineWeightKg,
  subscriptionFrequencyText,
  telLink,
  whatsAppLink,
} from './format.ts';

describe('formatWeight', () => {
  it('uses g below 1 kg, kg from 1 kg, t from 1000 kg', () => {
    expect(formatWeight(0.5)).toBe('500 g');
    expect(formatWeight(0.999)).toBe('999 g');
    expect(formatWeight(1)).toBe('1 kg');
    expect(formatWeight(1.25)).toBe('1,25 kg');
    expect(formatWeight(999.99)).toBe('999,99 kg');
    expect(formatWeight(1000)).toBe('1 t');
    expect(formatWeight(1500)).toBe('1,5 t');
  });

  it('shows up to 2 decimals with a pt-BR decimal comma', () => {
    expect(formatWeight(0.0125)).toBe('12,5 g');
    expect(formatWeight(0.00012)).toBe('0,12 g');
    expect(formatWeight(2.345)).toBe('2,35 kg');
    expect(formatWeight(12345.678)).toBe('12,35 t');
    expect(formatWeight(1234567)).toBe('1.234,57 t');
    expect(formatWeight(0)).toBe('0 g');
  });

  it('moves to the next unit when rounding reaches its threshold', () => {
    expect(formatWeight(0.999999)).toBe('1 kg');
    expect(formatWeight(999.999)).toBe('1 t');
    expect(formatWeight(999.994)).toBe('999,99 kg');
  });

  it('returns an empty string for NaN or infinity', () => {
    expect(formatWeight(Number.NaN)).toBe('');
    expect(formatWeight(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('subscriptionFrequencyText', () => {
  it('uses the singular below 2', () => {
    expect(subscriptionFrequencyText(RecurrenceType.Daily, 1)).toBe('1 Dia');
    expect(subscriptionFrequencyText(RecurrenceType.Weekly, 1)).toBe('1 Semana');
    expect(subscriptionFrequencyText(RecurrenceType.Monthly, 1)).toBe('1 Mês');
    expect(subscriptionFrequencyText(RecurrenceType.Yearly, 1)).toBe('1 Ano');
  });

  it('uses the plural from 2', () => {
    expect(subscriptionFrequencyText(RecurrenceType.Daily, 15)).toBe('15 Dias');
    expect(subscriptionFrequencyText(RecurrenceType.Weekly, 2)).toBe('2 Semanas');
    expect(subscriptionFrequencyText(RecurrenceType.Monthly, 3)).toBe('3 Meses');
    expect(subscriptionFrequencyText(RecurrenceType.Yearly, 2)).toBe('2 Anos');
  });

  it('takes the wire values and returns empty text for an unknown type', () => {
    expect(subscriptionFrequencyText(20, 2)).toBe('2 Semanas');
    expect(subscriptionFrequencyText(99, 2)).toBe('');
    expect(subscriptionFrequencyText(RecurrenceType.Daily, Number.NaN)).toBe('');
  });
});

describe('formatPhone', () => {
  it('formats 10 and 11 digits', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1132345678')).toBe('(11) 3234-5678');
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
  });

  it('drops the 55 country code', () => {
    expect(formatPhone('5511987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('+55 11 3234-5678')).toBe('(11) 3234-5678');
  });

  it('leaves other shapes as given', () => {
    expect(formatPhone(' 0800 123 ')).toBe('0800 123');
    expect(formatPhone('+1 415 555 2671')).toBe('+1 415 555 2671');
  });
});

describe('telLink', () => {
  it('calls with the country code, as the WhatsApp link', () => {
    expect(telLink('(11) 98765-4321')).toBe('tel:+5511987654321');
    expect(telLink('5511987654321')).toBe('tel:+5511987654321');
    expect(telLink('+1 415 555 2671')).toBe('tel:+14155552671');
  });
});

describe('whatsAppLink', () => {
  it('adds 55 to national numbers', () => {
    expect(whatsAppLink('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsAppLink('1132345678')).toBe('https://wa.me/551132345678');
  });

  it('keeps numbers that already carry a country code', () => {
    expect(whatsAppLink('+55 11 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsAppLink('+1 415 555 2671')).toBe('https://wa.me/14155552671');
  });

  it('encodes the prefilled text and omits it when empty', () => {
    expect(whatsAppLink('11987654321', 'Olá! Pedido #12 & cia')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1!%20Pedido%20%2312%20%26%20cia',
    );
    expect(whatsAppLink('11987654321', '')).toBe('https://wa.me/5511987654321');
  });
});

describe('kilo lines (issue 38)', () => {
  const bean = { soldInKilo: true, amountInKilo: 0.5 };
  it('weighs quantity × portion and says it by spec §9', () => {
    expect(lineWeightKg({ ...bean, quantity: 2 })).toBe(1);
    expect(lineQuantityText({ ...bean, quantity: 2 })).toBe('1 kg');
    expect(lineQuantityText({ ...bean, quantity: 1 })).toBe('500 g');
    expect(lineQuantityText({ ...bean, quantity: 2.5 })).toBe('1,25 kg');
    expect(lineQuantityText({ soldInKilo: true, amountInKilo: 0.1, quantity: 3 })).toBe('300 g');
    expect(lineQuantityText({ soldInKilo: true, amountInKilo: 500, quantity: 4 })).toBe('2 t');
  });
  it('counts unit lines and prices kilo lines per kg', () => {
    expect(lineWeightKg({ soldInKilo: false, amountInKilo: null, quantity: 3 })).toBeNull();
    expect(lineQuantityText({ soldInKilo: false, quantity: 3 })).toBe('3');
    expect(kiloPriceCents(645, bean)).toBe(1290);
    expect(kiloPriceCents(645, { soldInKilo: false })).toBeNull();
  });
});
