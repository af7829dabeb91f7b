/** Entrega (owner, manager): sellers (Lojas), delivery options with where they deliver, and the schedule. */
import { DeliveryExternalLogistic } from './external-logistic';
import { DeliveryOptions } from './options';
import { DeliverySchedule } from './schedule';
import { Sellers } from './sellers';
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
      <Sellers shop={shop} />
      <DeliveryOptions shop={shop} />
      <DeliverySchedule shop={shop} />
    </>
  );
}
