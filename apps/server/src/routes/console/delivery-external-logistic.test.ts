import { expect, it } from 'vitest';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

type AuditRow = { action: string; detail: { fields?: string[]; changes?: unknown[] } };

describeEachDb('console Entrega › logística externa: one setting with Configurações, audited', (ctx) => {
  it('a manager switches it on in Entrega; Configurações reads it; switching it off there is audited too', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'logext-a');
    const manager = await inviteAndAccept(app, db, 'logext-a', owner, 'gerente@logext-a.example', 'manager');
    const url = '/api/console/shops/logext-a/delivery/external-logistic';
    const settingsUrl = '/api/console/shops/logext-a/settings';
    expect((await asStaff(app, manager, { url })).json().data).toEqual({ externalLogistic: false });

    const on = await asStaff(app, manager, { method: 'PUT', url, payload: { externalLogistic: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ externalLogistic: true });
    const settings = (await asStaff(app, owner, { url: settingsUrl })).json().data;
    expect(settings.settings.externalLogistic).toBe(true);
    // Saving the same value again writes no audit row.
    await asStaff(app, manager, { method: 'PUT', url, payload: { externalLogistic: true } });

    const off = await asStaff(app, owner, {
      method: 'PUT',
      url: settingsUrl,
      payload: { settings: { ...settings.settings, externalLogistic: false }, limits: settings.limits },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await asStaff(app, owner, { url })).json().data).toEqual({ externalLogistic: false });

    const audit = await db.query<AuditRow>(
      "select action, detail from audit_log where shop_id = $1 and action = 'settings.changed' order by created_at, id",
      [shop.id],
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]!.detail).toEqual({
      fields: ['externalLogistic'],
      changes: [{ label: 'Logística externa', before: 'desligada', after: 'ligada' }],
    });
    expect(audit[1]!.detail.fields).toEqual(['externalLogistic']);
    expect(audit[1]!.detail.changes).toEqual([
      { label: 'Logística externa', before: 'ligada', after: 'desligada' },
    ]);
  });

  it('refuses a bad body in pt-BR, an agent (403), another shop’s owner and a write without CSRF', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'logext-b');
    const agent = await inviteAndAccept(app, db, 'logext-b', owner, 'agente@logext-b.example', 'agent');
    const { owner: stranger } = await shopWithOwner(app, 'logext-c');
    const url = '/api/console/shops/logext-b/delivery/external-logistic';
    const bad = await asStaff(app, owner, { method: 'PUT', url, payload: { externalLogistic: 'sim' } });
    expect(expectRefusal(bad, 400).message).toContain('Informe se a logística é externa');
    expectRefusal(await asStaff(app, owner, { method: 'PUT', url, payload: {} }), 400);
    expectRefusal(await asStaff(app, agent, { url }), 403);
    expectRefusal(
      await asStaff(app, agent, { method: 'PUT', url, payload: { externalLogistic: true } }),
      403,
    );
    const foreign = await asStaff(app, stranger, { method: 'PUT', url, payload: { externalLogistic: true } });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(403);
    const payload = { externalLogistic: true };
    expectRefusal(await asStaff(app, owner, { method: 'PUT', url, payload, csrf: false }), 403);
    expect((await asStaff(app, owner, { url })).json().data).toEqual({ externalLogistic: false });
  });
});
