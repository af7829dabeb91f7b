/** When the user works in several shops: pick one. */
import { Link } from 'wouter';
import { ROLE_LABELS, type StaffShop } from '@vitrine/contracts/console';
import { AuthCard } from './auth-card';
import { Empty } from '../../components/page-state';

export function ShopPickerPage({ shops }: { shops: StaffShop[] }) {
  return (
    <AuthCard title="Escolha a loja">
      {shops.length === 0 ? (
        <Empty>Você não tem acesso a nenhuma loja no momento. Peça um convite ao proprietário.</Empty>
      ) : (
        <ul className="console-list">
          {shops.map((shop) => (
            <li key={shop.slug}>
              <Link href={`/console/lojas/${shop.slug}`} className="console-shop-link">
                <strong>{shop.name}</strong>
                <span className="console-muted">{ROLE_LABELS[shop.role]}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AuthCard>
  );
}
