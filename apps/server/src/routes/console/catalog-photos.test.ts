import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  CARD_IMAGE_SIZES,
  GALLERY_IMAGE_SIZES,
  PHOTO_MAX_BYTES,
  PHOTO_WIDTHS,
} from '@vitrine/contracts/photo-urls';
import type { Db } from '../../db/client.ts';
import { firstView } from '../../flows/first-view/first-view.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { newId } from '../../lib/ids.ts';
import { createPlatformSession } from '../../modules/session/service.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { webBuild } from '../../test/web-build-kit.ts';

async function addProduct(db: Db, shopId: string, name: string) {
  const id = newId('prd');
  await db.query(
    `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ($1, $2, $3, $3, $4, 1990)`,
    [id, shopId, id.slice(-10), name],
  );
  return { id, providerId: id.slice(-10) };
}

const photo = (width: number, height: number, format: 'jpeg' | 'png', background = '#2e7d32') =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** A PNG claiming `width`×`height` with a few bytes of pixels: what a decompression bomb looks like to a reader. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEachDb('console product photos: upload, sizes, cover, delete, refusals', (ctx) => {
  it('an owner uploads photos; every size is served immutable as WebP and JPEG; the storefront shows the cover', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'fotos-a');
    const product = await addProduct(db, shop.id, 'Camiseta listrada');
    const url = `/api/console/shops/fotos-a/products/${product.providerId}/photos`;
    const upload = (bytes: Buffer, type = 'image/jpeg') =>
      asStaff(app, owner, { method: 'POST', url, payload: bytes, headers: { 'content-type': type } });

    const first = await upload(await photo(2400, 1800, 'jpeg'));
    expect(first.statusCode, first.body).toBe(201);
    const cover = first.json().data as { id: string; url: string; position: number };
    expect(cover).toMatchObject({
      position: 0,
      url: expect.stringMatching(/^\/media\/photos\/[0-9a-f]{32}-800\.jpg$/),
    });
    const second = await upload(await photo(600, 900, 'png', '#1565c0'), 'application/octet-stream');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.position).toBe(1);

    const base = cover.url.replace(/-800\.jpg$/, '');
    for (const width of PHOTO_WIDTHS) {
      for (const [ext, format] of [
        ['webp', 'webp'],
        ['jpg', 'jpeg'],
      ] as const) {
        const served = await app.inject({ url: `${base}-${width}.${ext}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format, width, height: (width * 3) / 4 });
        expect(meta.exif).toBeUndefined();
      }
    }
    expect((await app.inject({ url: `${base}-300.webp` })).statusCode).toBe(404);

    // The same file again (a retried upload) answers the photo it already is.
    const again = await upload(await photo(2400, 1800, 'jpeg'));
    expect(again.json().data.id).toBe(cover.id);
    const listed = await asStaff(app, owner, { url });
    expect(listed.json().data.photos.map((p: { id: string }) => p.id)).toEqual([
      cover.id,
      second.json().data.id,
    ]);

    const session = await createPlatformSession(db, 60_000, {
      shop: 'fotos-a',
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: 'Cliente', phone: '5511955550011' },
    });
    const storefront = () =>
      app.inject({
        url: `/api/catalog/products/${product.providerId}`,
        headers: { authorization: `Bearer ${session.code}` },
      });
    expect((await storefront()).json().data.images).toEqual([
      { url: cover.url },
      { url: second.json().data.url },
    ]);

    const reordered = await asStaff(app, owner, {
      method: 'PUT',
      url: `${url}/order`,
      payload: { ids: [second.json().data.id, cover.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await storefront()).json().data.images[0]).toEqual({ url: second.json().data.url });

    const removed = await asStaff(app, owner, { method: 'DELETE', url: `${url}/${second.json().data.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.photos).toEqual([{ ...cover, position: 0 }]);
    const removedBase = (second.json().data.url as string).replace(/-800\.jpg$/, '');
    expect((await app.inject({ url: `${removedBase}-400.webp` })).statusCode).toBe(404);
    expect((await storefront()).json().data.images).toEqual([{ url: cover.url }]);

    const audit = await db.query<{ action: string }>(
      `select action from audit_log where shop_id = $1 and action like 'photo.%' order by id`,
      [shop.id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'photo.added',
      'photo.added',
      'photo.reordered',
      'photo.deleted',
    ]);
  });

  it('refuses a text file renamed .jpg, an oversized file, a pixel bomb, a bad order and another shop’s product; nothing is stored', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'fotos-b');
    const product = await addProduct(db, shop.id, 'Caneca');
    const { shop: other } = await shopWithOwner(app, 'fotos-c');
    const foreign = await addProduct(db, other.id, 'Produto alheio');
    const url = `/api/console/shops/fotos-b/products/${product.providerId}/photos`;
    const upload = (payload: Buffer, type = 'image/jpeg', target = url) =>
      asStaff(app, owner, { method: 'POST', url: target, payload, headers: { 'content-type': type } });
    const stored = async () =>
      (
        await db.query<{ n: string }>(`select count(*)::text as n from photo_files where shop_id = $1`, [
          shop.id,
        ])
      )[0]!.n;

    const text = await upload(Buffer.from('Lista de compras: arroz, feijão, café.\n'));
    expect(expectRefusal(text, 400)).toEqual({
      code: 'photoInvalid',
      message: 'O arquivo não é uma imagem JPEG, PNG, WebP, AVIF ou GIF válida.',
    });
    const truncated = (await photo(800, 600, 'jpeg')).subarray(0, 400);
    expect(expectRefusal(await upload(truncated), 400).code).toBe('photoInvalid');
    expect(expectRefusal(await upload(Buffer.alloc(0)), 400).code).toBe('photoInvalid');

    const huge = await upload(Buffer.alloc(PHOTO_MAX_BYTES + 1));
    expect(expectRefusal(huge, 413)).toEqual({
      code: 'photoTooLarge',
      message: 'A foto é grande demais: envie arquivos de até 15 MB e 50 megapixels.',
    });
    expect(expectRefusal(await upload(pngClaiming(20_000, 20_000), 'image/png'), 413).code).toBe(
      'photoTooLarge',
    );
    expect(expectRefusal(await upload(Buffer.from('{}'), 'text/plain'), 400).code).toBe('photoInvalid');
    expect(expectRefusal(await upload(Buffer.from('{}'), 'application/json'), 400).code).toBe('photoInvalid');

    const elsewhere = await upload(
      await photo(100, 100, 'jpeg'),
      'image/jpeg',
      url.replace(product.providerId, foreign.providerId),
    );
    expect(expectRefusal(elsewhere, 404).code).toBe('productNotFound');
    const missing = `/api/console/shops/fotos-b/products/nao-existe/photos`;
    expect(expectRefusal(await asStaff(app, owner, { url: missing }), 404).code).toBe('productNotFound');
    expect(await stored()).toBe('0');

    const added = await upload(await photo(300, 300, 'jpeg'));
    const badOrders = [[newId('img')], [added.json().data.id, added.json().data.id]];
    for (const ids of badOrders) {
      const res = await asStaff(app, owner, { method: 'PUT', url: `${url}/order`, payload: { ids } });
      expect(expectRefusal(res, 400).code).toBe('photoOrderInvalid');
    }
    const notHere = await asStaff(app, owner, { method: 'DELETE', url: `${url}/${newId('img')}` });
    expect(expectRefusal(notHere, 404).code).toBe('photoNotFound');

    const agent = await inviteAndAccept(app, db, 'fotos-b', owner, 'atendente@fotos-b.example', 'agent');
    const asAgent = await asStaff(app, agent, { method: 'DELETE', url: `${url}/${added.json().data.id}` });
    expect(expectRefusal(asAgent, 403).code).toBe('consoleRoleTooLow');
    expect((await asStaff(app, owner, { url })).json().data.photos).toHaveLength(1);
  });

  it('the server’s first view offers the photo in every width, WebP then JPEG, with the card’s and gallery’s sizes', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'fotos-d');
    const product = await addProduct(db, shop.id, 'Vaso de cerâmica');
    const upload = await asStaff(app, owner, {
      method: 'POST',
      url: `/api/console/shops/fotos-d/products/${product.providerId}/photos`,
      payload: await photo(1600, 1600, 'jpeg'),
      headers: { 'content-type': 'image/jpeg' },
    });
    const base = (upload.json().data.url as string).replace(/-800\.jpg$/, '');
    const deps = {
      db,
      cache: createTtlCache<object>({ max: 10, ttlMs: 0 }),
      tokenKey: Buffer.alloc(32),
      webDir: webBuild(),
      publicUrl: 'https://loja.test',
    };
    const srcset = (ext: string) => PHOTO_WIDTHS.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');

    const page = (await firstView(deps, {
      page: 'product',
      slug: 'fotos-d',
      productId: product.providerId,
    }))!;
    expect(page.raw.toString()).toContain(
      `<picture><source type="image/webp" srcset="${srcset('webp')}" sizes="${GALLERY_IMAGE_SIZES}"><img src="${base}-800.jpg" srcset="${srcset('jpg')}" sizes="${GALLERY_IMAGE_SIZES}" alt="Vaso de cerâmica — imagem 1 de 1"`,
    );
    const catalog = (await firstView(deps, { page: 'catalog', slug: 'fotos-d' }))!;
    expect(catalog.raw.toString()).toContain(
      `<picture><source type="image/webp" srcset="${srcset('webp')}" sizes="${CARD_IMAGE_SIZES}"><img src="${base}-800.jpg" srcset="${srcset('jpg')}" sizes="${CARD_IMAGE_SIZES}" alt="Vaso de cerâmica"`,
    );
  });
});
