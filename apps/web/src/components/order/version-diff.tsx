/**
 * A change to a placed order, before → after (issue 34, decision 0053): each line with what it was and what it
 * becomes ('Novo', 'Removido', 'Alterado'), kilo lines by weight, the coupon, the manual discount and the delivery
 * (option, address, slot) when they change, then the totals. The contact's page and the
 * console's 'Alterações' show the same.
 */
import type { OrderEditLine, OrderVersion } from '@vitrine/contracts/order-edits';
import { lineQuantityText } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import './version-diff.css';

type Row = { index: number; name: string; before: OrderEditLine | null; after: OrderEditLine | null };

function rowsOf(before: OrderVersion, after: OrderVersion): Row[] {
  const rows = new Map<number, Row>();
  for (const line of before.lines)
    rows.set(line.index, { index: line.index, name: line.name, before: line, after: null });
  for (const line of after.lines) {
    const row = rows.get(line.index);
    if (row) row.after = line;
    else rows.set(line.index, { index: line.index, name: line.name, before: null, after: line });
  }
  return [...rows.values()].sort((a, b) => a.index - b.index);
}

const quantity = (line: OrderEditLine) => lineQuantityText(line);

function change(row: Row): { label: string; tone: string } | null {
  if (!row.before) return { label: 'Novo', tone: 'added' };
  if (!row.after) return { label: 'Removido', tone: 'removed' };
  if (row.before.quantity !== row.after.quantity || row.before.totalCents !== row.after.totalCents)
    return { label: 'Alterado', tone: 'changed' };
  return null;
}

const couponText = (v: OrderVersion) =>
  v.couponCode ? `${v.couponCode} (−${formatBRL(v.couponDiscountCents ?? 0)})` : 'Sem cupom';
const manualText = (v: OrderVersion) => `−${formatBRL(v.manualDiscountCents ?? 0)}`;
const deliveryText = ({ delivery: d }: OrderVersion) =>
  d?.name ? `${d.name} (${d.feeCents ? formatBRL(d.feeCents) : 'grátis'})` : 'Sem entrega escolhida';
const addressText = ({ delivery: d }: OrderVersion) => d?.address ?? 'Sem endereço';
const storeText = ({ seller: s }: OrderVersion) =>
  s ? `${s.name}${s.serviceFeeCents ? ` (taxa ${formatBRL(s.serviceFeeCents)})` : ''}` : 'Sem loja';
const slotText = ({ delivery: d }: OrderVersion) =>
  d?.slot
    ? `${d.slot.day.slice(8, 10)}/${d.slot.day.slice(5, 7)} ${d.slot.startTime}–${d.slot.endTime}`
    : 'Sem horário';

/**
 * The store (with its fee), the coupon, the manual discount and the delivery (option with its fee, address, slot),
 * before → after, when the edit changes them (proposals made before these could change carry none: nothing shown).
 */
function discountRows(before: OrderVersion, after: OrderVersion) {
  const delivery = before.delivery && after.delivery;
  const store = before.seller !== undefined && after.seller !== undefined;
  return [
    ...(store ? [{ label: 'Loja', text: storeText }] : []),
    { label: 'Cupom', text: couponText },
    { label: 'Desconto manual', text: manualText },
    ...(delivery
      ? [
          { label: 'Entrega', text: deliveryText },
          { label: 'Endereço', text: addressText },
          { label: 'Horário', text: slotText },
        ]
      : []),
  ]
    .map(({ label, text }) => ({ label, before: text(before), after: text(after) }))
    .filter((row) => row.before !== row.after);
}

export function VersionDiff({ before, after }: { before: OrderVersion; after: OrderVersion }) {
  const rows = rowsOf(before, after);
  return (
    <div className="version-diff">
      <ul className="version-diff__lines">
        {rows.map((row) => {
          const tag = change(row);
          const line = row.after ?? row.before!;
          return (
            <li
              key={row.index}
              className={`version-diff__line${tag ? ` version-diff__line--${tag.tone}` : ''}`}
            >
              <span className="version-diff__name">
                {row.name}
                {line.isGift && ' (brinde)'}
                {tag && (
                  <span className={`version-diff__tag version-diff__tag--${tag.tone}`}>{tag.label}</span>
                )}
              </span>
              <span className="version-diff__qty">
                {row.before && row.after && row.before.quantity !== row.after.quantity ? (
                  <>
                    <s aria-label={`antes ${quantity(row.before)}`}>{quantity(row.before)}</s> →{' '}
                    {quantity(row.after)}
                  </>
                ) : (
                  quantity(line)
                )}
              </span>
              <span className="version-diff__total">
                {row.after ? formatBRL(row.after.totalCents) : <s>{formatBRL(row.before!.totalCents)}</s>}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="version-diff__totals">
        {discountRows(before, after).map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              <s aria-label={`antes ${row.before}`}>{row.before}</s> → {row.after}
            </dd>
          </div>
        ))}
        <div>
          <dt>Total antes</dt>
          <dd>{formatBRL(before.totalCents)}</dd>
        </div>
        <div className="version-diff__after">
          <dt>Total depois</dt>
          <dd>{formatBRL(after.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** What accepting means for the money: more to pay, money back, or the same total. */
export function differenceText(differenceCents: number): string {
  if (differenceCents > 0) return `Diferença de ${formatBRL(differenceCents)} a pagar.`;
  if (differenceCents < 0) return `A loja devolve ${formatBRL(-differenceCents)}.`;
  return 'O total não muda.';
}
