/** The settings form's values (WhatsApp masked, minimum in reais as typed) and their mapping to the API body. */
import { z } from 'zod';
import { maskPhone } from '@vitrine/contracts/masks';
import { centsToReais, reaisToCents } from '@vitrine/contracts/money';
import {
  editableSettings,
  orderLimits,
  settingsProblems,
  type ConsoleSettings,
  type SettingsBody,
} from '@vitrine/contracts/console-settings';

const whatsAppMasked = z
  .string()
  .regex(/^$|^\(\d{2}\) \d{4,5}-\d{4}$/, 'Número de WhatsApp inválido: use (xx) xxxxx-xxxx.');
const reais = z.string().regex(/^$|^\d{1,7}(,\d{1,2})?$/, 'Valor inválido: use, por exemplo, 50,00.');

export const settingsForm = z
  .object({
    settings: editableSettings.extend({ whatsApp: whatsAppMasked }),
    limits: orderLimits.extend({ minOrderValueCents: reais }),
  })
  .superRefine((values, ctx) => {
    const settings = { ...values.settings, whatsApp: null };
    for (const problem of settingsProblems(settings))
      ctx.addIssue({ code: 'custom', path: ['settings', ...problem.path], message: problem.message });
  });
export type SettingsFormValues = z.infer<typeof settingsForm>;

export function formValuesOf(saved: ConsoleSettings): SettingsFormValues {
  const { whatsApp } = saved.settings;
  const cents = saved.limits.minOrderValueCents;
  return {
    settings: { ...saved.settings, whatsApp: whatsApp ? maskPhone(whatsApp.slice(2)) : '' },
    limits: {
      ...saved.limits,
      minOrderValueCents: cents === null ? '' : centsToReais(cents).toFixed(2).replace('.', ','),
    },
  };
}

export function bodyOf(values: SettingsFormValues): SettingsBody {
  const digits = values.settings.whatsApp.replace(/\D/g, '');
  const min = values.limits.minOrderValueCents;
  return {
    settings: {
      ...values.settings,
      whatsApp: digits ? `55${digits}` : null,
      webCatalogCallbackMessage: values.settings.webCatalogCallbackMessage || null,
      shippingRestrictionMessage: values.settings.shippingRestrictionMessage || null,
    },
    limits: {
      ...values.limits,
      minOrderValueCents: min ? reaisToCents(Number(min.replace(',', '.'))) : null,
    },
  };
}
