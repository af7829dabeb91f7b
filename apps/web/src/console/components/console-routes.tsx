/** The console's pages: signed-out screens, the shop picker and the sections of a shop. */
import type { ReactNode } from 'react';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { useMe } from '../api/session';
import { AcceptInvitationPage } from './accept-invitation-page';
import { AuditPage } from './audit-page';
import { AuthCard } from './auth-card';
import { ConsoleLayout } from './console-layout';
import { ForgotPasswordPage } from './forgot-password-page';
import { LinkSignInPage } from './link-sign-in-page';
import { MailboxPage } from './mailbox-page';
import { OrdersPage } from './orders-page';
import { LoadError, Loading } from './page-state';
import { ResetPasswordPage } from './reset-password-page';
import { SettingsPage } from './settings-page';
import { ShopHomePage } from './shop-home-page';
import { ShopPickerPage } from './shop-picker-page';
import { SignInPage } from './sign-in-page';
import { TeamPage } from './team-page';

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

type Section = 'home' | 'team' | 'audit' | 'orders' | 'settings';

function ShopSection({ section }: { section: Section }) {
  const { shop: slug = '', orderId } = useParams<{ shop: string; orderId?: string }>();
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
            {section === 'home' && <ShopHomePage shop={slug} />}
            {section === 'team' && <TeamPage shop={slug} />}
            {section === 'audit' && <AuditPage shop={slug} />}
            {section === 'orders' && <OrdersPage shop={slug} orderId={orderId} />}
            {section === 'settings' && <SettingsPage shop={slug} />}
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

export function ConsoleRoutes() {
  return (
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
      <Route path="/console/lojas/:shop/pedidos/:orderId?">{() => <ShopSection section="orders" />}</Route>
      <Route path="/console/lojas/:shop/configuracoes">{() => <ShopSection section="settings" />}</Route>
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
  );
}
