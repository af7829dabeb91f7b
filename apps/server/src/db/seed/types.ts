import type { ShopSettings } from '@vitrine/contracts/shop';

/** What `shops.settings` holds: the §3 shop settings without the fields that live in columns. */
export type StoredShopSettings = Omit<ShopSettings, 'shopId' | 'slug' | 'name' | 'timeZone'>;

export interface SeedCategory {
  providerId: string;
  name: string;
  description: string | null;
  parentProviderId: string | null;
  position: number;
}

export interface SeedOption {
  providerId: string;
  name: string;
  redirectable?: boolean;
}

export interface SeedAttribute {
  providerId: string;
  name: string;
  options: SeedOption[];
}

export interface SeedVariant {
  providerId: string;
  sku: string;
  /** attribute providerId → option providerId */
  options: Record<string, string>;
  priceCents: number;
  promotionalPriceCents: number | null;
  imageUrl: string | null;
  isAvailable: boolean;
}

export interface SeedSpecification {
  name: string;
  value: string[];
}

export interface SeedSubscription {
  /** Daily 10, Weekly 20, Monthly 30, Yearly 40. */
  recurrenceType: 10 | 20 | 30 | 40;
  frequency: number;
}

export interface SeedProduct {
  providerId: string;
  sku: string;
  name: string;
  description: string | null;
  brandName: string | null;
  sellerName: string | null;
  categoryProviderId: string;
  priceCents: number;
  promotionalPriceCents: number | null;
  isActive: boolean;
  isRestrictedSale: boolean;
  shippingRestrictionMessage: string | null;
  kilo: { amountInKilo: number; kilogramPriceCents: number } | null;
  clusterHighlights: string[];
  offerDescription: string | null;
  ranking: number;
  images: string[];
  attributes: SeedAttribute[];
  variants: SeedVariant[];
  specifications: SeedSpecification[];
  subscriptions: SeedSubscription[];
}

export interface SeedCollection {
  providerId: string;
  name: string;
  productProviderIds: string[];
}

/** A shop's header row: everything in `shops` but the id. */
export interface SeedShopHeader {
  slug: string;
  name: string;
  settings: StoredShopSettings;
  minOrderValueCents: number | null;
  maxDistinctItems: number | null;
  maxItems: number | null;
}

export interface SeedShop extends SeedShopHeader {
  categories: SeedCategory[];
  products: SeedProduct[];
  collections: SeedCollection[];
}

export interface SeededShop {
  id: string;
  slug: string;
  name: string;
  /** False when the slug already existed and nothing was written. */
  created: boolean;
}
