import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { TrayApiError, type TrayApi } from '../../adapters/tray/tray-api.ts';
import { AppError } from '../../lib/app-error.ts';
import { findLink, type LinkRow } from './link-repository.ts';
import { accessContext, refreshContext, type TokenCipher } from './token-cipher.ts';

export type AccessToken = { token: string; version: number; apiAddress: string };

export type TokenManagerOptions = {
  /** Refresh this long before Tray's expiry (default 10 min). */
  marginMs?: number;
  /** How long one instance may hold the refresh lease (default 30 s). */
  leaseMs?: number;
  /** How often an instance waiting for another's refresh re-reads the row (default 100 ms). */
  pollMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Hands out a valid Tray access token per link, refreshing it before it expires.
 * Exactly one refresh per expiry, however many callers: in this process, concurrent callers share one
 * in-flight promise; across instances, the refresh takes a lease on the link row (an UPDATE that only one
 * instance wins) and writes the new tokens only if `token_version` is still the one it read; the others
 * poll the row until the version moves. Tray rotates the refresh token, so a second refresh would fail.
 */
export class TokenManager {
  readonly owner = `tm_${randomBytes(6).toString('hex')}`;
  private readonly inflight = new Map<string, Promise<AccessToken>>();
  private readonly marginMs: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly api: TrayApi,
    private readonly cipher: TokenCipher,
    options: TokenManagerOptions = {},
  ) {
    this.marginMs = options.marginMs ?? 10 * 60_000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 100;
  }

  /**
   * A usable access token for the link. `staleVersion`: the caller's token (of that version) was refused
   * by Tray, so refresh unless a newer version already exists.
   */
  async get(linkId: string, staleVersion?: number): Promise<AccessToken> {
    const row = await this.load(linkId);
    if (staleVersion === undefined ? this.fresh(row) : row.token_version > staleVersion)
      return this.open(row);
    let pending = this.inflight.get(linkId);
    if (!pending) {
      pending = this.refresh(row).finally(() => this.inflight.delete(linkId));
      this.inflight.set(linkId, pending);
    }
    return pending;
  }

  private fresh(row: LinkRow): boolean {
    return !!row.access_expires_at && new Date(row.access_expires_at).getTime() - this.marginMs > Date.now();
  }

  private open(row: LinkRow): AccessToken {
    const token = this.cipher.open(row.access_token_enc!, accessContext(row.id));
    return { token, version: row.token_version, apiAddress: row.api_address };
  }

  private async load(linkId: string): Promise<LinkRow> {
    const row = await findLink(this.db, linkId);
    if (!row || row.status === 'replaced') throw new AppError('notFound', 'trayShopNotLinked');
    if (row.status === 'reauthorize') throw new AppError('unprocessable', 'trayReauthorize');
    return row;
  }

  private async refresh(read: LinkRow): Promise<AccessToken> {
    const version = read.token_version;
    const deadline = Date.now() + this.leaseMs * 2;
    while (Date.now() < deadline) {
      const won = await this.db.query(
        `update tray_stores set refresh_lease_owner = $2, refresh_lease_until = now() + $4::int * interval '1 millisecond'
          where id = $1 and token_version = $3 and status = 'active'
            and (refresh_lease_until is null or refresh_lease_until < now())
          returning id`,
        [read.id, this.owner, version, this.leaseMs],
      );
      if (won.length === 1) return this.refreshHoldingLease(read);
      await sleep(this.pollMs);
      const now = await this.load(read.id);
      if (now.token_version > version) return this.open(now);
    }
    throw new AppError('unavailable', 'trayUnavailable');
  }

  private async refreshHoldingLease(row: LinkRow): Promise<AccessToken> {
    const refreshToken = this.cipher.open(row.refresh_token_enc!, refreshContext(row.id));
    try {
      const tokens = await this.api.refreshTokens(row.api_address, refreshToken);
      const [saved] = await this.db.query<LinkRow>(
        `update tray_stores set access_token_enc = $3, refresh_token_enc = $4, access_expires_at = $5,
                refresh_expires_at = $6, token_version = token_version + 1, refresh_lease_owner = null,
                refresh_lease_until = null, updated_at = now()
          where id = $1 and token_version = $2 and refresh_lease_owner = $7
          returning id, token_version, api_address`,
        [
          row.id,
          row.token_version,
          this.cipher.seal(tokens.accessToken, accessContext(row.id)),
          this.cipher.seal(tokens.refreshToken, refreshContext(row.id)),
          tokens.accessExpiresAt,
          tokens.refreshExpiresAt,
          this.owner,
        ],
      );
      if (!saved) throw new AppError('unavailable', 'trayUnavailable'); // lease lost: never overwrite newer tokens
      return { token: tokens.accessToken, version: saved.token_version, apiAddress: row.api_address };
    } catch (error) {
      const refused =
        error instanceof TrayApiError && (error.kind === 'unauthorized' || error.kind === 'rejected');
      await this.db.query(
        `update tray_stores set refresh_lease_owner = null, refresh_lease_until = null,
                status = case when $3::boolean then 'reauthorize' else status end, updated_at = now()
          where id = $1 and refresh_lease_owner = $2`,
        [row.id, this.owner, refused],
      );
      if (refused) throw new AppError('unprocessable', 'trayReauthorize');
      throw error;
    }
  }
}
