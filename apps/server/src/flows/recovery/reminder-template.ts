/**
 * A reminder outside WhatsApp's 24-hour window (decision 0057's addendum): the rule's approved template — marketing
 * for carts, utility for Pix and boleto reminders — its body's parameters filled from our values in the order the
 * rule gives. The link stays TEMPLATE_LINK until delivery, when the outbox has minted the fresh session link on the
 * part's button and the WhatsApp adapter puts it there.
 */
import { TEMPLATE_LINK, type MessagePart } from '@vitrine/contracts/messaging';
import type { WhatsAppTemplate } from '@vitrine/contracts/recovery-templates';

/**
 * Meta refuses an empty text parameter (a value we do not have — no coupon on a first reminder — goes as '-') and one
 * with line breaks, tabs or more than 4 spaces in a row (folded into one space).
 */
const EMPTY = '-';

export function templateOf(
  template: WhatsAppTemplate,
  values: Partial<Record<string, string>>,
): NonNullable<MessagePart['template']> {
  return {
    name: template.name,
    language: template.language,
    parameters: template.parameters.map((p) =>
      p === 'link' ? TEMPLATE_LINK : values[p]?.replace(/[\r\n\t]+| {4,}/g, ' ').trim() || EMPTY,
    ),
  };
}
