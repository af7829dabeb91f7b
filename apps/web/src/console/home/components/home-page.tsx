/** The shop's home: today's numbers, starting a sale, the items low on stock, the first-run checklist and the links to try the shop. */
import { ROLE_RANK } from '@vitrine/contracts/console';
import { useMe } from '../../api/me';
import { useChecklist } from '../api/home';
import { LoadError, Loading } from '../../components/page-state';
import { ChecklistCard } from './checklist-card';
import { LowStockCard } from './low-stock-card';
import { ShareLinkCard } from './share-link-card';
import { StartSaleCard } from './start-sale-card';
import { TodayCard } from './today-card';

export function ShopHomePage({ shop }: { shop: string }) {
  const checklist = useChecklist(shop);
  const role = useMe().data?.shops.find((s) => s.slug === shop)?.role;
  if (checklist.isPending) return <Loading />;
  if (checklist.isError)
    return <LoadError error={checklist.error} onRetry={() => void checklist.refetch()} />;
  const { items, customerLink, shop: header } = checklist.data;
  return (
    <>
      <h1 className="console-title">Início</h1>
      <TodayCard shop={shop} />
      <StartSaleCard shop={shop} />
      <LowStockCard shop={shop} />
      {role && ROLE_RANK[role] >= ROLE_RANK.manager && <ChecklistCard shop={shop} items={items} />}
      <ShareLinkCard shop={shop} shopName={header.name} link={customerLink} />
    </>
  );
}
