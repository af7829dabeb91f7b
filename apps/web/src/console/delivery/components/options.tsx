/** Entrega › Opções de entrega: each option with where it delivers and its fees; add, edit, remove (confirmed). */
import { formatBRL } from '@vitrine/contracts/money';
import { maskCep } from '@vitrine/contracts/masks';
import type { DeliveryArea, DeliveryOption } from '@vitrine/contracts/console-delivery';
import { useDeliveryOptions, useSellers, useWriteOption } from '../api/delivery';
import { DeliveryList } from './list';
import { DeliveryOptionForm } from './option-form';

const areaText = (a: DeliveryArea) =>
  `${a.kind === 'cep' ? `CEP ${maskCep(a.cepFrom)} a ${maskCep(a.cepTo)}` : `${a.neighborhood}${a.city ? ` (${a.city})` : ''}`}: ${
    a.feeCents ? formatBRL(a.feeCents) : 'grátis'
  }`;

function OptionSummary({ option }: { option: DeliveryOption }) {
  return (
    <>
      <strong>{option.name}</strong>
      {option.estimate && <span className="console-muted"> · {option.estimate}</span>}
      <br />
      {option.areas.map(areaText).join(' · ')}
      {(option.orderMinCents !== null || option.freeAboveCents !== null) && (
        <>
          <br />
          <span className="console-muted">
            {option.orderMinCents !== null && `Pedido mínimo ${formatBRL(option.orderMinCents)}. `}
            {option.freeAboveCents !== null && `Grátis a partir de ${formatBRL(option.freeAboveCents)}.`}
          </span>
        </>
      )}
    </>
  );
}

export function DeliveryOptions({ shop }: { shop: string }) {
  const options = useDeliveryOptions(shop);
  const sellers = useSellers(shop);
  const write = useWriteOption(shop);
  return (
    <DeliveryList
      titleId="options-title"
      title="Opções de entrega"
      newLabel="Nova opção de entrega"
      query={options}
      items={options.data?.options ?? []}
      empty="Nenhuma opção de entrega. Sem ela, os pedidos só podem ser retirados."
      summary={(option) => <OptionSummary option={option} />}
      form={(option, onDone) => (
        <DeliveryOptionForm
          shop={shop}
          option={option}
          sellers={sellers.data?.stores ?? []}
          onDone={onDone}
        />
      )}
      removeTitle="Remover opção de entrega"
      removeText={(option) =>
        `${option.name} deixa de ser oferecida em novos pedidos. Pedidos que já a escolheram continuam com ela.`
      }
      remove={(option) => write.mutateAsync({ id: option.id, body: null })}
      removeBusy={write.isPending}
    />
  );
}
