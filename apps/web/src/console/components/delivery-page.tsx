/** Entrega (owner, manager): pickup stores, delivery options with where they deliver, and the schedule. */
import { DeliveryExternalLogistic } from './delivery-external-logistic';
import { DeliveryOptions } from './delivery-options';
import { DeliverySchedule } from './delivery-schedule';
import { DeliveryStores } from './delivery-stores';
import './delivery.css';

export function DeliveryPage({ shop }: { shop: string }) {
  return (
    <>
      <h1 className="console-title">Entrega</h1>
      <p className="console-muted">
        As mudanças valem para os próximos carrinhos e checkouts assim que salvas; pedidos já confirmados
        mantêm o que tinham.
      </p>
      <DeliveryExternalLogistic shop={shop} />
      <DeliveryStores shop={shop} />
      <DeliveryOptions shop={shop} />
      <DeliverySchedule shop={shop} />
    </>
  );
}
