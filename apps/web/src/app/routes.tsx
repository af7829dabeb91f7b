/**
 * Every route of spec §2 in one table: path, whether it needs the session, top-bar options, page.
 * Every page is a lazy chunk; a route's `preload` starts its download while the session loads, so the
 * catalogue (first route) costs no extra wait and the entry stays small for every other route.
 * `<RequireSession>` renders the page only once its chunk is there, so the page mounts without suspending:
 * a Suspense reveal would be held back by React's fallback throttle (300 ms after the skeleton showed),
 * which was the largest single wait before the first cards painted (docs/decisions/0013).
 */
import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import type { TopBarOptions } from './top-bar';
import { OptionalSession, RequireSession, useSessionSettled, type PagePreload } from './session-gate';

/** required: bootstrap first, invalid → /invalid-session · optional: load if a code exists · none. */
export type SessionMode = 'required' | 'optional' | 'none';

type Params = Record<string, string | undefined>;

export interface AppRoute {
  /** wouter pattern; undefined = fallback (any other path). */
  path?: string;
  session: SessionMode;
  topBar?: TopBarOptions;
  render: (params: Params) => ReactNode;
  /** Starts downloading the page chunk while the session loads. */
  preload?: PagePreload;
}

/**
 * A page chunk loaded on first use, plus `preload` (the same download, started early). Once the chunk is there
 * the page renders its component directly: no Suspense fallback, no reveal delay.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const download = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a failed chunk may be retried (error boundary, next navigation)
        throw error;
      },
    ));
  const preload: PagePreload = Object.assign(download, { isLoaded: () => loaded !== undefined });
  const Lazy = lazy(async () => ({ default: await download() }));
  function Page(props: P) {
    // Chosen once per mount, so a page never swaps its component type (and state) under the user.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

const load = {
  catalog: () => import('../features/catalog/components/catalog-page').then((m) => m.CatalogPage),
  product: () => import('../features/product/components/product-page').then((m) => m.ProductPage),
  cart: () => import('../features/cart/components/cart-page').then((m) => m.CartPage),
  payment: () => import('../features/payment/components/payment-page').then((m) => m.PaymentPage),
  checkout: () => import('../features/checkout/components/checkout-page').then((m) => m.CheckoutPage),
  recaptcha: () => import('../features/payment/components/recaptcha-page').then((m) => m.RecaptchaPage),
  finish: () => import('../features/pages/components/finish-page').then((m) => m.FinishPage),
  changePayment: () =>
    import('../features/pages/components/change-payment-page').then((m) => m.ChangePaymentPage),
  confirm: () => import('../features/pages/components/confirm-page').then((m) => m.ConfirmPage),
  invalidSession: () =>
    import('../features/pages/components/invalid-session-page').then((m) => m.InvalidSessionPage),
  notFound: () => import('../features/pages/components/not-found-page').then((m) => m.NotFoundPage),
  trayRegister: () =>
    import('../features/tray/components/tray-register-page').then((m) => m.TrayRegisterPage),
  // In the register page's chunk, as the placed order's delivery is in the checkout's: a chunk less in the first
  // route's preload map.
  trayCallback: () =>
    import('../features/tray/components/tray-register-page').then((m) => m.TrayCallbackPage),
  devInbox: () => import('../features/inbox/components/inbox-page').then((m) => m.InboxPage),
  orderEdit: () => import('../features/order-edit/components/order-edit-page').then((m) => m.OrderEditPage),
  // In the checkout page's chunk (it reuses the checkout's parts): a chunk less in the first route's preload map,
  // whose every byte counts against the 90 KB budget.
  placedDelivery: () =>
    import('../features/checkout/components/checkout-page').then((m) => m.PlacedDeliveryPage),
};

const CatalogPage = lazyPage(load.catalog);
const ProductPage = lazyPage(load.product);
const CartPage = lazyPage(load.cart);
const PaymentPage = lazyPage(load.payment);
const CheckoutPage = lazyPage(load.checkout);
const RecaptchaPage = lazyPage(load.recaptcha);
const FinishPage = lazyPage(load.finish);
const ChangePaymentPage = lazyPage(load.changePayment);
const ConfirmPage = lazyPage(load.confirm);
const InvalidSessionPage = lazyPage(load.invalidSession);
const NotFoundPage = lazyPage(load.notFound);
const TrayRegisterPage = lazyPage(load.trayRegister);
const TrayCallbackPage = lazyPage(load.trayCallback);
const InboxPage = lazyPage(load.devInbox);
const OrderEditPage = lazyPage(load.orderEdit);
const PlacedDeliveryPage = lazyPage(load.placedDelivery);

/** /finish decides its toast once the optional session load has settled. */
function FinishRoute() {
  return <FinishPage settled={useSessionSettled()} />;
}

const NO_BACK_NO_CART: TopBarOptions = { hideBack: true, hideCart: true };
const NO_CART: TopBarOptions = { hideCart: true };

/** Order matters: the first match wins, the entry without path is the fallback. */
export const ROUTES: AppRoute[] = [
  // Keep the query (?shop=) and the hash (session code) through the redirect.
  {
    path: '/',
    session: 'none',
    render: () => <Redirect to={`/catalog${window.location.search}${window.location.hash}`} replace />,
  },
  { path: '/catalog', session: 'required', preload: CatalogPage.preload, render: () => <CatalogPage /> },
  {
    path: '/products-found',
    session: 'required',
    preload: CatalogPage.preload,
    render: () => <CatalogPage suggested />,
  },
  {
    path: '/product/:id',
    session: 'required',
    preload: ProductPage.preload,
    render: (params) => <ProductPage id={params.id ?? ''} />,
  },
  { path: '/order', session: 'required', preload: CartPage.preload, render: () => <CartPage /> },
  {
    path: '/order/payment',
    session: 'required',
    preload: PaymentPage.preload,
    topBar: NO_BACK_NO_CART,
    render: () => <PaymentPage />,
  },
  {
    path: '/order/edit/:id',
    session: 'required',
    preload: OrderEditPage.preload,
    topBar: NO_CART,
    render: (params) => <OrderEditPage id={params.id ?? ''} />,
  },
  {
    path: '/order/delivery/:id',
    session: 'required',
    preload: PlacedDeliveryPage.preload,
    topBar: NO_CART,
    render: (params) => <PlacedDeliveryPage orderId={params.id ?? ''} />,
  },
  {
    path: '/order/checkout',
    session: 'required',
    preload: CheckoutPage.preload,
    render: () => <CheckoutPage />,
  },
  { path: '/finish', session: 'optional', render: () => <FinishRoute /> },
  { path: '/change-payment', session: 'optional', render: () => <ChangePaymentPage /> },
  { path: '/confirm', session: 'optional', render: () => <ConfirmPage /> },
  { path: '/recaptcha', session: 'none', render: () => <RecaptchaPage /> },
  {
    path: '/invalid-session',
    session: 'none',
    topBar: NO_BACK_NO_CART,
    render: () => <InvalidSessionPage />,
  },
  { path: '/tray/register', session: 'none', topBar: NO_BACK_NO_CART, render: () => <TrayRegisterPage /> },
  {
    path: '/tray/register/callback',
    session: 'none',
    topBar: NO_BACK_NO_CART,
    render: () => <TrayCallbackPage />,
  },
  { path: '/dev/inbox', session: 'none', topBar: NO_BACK_NO_CART, render: () => <InboxPage /> },
  { session: 'required', preload: NotFoundPage.preload, render: () => <NotFoundPage /> },
];

function RouteView({ route, params }: { route: AppRoute; params: Params }) {
  const page = route.render(params);
  if (route.session === 'required') return <RequireSession preload={route.preload}>{page}</RequireSession>;
  if (route.session === 'optional') return <OptionalSession>{page}</OptionalSession>;
  return page;
}

/** The route that matches the current path (the fallback when none does). */
export function useActiveRoute(): AppRoute {
  const [location] = useLocation();
  const { parser } = useRouter();
  return ROUTES.find((route) => !route.path || matchRoute(parser, route.path, location)[0]) ?? ROUTES.at(-1)!;
}

/** Renders the page of the current path. */
export function AppRoutes() {
  return (
    <Switch>
      {ROUTES.map((route) => (
        <Route key={route.path ?? '*'} path={route.path}>
          {(params: Params) => <RouteView route={route} params={params} />}
        </Route>
      ))}
    </Switch>
  );
}
