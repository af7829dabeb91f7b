/** The console's pages: signed-out screens, the shop picker and the sections of a shop. */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { useMe } from './api/me';
import { AuthCard } from './session/components/auth-card';
import { ConsoleLayout } from './layout';
import { LoadError, Loading } from './components/page-state';

/**
 * Each page is its own chunk, loaded when first opened: the entry keeps the router, the session and the frame,
 * and a signed-out visitor never downloads the tables, forms and charts of the signed-in screens.
 */
const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => ({ default: await load() }));
const AcceptInvitationPage = lazyPage(() =>
  import('./session/components/accept-invitation-page').then((m) => m.AcceptInvitationPage),
);
const ContactsPage = lazyPage(() =>
  import('./contacts/components/contacts-page').then((m) => m.ContactsPage),
);
const CatalogPage = lazyPage(() => import('./catalog/components/catalog-page').then((m) => m.CatalogPage));
const DeliveryPage = lazyPage(() =>
  import('./delivery/components/delivery-page').then((m) => m.DeliveryPage),
);
const AuditPage = lazyPage(() => import('./audit/components/audit-page').then((m) => m.AuditPage));
const ForgotPasswordPage = lazyPage(() =>
  import('./session/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const IntegrationsPage = lazyPage(() =>
  import('./integrations/components/integrations-page').then((m) => m.IntegrationsPage),
);
const LinkSignInPage = lazyPage(() =>
  import('./session/components/link-sign-in-page').then((m) => m.LinkSignInPage),
);
const MailboxPage = lazyPage(() => import('./mailbox/components/mailbox-page').then((m) => m.MailboxPage));
const OrdersPage = lazyPage(() => import('./orders/components/orders-page').then((m) => m.OrdersPage));
const ProductEditorPage = lazyPage(() =>
  import('./catalog/components/product-editor-page').then((m) => m.ProductEditorPage),
);
const ProductPhotosPage = lazyPage(() =>
  import('./catalog/components/product-photos').then((m) => m.ProductPhotosPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('./session/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
const RecoveryPage = lazyPage(() =>
  import('./recovery/components/recovery-page').then((m) => m.RecoveryPage),
);
const ReportsPage = lazyPage(() => import('./reports/components/reports-page').then((m) => m.ReportsPage));
const PaymentsPage = lazyPage(() =>
  import('./payments/components/payments-page').then((m) => m.PaymentsPage),
);
const SalesPage = lazyPage(() => import('./sales/components/sales-page').then((m) => m.SalesPage));
const SettingsPage = lazyPage(() =>
  import('./settings/components/settings-page').then((m) => m.SettingsPage),
);
const ShopHomePage = lazyPage(() => import('./home/components/home-page').then((m) => m.ShopHomePage));
const ShopPickerPage = lazyPage(() =>
  import('./session/components/shop-picker-page').then((m) => m.ShopPickerPage),
);
const SignInPage = lazyPage(() => import('./session/components/sign-in-page').then((m) => m.SignInPage));
const TeamPage = lazyPage(() => import('./team/components/team-page').then((m) => m.TeamPage));

/** Renders `page` for the signed-in user, else sends them to the sign-in. */
function SignedIn({ page }: { page: (shops: NonNullable<ReturnType<typeof useMe>['data']>) => ReactNode }) {
  const me = useMe();
  if (me.isPending)
    return (
      <main className="console-main">
        <Loading />
      </main>
    );
  if (me.isError)
    return (
      <main className="console-main">
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  if (!me.data) return <Redirect to="/console/entrar" replace />;
  return <>{page(me.data)}</>;
}

type Section =
  | 'home'
  | 'team'
  | 'audit'
  | 'contacts'
  | 'orders'
  | 'settings'
  | 'catalog'
  | 'product'
  | 'photos'
  | 'sales'
  | 'payments'
  | 'delivery'
  | 'recovery'
  | 'integrations'
  | 'reports';

function ShopSection({ section }: { section: Section }) {
  const {
    shop: slug = '',
    orderId,
    code = '',
    tab,
  } = useParams<{ shop: string; orderId?: string; code?: string; tab?: string }>();
  return (
    <SignedIn
      page={(me) => {
        const shop = me.shops.find((s) => s.slug === slug);
        if (!shop)
          return (
            <AuthCard title="Loja não encontrada">
              <p>Você não tem acesso a esta loja.</p>
              <a href="/console">Voltar ao console</a>
            </AuthCard>
          );
        return (
          <ConsoleLayout shop={shop}>
            <Suspense fallback={<Loading />}>
              {section === 'home' && <ShopHomePage shop={slug} />}
              {section === 'team' && <TeamPage shop={slug} />}
              {section === 'audit' && <AuditPage shop={slug} />}
              {section === 'contacts' && <ContactsPage shop={slug} />}
              {section === 'orders' && <OrdersPage shop={slug} orderId={orderId} />}
              {section === 'settings' && <SettingsPage shop={slug} />}
              {section === 'catalog' && <CatalogPage shop={slug} />}
              {section === 'product' && <ProductEditorPage shop={slug} code={code} />}
              {section === 'photos' && <ProductPhotosPage shop={slug} code={code} />}
              {section === 'sales' && <SalesPage shop={slug} tab={tab} />}
              {section === 'payments' && <PaymentsPage shop={slug} tab={tab} />}
              {section === 'delivery' && <DeliveryPage shop={slug} />}
              {section === 'recovery' && <RecoveryPage shop={slug} />}
              {section === 'integrations' && <IntegrationsPage shop={slug} />}
              {section === 'reports' && <ReportsPage shop={slug} tab={tab} />}
            </Suspense>
          </ConsoleLayout>
        );
      }}
    />
  );
}

function SignInRoute() {
  const me = useMe();
  if (me.data) return <Redirect to="/console" replace />;
  return <SignInPage />;
}

const pageLoading = (
  <main className="console-main">
    <Loading />
  </main>
);

/** Vendas' sub-pages that became Pagamentos' (issue 38): a bookmark of the old address still lands on them. */
const MOVED_TO_PAYMENTS: Record<string, string> = {
  pagamento: 'formas',
  pix: 'pix',
  'conta-de-pagamento': 'conta',
};

export function ConsoleRoutes() {
  return (
    <Suspense fallback={pageLoading}>
      <Switch>
        <Route path="/dev/mailbox" component={MailboxPage} />
        <Route path="/console/entrar" component={SignInRoute} />
        <Route path="/console/esqueci-senha" component={ForgotPasswordPage} />
        <Route path="/console/redefinir-senha" component={ResetPasswordPage} />
        <Route path="/console/convite" component={AcceptInvitationPage} />
        <Route path="/console/entrar-com-link" component={LinkSignInPage} />
        <Route path="/console/lojas/:shop">{() => <ShopSection section="home" />}</Route>
        <Route path="/console/lojas/:shop/equipe">{() => <ShopSection section="team" />}</Route>
        <Route path="/console/lojas/:shop/auditoria">{() => <ShopSection section="audit" />}</Route>
        <Route path="/console/lojas/:shop/contatos">{() => <ShopSection section="contacts" />}</Route>
        <Route path="/console/lojas/:shop/pedidos/:orderId?">{() => <ShopSection section="orders" />}</Route>
        <Route path="/console/lojas/:shop/configuracoes">{() => <ShopSection section="settings" />}</Route>
        {Object.entries(MOVED_TO_PAYMENTS).map(([old, tab]) => (
          <Route key={old} path={`/console/lojas/:shop/vendas/${old}`}>
            {(params: { shop: string }) => (
              <Redirect to={`/console/lojas/${params.shop}/pagamentos/${tab}`} replace />
            )}
          </Route>
        ))}
        <Route path="/console/lojas/:shop/vendas/:tab?">{() => <ShopSection section="sales" />}</Route>
        <Route path="/console/lojas/:shop/pagamentos/:tab?">{() => <ShopSection section="payments" />}</Route>
        <Route path="/console/lojas/:shop/relatorios/:tab?">{() => <ShopSection section="reports" />}</Route>
        <Route path="/console/lojas/:shop/entrega">{() => <ShopSection section="delivery" />}</Route>
        <Route path="/console/lojas/:shop/recuperacao">{() => <ShopSection section="recovery" />}</Route>
        <Route path="/console/lojas/:shop/integracoes">{() => <ShopSection section="integrations" />}</Route>
        <Route path="/console/lojas/:shop/catalogo">{() => <ShopSection section="catalog" />}</Route>
        <Route path="/console/lojas/:shop/catalogo/produtos/:code">
          {() => <ShopSection section="product" />}
        </Route>
        <Route path="/console/lojas/:shop/produtos/:code/fotos">
          {() => <ShopSection section="photos" />}
        </Route>
        <Route>
          {() => (
            <SignedIn
              page={(me) =>
                me.shops.length === 1 ? (
                  <Redirect to={`/console/lojas/${me.shops[0]!.slug}`} replace />
                ) : (
                  <ShopPickerPage shops={me.shops} />
                )
              }
            />
          )}
        </Route>
      </Switch>
    </Suspense>
  );
}
